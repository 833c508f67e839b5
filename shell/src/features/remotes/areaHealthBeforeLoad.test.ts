import type { HealthBeacon, HealthSample } from '../../lib/releases/healthBeacon';

// What happens to health samples before the reporter has loaded (it loads once the page has
// settled): they wait and reach it when it loads, or leave with the page in a beacon of their own.

const { reported, tickets } = vi.hoisted(() => ({
  reported: [] as string[],
  tickets: new Map<string, string>(),
}));
vi.mock('web-vitals', () => ({ onLCP: () => {}, onINP: () => {}, onCLS: () => {} }));
vi.mock('../../lib/releases/health', () => ({
  healthReporter: () => ({
    record: (remote: string, version: string, sample: HealthSample) =>
      reported.push(`${remote}@${version} ${sample.kind} ${sample.route}`),
  }),
}));
vi.mock('../../lib/releases/manifest', () => ({
  ticketOnHand: (remote: string, version: string) => tickets.get(`${remote}@${version}`) ?? null,
}));

async function freshAreaHealth() {
  vi.resetModules();
  const module = await import('./areaHealth');
  module.resetAreaHealth();
  return module;
}

async function beaconsSent(send: { mock: { calls: [string, Blob][] } }) {
  return Promise.all(
    send.mock.calls.map(async ([url, body]) => ({
      url,
      body: JSON.parse(await body.text()) as HealthBeacon,
    })),
  );
}

describe('health samples before the reporter has loaded', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/user/shows/42/seats');
    reported.length = 0;
    tickets.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('leave with a page left early, one beacon per release with the ticket on hand', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    tickets.set('user@1.1.0-bbbb', 'ticket-user');
    const { areaShown, areaLoadFailed } = await freshAreaHealth();
    areaShown('user', '1.1.0-bbbb');
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    // No ticket on hand for this one: its samples cannot be sent (the API would refuse them).
    areaLoadFailed('admin', '3.0.0-dddd');
    window.dispatchEvent(new Event('pagehide'));

    const sent = await beaconsSent(sendBeacon);
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/api\/releases\/health\/$/),
        body: {
          remote: 'user',
          version: '1.1.0-bbbb',
          ticket: 'ticket-user',
          samples: [
            { kind: 'view', route: '/user/shows/:id/seats' },
            { kind: 'error', route: '/user/shows/:id/seats' },
          ],
        },
      },
    ]);
    // Sent once: a second pagehide finds nothing waiting.
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('reach the reporter when it loads, and later samples go straight to it', {
    timeout: 10_000,
  }, async () => {
    const { areaShown, areaRenderFailed } = await freshAreaHealth();
    areaShown('owner', '2.0.0-cccc');
    expect(reported).toEqual([]);
    // Loaded a while after the page went idle (jsdom has no requestIdleCallback: 1 s more).
    await vi.waitFor(() => expect(reported).toHaveLength(1), { timeout: 6000 });
    areaRenderFailed('owner', '2.0.0-cccc');
    expect(reported).toEqual([
      'owner@2.0.0-cccc view /user/shows/:id/seats',
      'owner@2.0.0-cccc error /user/shows/:id/seats',
    ]);
  });
});
