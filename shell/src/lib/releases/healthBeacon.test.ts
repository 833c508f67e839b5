import { type HealthBeacon, sendHealthBeacons } from './healthBeacon';

describe('health beacons', () => {
  it('carry at most 50 samples each, every one with the release and its ticket', async () => {
    const sent: { url: string; type: string; body: HealthBeacon }[] = [];
    const bodies: Promise<void>[] = [];
    const view = { kind: 'view' as const, route: '/user/theaters' };
    sendHealthBeacons(
      (url, body) => {
        bodies.push(
          body
            .text()
            .then((text) => void sent.push({ url, type: body.type, body: JSON.parse(text) })),
        );
      },
      'http://api.test/api/releases/health/',
      { remote: 'user', version: '1.1.0-bbbb', ticket: 't', samples: Array(120).fill(view) },
    );
    await Promise.all(bodies);
    expect(sent.map(({ body }) => body.samples.length)).toEqual([50, 50, 20]);
    expect(
      new Set(
        sent.map(
          ({ url, type, body }) => `${url} ${type} ${body.remote} ${body.version} ${body.ticket}`,
        ),
      ),
    ).toEqual(new Set(['http://api.test/api/releases/health/ text/plain user 1.1.0-bbbb t']));
  });
});
