import { useAuthStore } from '@cinema/auth';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefreshWhenBackOnline } from './RefreshWhenBackOnline';

const token = (secondsLeft: number) => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '7', exp: Date.now() / 1000 + secondsLeft })}.x`;
};

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

describe('RefreshWhenBackOnline', () => {
  it('refreshes an expired session when the network comes back, while it is shown', async () => {
    const fresh = token(900);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ access: fresh }, { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.getState().login({
      access: token(-300),
      refresh: 'r',
      user: { id: 7, username: 'gate1', role: 'owner' },
    });

    const view = render(<RefreshWhenBackOnline />);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useAuthStore.getState().access).toBe(fresh));
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/token\/refresh\/$/);

    view.unmount();
    useAuthStore.getState().login({ access: token(-300), refresh: 'r', user: { id: 7 } });
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
