import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { whenAreaSettled } from './areaSettled';
import { RemoteArea } from './RemoteArea';

const { loadRemoteApp, canaryFailed } = vi.hoisted(() => ({
  loadRemoteApp: vi.fn(),
  canaryFailed: vi.fn(),
}));
vi.mock('./loadRemoteApp', () => ({ loadRemoteApp, canaryFailed }));

const stable = (App: ComponentType) => ({ App, version: '1.0.0-aaaa', canary: false });

describe('RemoteArea', () => {
  beforeEach(() => {
    loadRemoteApp.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('shows a loading state, then the remote', async () => {
    loadRemoteApp.mockResolvedValue(stable(() => <p>Theaters screen</p>));
    render(<RemoteArea name="user" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Theaters screen')).toBeInTheDocument();
    expect(loadRemoteApp).toHaveBeenCalledWith('user', false);
  });

  it('settles once its first screen is painted, not when its code arrives (the look-ahead waits)', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    loadRemoteApp.mockResolvedValue(stable(() => <p>Login screen</p>));
    let settled = false;
    void whenAreaSettled('auth').then(() => {
      settled = true;
    });
    render(<RemoteArea name="auth" />);
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);

    // The frame that paints the screen, then the task after it.
    for (const frame of frames.splice(0)) frame(performance.now());
    await vi.waitFor(() => expect(settled).toBe(true));
    vi.mocked(window.requestAnimationFrame).mockRestore();
  });

  it('shows a message with Retry when the remote cannot be fetched, and Retry recovers', async () => {
    loadRemoteApp.mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js'));
    render(<RemoteArea name="admin" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The admin area could not be loaded');

    loadRemoteApp.mockResolvedValueOnce(stable(() => <p>Admin panel</p>));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Admin panel')).toBeInTheDocument();
    expect(loadRemoteApp).toHaveBeenLastCalledWith('admin', true);
  });

  it('contains a remote that throws while rendering', async () => {
    // React reports the caught error through console.error; here that is expected.
    vi.mocked(console.error).mockImplementation(() => {});
    loadRemoteApp.mockResolvedValue(
      stable(() => {
        throw new Error('broken release');
      }),
    );
    render(
      <>
        <p>Header stays</p>
        <RemoteArea name="owner" />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The theater owner area could not be loaded',
    );
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('replaces a canary that throws on its first render with the stable release, silently', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    loadRemoteApp
      .mockResolvedValueOnce({
        App: () => {
          throw new Error('broken canary');
        },
        version: '1.1.0-bbbb',
        canary: true,
      })
      .mockResolvedValue(stable(() => <p>Stable screens</p>));
    render(<RemoteArea name="user" />);
    expect(await screen.findByText('Stable screens')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemoteApp).toHaveBeenCalledTimes(2);
    expect(canaryFailed).toHaveBeenCalledOnce();
    expect(canaryFailed).toHaveBeenCalledWith(
      'user',
      '1.1.0-bbbb',
      'render_failed',
      expect.objectContaining({ message: 'broken canary' }),
    );
  });
});
