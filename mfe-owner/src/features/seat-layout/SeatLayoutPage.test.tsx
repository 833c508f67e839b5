import { currentPath, expectPath, fakeApi, json, type Routes } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seat, seatMap, show } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function seatApi(routes: Routes = {}) {
  return fakeApi({
    'GET shows/5/': () => json(200, show({ id: 5 })),
    'GET shows/5/seats/': () => json(200, seatMap({ A5: 'asha', B2: 'vikram' })),
    ...routes,
  });
}

const seatButton = (name: string) => screen.getByRole('button', { name });

describe('SeatLayoutPage', () => {
  it('shows the show, the screen, labelled rows and every seat', async () => {
    const api = seatApi();
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    expect(screen.getByRole('heading', { level: 1, name: 'Seat Layout' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Seat A1, available' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dune' })).toBeVisible();
    expect(screen.getByText('PVR Forum')).toBeVisible();
    expect(screen.getByText('Screen')).toBeVisible();
    expect(screen.getByText('2 of 10 booked')).toBeVisible();
    const rowA = screen.getByRole('row', { name: 'Row A' });
    expect(within(rowA).getAllByRole('button')).toHaveLength(5);
    expect(screen.getByRole('row', { name: 'Row B' })).toBeVisible();
    // Free seats show their label.
    expect(seatButton('Seat A1, available')).toHaveTextContent('A1');
    expect(seatButton('Seat A1, available')).not.toHaveAttribute('title');
    // One read of each; changes then come as seat events (SeatLayoutPage.live.test.tsx).
    expect(api.callsTo('GET shows/5/')).toHaveLength(1);
    expect(api.callsTo('GET shows/5/seats/')).toHaveLength(1);
  });

  it('tells who booked a seat, in a tooltip and to assistive technology', async () => {
    seatApi();
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    const booked = await screen.findByRole('button', { name: 'Seat A5, booked by asha' });
    expect(booked).toHaveAttribute('title', 'Booked by: asha');
    expect(booked).toHaveAccessibleDescription('Booked by: asha');
    expect(booked).toHaveTextContent('✕');
    expect(seatButton('Seat B2, booked by vikram')).toHaveAttribute('title', 'Booked by: vikram');
  });

  it('is one Tab stop; arrow keys move between seats and show who booked the one in focus', async () => {
    seatApi();
    const { user } = renderApp('/owner/seatlayout', { state: { showId: 5 } });
    await screen.findByRole('button', { name: 'Seat A1, available' });

    await user.tab(); // Back
    await user.tab();
    expect(seatButton('Seat A1, available')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(seatButton('Seat A5, booked by asha')).toHaveFocus();
    expect(screen.getByText('A5: Booked by: asha')).toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(seatButton('Seat B5, available')).toHaveFocus();

    // Clicking changes nothing: the map is read-only.
    await user.click(seatButton('Seat B5, available'));
    expect(seatButton('Seat B5, available')).toBeVisible();
    expect(currentPath()).toBe('/owner/seatlayout');
  });

  it('has a legend Available / Booked with a mark beyond colour', async () => {
    seatApi();
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    const legend = await screen.findByRole('list', { name: 'Seat legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A1Available', '✕Booked']);
  });

  it('marks seats being paid for as held, and adds Held to the legend', async () => {
    seatApi({
      'GET shows/5/seats/': () => json(200, [seat('A1'), seat('A2', null, 'held')]),
    });
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    expect(await screen.findByRole('button', { name: 'Seat A2, held' })).toHaveTextContent('◐');
    expect(screen.getByRole('list', { name: 'Seat legend' })).toHaveTextContent('Held');
  });

  it('marks a ticket shown twice at the door: an alert on the seat, in its name, the legend and a line above the map', async () => {
    seatApi({
      'GET shows/5/seats/': () =>
        json(200, [
          seat('A1'),
          { ...seat('A2', 'asha'), checked_in: true, duplicate: true },
          { ...seat('A3', 'vikram'), checked_in: true, duplicate: false },
        ]),
    });
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    const twice = await screen.findByRole('button', {
      name: 'Seat A2, booked by asha, checked in, shown twice at the door',
    });
    expect(twice).toHaveTextContent('!');
    expect(twice.className).toMatch(/duplicate/);
    expect(twice).toHaveAttribute(
      'title',
      'Booked by: asha · checked in · shown twice at the door',
    );
    const once = seatButton('Seat A3, booked by vikram, checked in');
    expect(once).toHaveTextContent('✓');
    expect(once.className).not.toMatch(/duplicate/);
    expect(
      within(screen.getByRole('list', { name: 'Seat legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A1Available', '✕Booked', '✓Checked in', '!Shown twice at the door']);
    expect(screen.getByText(/Shown twice at the door: A2\./)).toBeVisible();
  });

  it('reads the show from ?show= when there is no navigation state', async () => {
    seatApi();
    renderApp('/owner/seatlayout?show=5');

    expect(await screen.findByRole('button', { name: 'Seat A5, booked by asha' })).toBeVisible();
  });

  it('prefers the navigation state over ?show=', async () => {
    const api = seatApi();
    renderApp('/owner/seatlayout?show=9', { state: { showId: 5 } });

    expect(await screen.findByRole('button', { name: 'Seat A1, available' })).toBeVisible();
    expect(api.calls.some((call) => call.path.startsWith('shows/9/'))).toBe(false);
  });

  it('without a show, points to the shows', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/owner/seatlayout');

    expect(screen.getByText('Choose a show to see its seats.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Go to Shows' }));
    await expectPath('/owner/shows');
    expect(api.calls.every((call) => call.path.startsWith('shows/?'))).toBe(true);
  });

  it('says Failed to load seats when the seats cannot be loaded', async () => {
    seatApi({ 'GET shows/5/seats/': () => json(500, {}) });
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    expect(await screen.findByText('Failed to load seats')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('says so when the show is not the owner’s or does not exist', async () => {
    seatApi({
      'GET shows/5/': () => json(404, { detail: 'Not found.' }),
      'GET shows/5/seats/': () => json(404, { detail: 'Not found.' }),
    });
    renderApp('/owner/seatlayout', { state: { showId: 5 } });

    expect(await screen.findByText(/This show was not found/)).toBeVisible();
  });

  it('Back returns to where the owner came from', async () => {
    seatApi();
    const { user } = renderApp('/owner/seatlayout', {
      state: { showId: 5 },
      history: ['/owner/dashboard'],
    });

    await user.click(screen.getByRole('button', { name: 'Back' }));

    await expectPath('/owner/dashboard');
  });

  it('Back goes to the shows when the page was opened directly', async () => {
    seatApi({ 'GET shows/?page=1&page_size=20': () => json(200, { results: [], count: 0 }) });
    const { user } = renderApp('/owner/seatlayout?show=5');

    await user.click(screen.getByRole('button', { name: 'Back' }));

    await expectPath('/owner/shows');
  });
});
