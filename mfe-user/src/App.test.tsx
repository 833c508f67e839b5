import { expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test/renderApp';

describe('App', () => {
  it('shows the 404 page for an unknown /user/ path', async () => {
    fakeApi({});
    const { user } = renderApp('/user/nowhere');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found...' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await expectPath('/');
  });

  it('sends /user to the dashboard', async () => {
    fakeApi({ 'GET theaters/': () => json(200, []) });
    renderApp('/user');

    await expectPath('/user/dashboard');
    expect(await screen.findByText('No theaters found.')).toBeVisible();
  });
});
