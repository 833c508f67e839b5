import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { rowWith } from '../../test/lists';
import { renderApp } from '../../test/renderApp';
import type { EmailQueueFigures } from './api/getEmailQueue';
import { formatWait } from './EmailQueuePanel';

const QUEUE = 'GET admin/email-queue/';

function figures(overrides: Partial<EmailQueueFigures> = {}): EmailQueueFigures {
  return {
    pending: 3,
    retrying: 2,
    failed: 1,
    sent_last_day: 1250,
    oldest_pending_at: '2026-11-27T00:10:00.000Z',
    oldest_pending_seconds: 95,
    recent_failures: [
      {
        id: 7,
        kind: 'confirmation',
        recipient: 'asha@example.com',
        attempts: 104,
        created_at: '2026-11-26T00:00:00.000Z',
        last_error: 'MailError: Resend refused the email: application_error',
      },
    ],
    ...overrides,
  };
}

/** The value the facts list gives for `label`. */
function fact(label: string): string {
  const term = screen.getByText(label);
  return term.nextElementSibling?.textContent ?? '';
}

describe('EmailQueuePanel', () => {
  it('shows how many emails wait, the oldest wait, and the given-up ones with their error', async () => {
    fakeApi({ [QUEUE]: () => json(200, figures()) });
    renderApp('/admin/adminpanel?tab=emails');

    expect(await screen.findByText('Waiting to be sent')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Emails' })).toBeVisible();
    expect(fact('Waiting to be sent')).toBe('3');
    expect(fact('Oldest waiting for')).toBe('1 min 35 s');
    expect(fact('Failing, being retried')).toBe('2');
    expect(fact('Given up')).toBe('1');
    expect(fact('Sent in the last 24 hours')).toBe('1,250');
    const row = rowWith('Emails given up', 'asha@example.com');
    expect(row).toHaveTextContent('Booking confirmation');
    expect(row).toHaveTextContent('104');
    expect(row).toHaveTextContent(formatDateTime('2026-11-26T00:00:00.000Z'));
    expect(within(row).getByText(/Resend refused the email/)).toBeVisible();
  });

  it('says when nothing waits and nothing was given up', async () => {
    fakeApi({
      [QUEUE]: () =>
        json(
          200,
          figures({
            pending: 0,
            retrying: 0,
            failed: 0,
            oldest_pending_at: null,
            oldest_pending_seconds: null,
            recent_failures: [],
          }),
        ),
    });
    renderApp('/admin/adminpanel?tab=emails');
    expect(await screen.findByText('No email was given up.')).toBeVisible();
    expect(fact('Oldest waiting for')).toBe('—');
  });

  it('shows a clear error with a retry when the figures cannot be loaded', async () => {
    let calls = 0;
    fakeApi({
      [QUEUE]: () => (++calls === 1 ? json(500, { detail: 'boom' }) : json(200, figures())),
    });
    const { user } = renderApp('/admin/adminpanel?tab=emails');
    expect(await screen.findByText('The email queue could not be loaded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Waiting to be sent')).toBeVisible();
  });

  it('writes waits in seconds, minutes and hours', () => {
    expect(formatWait(42)).toBe('42 s');
    expect(formatWait(95)).toBe('1 min 35 s');
    expect(formatWait(7260)).toBe('2 h 1 min');
  });
});
