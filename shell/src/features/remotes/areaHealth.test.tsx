import type { RemoteName } from '@cinema/federation';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { HealthSample } from '../../lib/releases/healthBeacon';
import {
  areaLoadFailed,
  areaRenderFailed,
  areaShown,
  resetAreaHealth,
  routePattern,
} from './areaHealth';
import { RemoteArea } from './RemoteArea';

const { vitals, loadRemoteApp, canaryFailed } = vi.hoisted(() => ({
  vitals: {} as Record<string, (metric: { value: number }) => void>,
  loadRemoteApp: vi.fn(),
  canaryFailed: vi.fn(),
}));
vi.mock('web-vitals', () => ({
  onLCP: (report: (metric: { value: number }) => void) => {
    vitals.lcp = report;
  },
  onINP: (report: (metric: { value: number }) => void) => {
    vitals.inp = report;
  },
  onCLS: (report: (metric: { value: number }) => void) => {
    vitals.cls = report;
  },
}));
vi.mock('./loadRemoteApp', () => ({ loadRemoteApp, canaryFailed }));

/** A reporter that keeps what it is given, as `remote@version kind[ value][ route]`. */
function recording(sampled = true) {
  const records: string[] = [];
  const reporter = {
    record(remote: RemoteName, version: string, sample: HealthSample | null) {
      if (!sample) return;
      records.push(
        [`${remote}@${version}`, sample.kind, sample.value, sample.route]
          .filter((part) => part !== undefined)
          .join(' '),
      );
    },
  };
  resetAreaHealth({ reporter, sampled });
  return records;
}

function uncaught(message: string) {
  window.dispatchEvent(new ErrorEvent('error', { message, error: new Error(message) }));
}

function rejected() {
  const event = new Event('unhandledrejection');
  window.dispatchEvent(event);
}

describe('health attribution to the area on screen', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/user/shows/42/seats');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    loadRemoteApp.mockReset();
  });
  afterEach(() => {
    resetAreaHealth();
    vi.restoreAllMocks();
  });

  it('counts one view per area shown, on the route as a pattern', () => {
    const records = recording();
    const leave = areaShown('user', '1.1.0-bbbb');
    leave();
    expect(records).toEqual(['user@1.1.0-bbbb view /user/shows/:id/seats']);
  });

  it('puts an uncaught error or an unhandled rejection down to the area shown, once per view', () => {
    const records = recording();
    const leave = areaShown('user', '1.1.0-bbbb');
    uncaught('Cannot read properties of undefined');
    uncaught('and again');
    rejected();
    leave();
    const again = areaShown('user', '1.1.0-bbbb');
    rejected();
    again();
    expect(records).toEqual([
      'user@1.1.0-bbbb view /user/shows/:id/seats',
      'user@1.1.0-bbbb error /user/shows/:id/seats',
      'user@1.1.0-bbbb view /user/shows/:id/seats',
      'user@1.1.0-bbbb error /user/shows/:id/seats',
    ]);
  });

  it('blames no area for errors while none is shown, nor for the browser’s own ResizeObserver notice', () => {
    const records = recording();
    uncaught('before any area');
    const leave = areaShown('owner', '2.0.0-cccc');
    uncaught('ResizeObserver loop completed with undelivered notifications.');
    leave();
    uncaught('after it left');
    expect(records).toEqual(['owner@2.0.0-cccc view /user/shows/:id/seats']);
  });

  it('reports nothing for an area without a release version (a dev build), nor outside the sample', () => {
    const records = recording();
    areaShown('user', null)();
    areaLoadFailed('user', null);
    const unsampled = recording(false);
    areaShown('user', '1.1.0-bbbb')();
    uncaught('not sampled');
    expect(records).toEqual([]);
    expect(unsampled).toEqual([]);
  });

  it('attributes Core Web Vitals to the area shown when they are reported', {
    timeout: 10_000,
  }, async () => {
    const records = recording();
    const leave = areaShown('user', '1.1.0-bbbb');
    // Loaded a while after the page went idle (jsdom has no requestIdleCallback: 1 s more).
    await vi.waitFor(() => expect(vitals.cls).toBeDefined(), { timeout: 6000 });
    window.history.replaceState(null, '', '/user/theaters');
    vitals.lcp?.({ value: 2345.6 });
    vitals.inp?.({ value: 412 });
    vitals.cls?.({ value: 0.05 });
    leave();
    vitals.inp?.({ value: 999 });
    expect(records).toEqual([
      'user@1.1.0-bbbb view /user/shows/:id/seats',
      'user@1.1.0-bbbb lcp 2345.6 /user/theaters',
      'user@1.1.0-bbbb inp 412 /user/theaters',
      'user@1.1.0-bbbb cls 0.05 /user/theaters',
    ]);
  });

  it('counts a release that cannot be loaded as a view with an error', () => {
    const records = recording();
    areaLoadFailed('admin', '3.0.0-dddd');
    expect(records).toEqual([
      'admin@3.0.0-dddd view /user/shows/:id/seats',
      'admin@3.0.0-dddd error /user/shows/:id/seats',
    ]);
  });

  it('counts a render error of the area on screen, not of another release', () => {
    const records = recording();
    const leave = areaShown('user', '1.1.0-bbbb');
    areaRenderFailed('user', '1.0.0-aaaa');
    areaRenderFailed('user', '1.1.0-bbbb');
    leave();
    expect(records).toEqual([
      'user@1.1.0-bbbb view /user/shows/:id/seats',
      'user@1.1.0-bbbb error /user/shows/:id/seats',
    ]);
  });

  it('RemoteArea reports its release as shown, and a render error on a later route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const records = recording();
    function Broken(): never {
      throw new Error('This route is broken');
    }
    function App() {
      const [later, setLater] = useState(false);
      if (later) return <Broken />;
      return (
        <button
          type="button"
          onClick={() => {
            window.history.pushState(null, '', '/user/my-tickets');
            setLater(true);
          }}
        >
          My tickets
        </button>
      );
    }
    loadRemoteApp.mockResolvedValue({ App, version: '1.0.0-aaaa', canary: false });
    render(<RemoteArea name="user" />);
    await userEvent.click(await screen.findByRole('button', { name: 'My tickets' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(records).toEqual([
      'user@1.0.0-aaaa view /user/shows/:id/seats',
      'user@1.0.0-aaaa error /user/my-tickets',
    ]);
  });
});

describe('routePattern', () => {
  it('replaces ids, UUIDs and hex codes with :id', () => {
    expect(routePattern('/user/shows/42/seats')).toBe('/user/shows/:id/seats');
    expect(routePattern('/owner/tickets/3f2b8c1e-0a4d-4c5e-9f6a-1b2c3d4e5f60')).toBe(
      '/owner/tickets/:id',
    );
    expect(routePattern('/user/theaters')).toBe('/user/theaters');
    expect(routePattern('/admin/adminpanel')).toBe('/admin/adminpanel');
  });
});
