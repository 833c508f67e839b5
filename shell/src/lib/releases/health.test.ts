import {
  createHealthReporter,
  HEALTH_MAX_QUEUED,
  type HealthReporterOptions,
  healthSample,
} from './health';
import { HEALTH_BATCH_SIZE, type HealthBeacon } from './healthBeacon';

type Sent = { url: string; type: string; body: HealthBeacon };

/** A reporter whose beacons are kept, with tickets `t-<remote>-<version>` unless told. */
function reporter(options: HealthReporterOptions = {}) {
  const sent: Promise<Sent>[] = [];
  const created = createHealthReporter({
    ticketFor: async (remote, version) => `t-${remote}-${version}`,
    ticketOnHand: (remote, version) => `t-${remote}-${version}`,
    url: () => 'http://api.test/api/releases/health/',
    send: (url, body) =>
      sent.push(body.text().then((text) => ({ url, type: body.type, body: JSON.parse(text) }))),
    ...options,
  });
  return { reporter: created, sent: () => Promise.all(sent) };
}

const view = { kind: 'view', route: '/user/theaters' } as const;

describe('health samples', () => {
  it('keep a vital as a whole number of ms, CLS to four decimals, within 0..60000', () => {
    expect(healthSample('lcp', 1234.56, '/user/theaters')).toEqual({
      kind: 'lcp',
      value: 1235,
      route: '/user/theaters',
    });
    expect(healthSample('cls', 0.123456)).toEqual({ kind: 'cls', value: 0.1235 });
    expect(healthSample('inp', 90_000)).toEqual({ kind: 'inp', value: 60_000 });
  });

  it('drop a vital without a finite, non-negative value; views and errors carry none', () => {
    expect(healthSample('lcp', Number.NaN)).toBeNull();
    expect(healthSample('inp', Number.POSITIVE_INFINITY)).toBeNull();
    expect(healthSample('cls', -1)).toBeNull();
    expect(healthSample('lcp')).toBeNull();
    expect(healthSample('error', 5)).toEqual({ kind: 'error' });
  });

  it('cut a route to the 200 characters the API takes', () => {
    expect(healthSample('view', undefined, `/${'a'.repeat(300)}`)?.route).toHaveLength(200);
  });
});

describe('the health reporter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends nothing until the page is hidden, then one text/plain beacon per release with its ticket', async () => {
    const { reporter: health, sent } = reporter();
    health.record('user', '1.1.0-bbbb', view);
    health.record('user', '1.1.0-bbbb', { kind: 'lcp', value: 2100, route: '/user/theaters' });
    health.record('user', '1.0.0-aaaa', view);
    expect(await sent()).toEqual([]);

    health.flush(true);
    expect(await sent()).toEqual([
      {
        url: 'http://api.test/api/releases/health/',
        type: 'text/plain',
        body: {
          remote: 'user',
          version: '1.1.0-bbbb',
          ticket: 't-user-1.1.0-bbbb',
          samples: [
            { kind: 'view', route: '/user/theaters' },
            { kind: 'lcp', value: 2100, route: '/user/theaters' },
          ],
        },
      },
      {
        url: 'http://api.test/api/releases/health/',
        type: 'text/plain',
        body: {
          remote: 'user',
          version: '1.0.0-aaaa',
          ticket: 't-user-1.0.0-aaaa',
          samples: [{ kind: 'view', route: '/user/theaters' }],
        },
      },
    ]);
    expect(health.pending()).toEqual({ 'user@1.1.0-bbbb': 0, 'user@1.0.0-aaaa': 0 });
  });

  it('sends a full batch of 50 at once, with a ticket asked for if need be', async () => {
    const ticketFor = vi.fn(async () => 'fresh-ticket');
    const { reporter: health, sent } = reporter({ ticketFor });
    for (let i = 0; i < HEALTH_BATCH_SIZE + 3; i++) health.record('admin', '2.0.0-cccc', view);
    await vi.waitFor(async () => expect(await sent()).toHaveLength(1));
    const [beacon] = await sent();
    expect(beacon?.body.ticket).toBe('fresh-ticket');
    expect(beacon?.body.samples).toHaveLength(HEALTH_BATCH_SIZE);
    expect(ticketFor).toHaveBeenCalledWith('admin', '2.0.0-cccc');
    expect(health.pending()).toEqual({ 'admin@2.0.0-cccc': 3 });
  });

  it('sends at once what is recorded while the page is already hidden (vitals come then)', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { reporter: health, sent } = reporter();
    health.record('user', '1.1.0-bbbb', {
      kind: 'inp',
      value: 411.6,
      route: '/user/shows/:id/seats',
    });
    expect((await sent()).map((beacon) => beacon.body.samples)).toEqual([
      [{ kind: 'inp', value: 412, route: '/user/shows/:id/seats' }],
    ]);
  });

  it('drops the samples of a release the API offers no ticket for, and keeps no more than it may', async () => {
    const { reporter: health, sent } = reporter({
      ticketFor: async () => null,
      ticketOnHand: () => null,
    });
    for (let i = 0; i < HEALTH_BATCH_SIZE; i++) health.record('user', '1.1.0-bbbb', view);
    await new Promise((resolve) => setTimeout(resolve, 0));
    health.record('user', '1.1.0-bbbb', view);
    health.flush(true);
    expect(await sent()).toEqual([]);
    expect(health.pending()).toEqual({ 'user@1.1.0-bbbb': 0 });

    const full = reporter({ ticketFor: () => new Promise(() => {}) }).reporter;
    for (let i = 0; i < HEALTH_MAX_QUEUED * 3; i++) full.record('auth', '1.0.0-dddd', view);
    // Batches waiting for a ticket have left the queue; what stays never exceeds the cap.
    expect(full.pending()['auth@1.0.0-dddd']).toBeLessThanOrEqual(HEALTH_MAX_QUEUED);
  });

  it('sends a big backlog on leaving in beacons of at most 50 samples', async () => {
    const { reporter: health, sent } = reporter({ ticketFor: () => new Promise(() => {}) });
    // Batches wait for a ticket that never comes; 3 more samples stay queued.
    for (let i = 0; i < 3; i++) health.record('owner', '3.0.0-eeee', view);
    health.flush(true);
    expect((await sent()).map((beacon) => beacon.body.samples.length)).toEqual([3]);
  });

  it('sends only samples the API takes: a vital without a finite value is dropped', async () => {
    const { reporter: health, sent } = reporter();
    health.record('user', '1.1.0-bbbb', { kind: 'lcp', value: Number.NaN });
    health.record('user', '1.1.0-bbbb', { kind: 'cls', value: 0.123456, route: '/user/theaters' });
    health.flush(true);
    expect((await sent()).map((beacon) => beacon.body.samples)).toEqual([
      [{ kind: 'cls', value: 0.1235, route: '/user/theaters' }],
    ]);
  });

  it('never throws, even when sending does', () => {
    const { reporter: health } = reporter({
      send: () => {
        throw new Error('beacon refused');
      },
    });
    health.record('user', '1.1.0-bbbb', view);
    expect(() => health.flush(true)).not.toThrow();
  });
});
