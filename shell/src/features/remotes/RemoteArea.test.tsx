import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './RemoteArea';

const loadRemoteApp = vi.hoisted(() => vi.fn());
vi.mock('./loadRemoteApp', () => ({ loadRemoteApp }));

describe('RemoteArea', () => {
  beforeEach(() => {
    loadRemoteApp.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('shows a loading state, then the remote', async () => {
    loadRemoteApp.mockResolvedValue(() => <p>Theaters screen</p>);
    render(<RemoteArea name="user" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Theaters screen')).toBeInTheDocument();
    expect(loadRemoteApp).toHaveBeenCalledWith('user', false);
  });

  it('shows a message with Retry when the remote cannot be fetched, and Retry recovers', async () => {
    loadRemoteApp.mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js'));
    render(<RemoteArea name="admin" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The admin area could not be loaded');

    loadRemoteApp.mockResolvedValueOnce(() => <p>Admin panel</p>);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Admin panel')).toBeInTheDocument();
    expect(loadRemoteApp).toHaveBeenLastCalledWith('admin', true);
  });

  it('contains a remote that throws while rendering', async () => {
    // React reports the caught error through console.error; here that is expected.
    vi.mocked(console.error).mockImplementation(() => {});
    loadRemoteApp.mockResolvedValue(() => {
      throw new Error('broken release');
    });
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
});
