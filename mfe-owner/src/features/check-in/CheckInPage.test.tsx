import { currentSearch, json } from '@cinema/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { loginAs } from '../../test/session';
import {
  CODE,
  counts,
  doorApi,
  doorShow,
  freshIndexedDb,
  HOUR,
  loadDoorScreen,
  offlineData,
  ticket,
  verdictRegion,
} from './doorTestKit';

// The door's tests walk whole visits (IndexedDB, signatures, typing a code key by key): the
// first took 13 of the project's 15 s under CI's load (mfe-owner/vitest.config.ts).
vi.setConfig({ testTimeout: 30_000 });
beforeAll(loadDoorScreen, 60_000);

beforeEach(() => {
  freshIndexedDb();
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'BarcodeDetector');
});

describe('CheckInPage', () => {
  it('typing a code admits the ticket: green, seat and holder, and the count goes up; again: red, already checked in', async () => {
    let admittedOnce = false;
    const api = doorApi(await offlineData(), {
      'GET tickets/check-in/shows/': () =>
        json(200, [
          // Over already: not the one the door opens with.
          doorShow({
            id: 4,
            start_time: '10:00',
            ends_at: new Date(Date.now() - HOUR).toISOString(),
          }),
          doorShow(),
          doorShow({ id: 6, start_time: '21:15', sold: 0, checked_in: 0 }),
        ]),
      'POST tickets/check-in/': () => {
        if (!admittedOnce) {
          admittedOnce = true;
          return json(200, { ticket, checked_in_at: ticket.checked_in_at, counts: counts(2) });
        }
        return json(409, {
          detail: 'Already checked in at 17:40.',
          error: 'Already checked in at 17:40.',
          code: 'already_checked_in',
          checked_in_at: ticket.checked_in_at,
          ticket,
          counts: counts(2),
        });
      },
    });
    const { user } = renderApp('/owner/checkin');

    expect(screen.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    const show = await screen.findByLabelText('Show');
    expect(show).toHaveDisplayValue('18:00 · Jawan · PVR Phoenix');
    expect(
      within(show)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '10:00 · Jawan · PVR Phoenix',
      '18:00 · Jawan · PVR Phoenix',
      '21:15 · Jawan · PVR Phoenix',
    ]);
    expect(screen.getByText(/Admitted/)).toHaveTextContent('Admitted 1 / 3 sold');

    const field = screen.getByLabelText('Ticket code');
    await user.type(field, ` ${CODE} `);
    await user.click(screen.getByRole('button', { name: 'Check in' }));

    const status = verdictRegion();
    await waitFor(() => expect(status).toHaveTextContent('Admitted: seat C7 · demo_customer'));
    expect(api.callsTo('POST tickets/check-in/')[0]?.body).toEqual({
      code: CODE,
      show_id: 5,
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      device_name: 'Door 1',
    });
    expect(screen.getByText(/sold$/)).toHaveTextContent('Admitted 2 / 3 sold');
    // Ready for the next one.
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();

    await user.type(field, `${CODE}{Enter}`);
    await waitFor(() => expect(status).toHaveTextContent('Not admitted: seat C7 · demo_customer'));
    expect(status).toHaveTextContent('Already checked in at 17:40.');
    expect(status.firstElementChild?.className).toMatch(/refused/);
  });

  it.each([
    [
      404,
      { detail: 'Unknown ticket code.', code: 'ticket_not_found' },
      'Not admitted',
      'Unknown ticket code.',
    ],
    [
      409,
      { detail: 'This ticket was cancelled.', code: 'ticket_cancelled', ticket, counts: counts(1) },
      'Not admitted: seat C7 · demo_customer',
      'This ticket was cancelled.',
    ],
    [
      409,
      {
        detail: 'This ticket is for another show: Jawan · Mon, 02 Mar 2026 · 21:15.',
        code: 'wrong_show',
        ticket,
        counts: counts(1),
      },
      'Not admitted',
      'This ticket is for another show: Jawan · Mon, 02 Mar 2026 · 21:15.',
    ],
    [
      409,
      {
        detail: 'This ticket is for another theater: INOX (Leo · Mon, 02 Mar 2026 · 18:00).',
        code: 'wrong_theater',
        ticket,
        counts: counts(1),
      },
      'Not admitted',
      'This ticket is for another theater',
    ],
    [
      409,
      {
        detail: 'Too early: check-in opens at 17:00, 60 minutes before the show.',
        code: 'too_early',
        ticket,
        counts: counts(1),
      },
      'Not admitted',
      'Too early: check-in opens at 17:00',
    ],
    [
      400,
      {
        detail: 'Code contains characters that are not allowed.',
        code: 'validation_error',
        fields: { code: 'Code contains characters that are not allowed.' },
      },
      'Not admitted',
      'Code contains characters that are not allowed.',
    ],
    [
      500,
      { detail: 'Internal server error', code: 'internal' },
      'Not checked',
      'Check-in failed. Please try again.',
    ],
  ] as const)('a %i answer (%o) is red with its reason', async (status, body, headline, reason) => {
    doorApi(await offlineData(), {
      'POST tickets/check-in/': () => json(status, { ...body, error: body.detail }),
    });
    const { user } = renderApp('/owner/checkin');
    await user.type(await screen.findByLabelText('Ticket code'), `${CODE}{Enter}`);
    const verdict = verdictRegion();
    await waitFor(() => expect(verdict).toHaveTextContent(headline));
    expect(verdict).toHaveTextContent(reason);
    expect(verdict).not.toHaveTextContent('Admitted:');
  });

  it('the chosen show is kept in the URL; a show not yet open says when check-in opens', async () => {
    doorApi(await offlineData(), {
      'GET tickets/check-in/shows/': () =>
        json(200, [
          doorShow(),
          doorShow({
            id: 6,
            start_time: '21:15',
            opens_at: new Date(Date.now() + 2 * HOUR).toISOString(),
            opens_time: '20:15',
          }),
        ]),
    });
    const { user } = renderApp('/owner/checkin');
    await user.selectOptions(await screen.findByLabelText('Show'), '6');
    expect(currentSearch()).toBe('?show=6');
    expect(screen.getByText('Check-in opens at 20:15.')).toBeVisible();
  });

  it('says so when there are no shows today', async () => {
    doorApi(await offlineData(), { 'GET tickets/check-in/shows/': () => json(200, []) });
    renderApp('/owner/checkin');
    expect(await screen.findByText('No shows today in your theaters.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Show' })).toHaveAttribute(
      'href',
      '/owner/add-show',
    );
  });

  it('tells door staff there are no shows without offering to add one', async () => {
    loginAs('door', 9);
    doorApi(await offlineData(), { 'GET tickets/check-in/shows/': () => json(200, []) });
    renderApp('/owner/checkin');
    expect(await screen.findByText('No shows today in your theaters.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add Show' })).toBeNull();
  });

  it('without a camera in the browser, it says to type the code', async () => {
    doorApi(await offlineData());
    renderApp('/owner/checkin');
    expect(
      await screen.findByText('This browser cannot use a camera here. Type the code instead.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull();
  });

  it('scans with the camera through BarcodeDetector: a code held in view checks in once', async () => {
    const seen: string[] = [];
    class FakeDetector {
      constructor(options: { formats: string[] }) {
        seen.push(...options.formats);
      }
      detect = async () => [{ rawValue: CODE }];
    }
    Object.assign(globalThis, { BarcodeDetector: FakeDetector });
    const stop = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const api = doorApi(await offlineData(), {
      'POST tickets/check-in/': () =>
        json(200, { ticket, checked_in_at: ticket.checked_in_at, counts: counts(2) }),
    });
    const { user } = renderApp('/owner/checkin');

    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }));
    expect(screen.getByLabelText(/Camera view/)).toBeVisible();
    await waitFor(() =>
      expect(verdictRegion()).toHaveTextContent('Admitted: seat C7 · demo_customer'),
    );
    expect(seen).toEqual(['qr_code']);
    // The detector keeps seeing the same code for a while: still one check-in.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(api.callsTo('POST tickets/check-in/')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(stop).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
});
