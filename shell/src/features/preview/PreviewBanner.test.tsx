import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ActivePreview, PREVIEW_KEY, resetPreview } from '../../lib/releases/preview';
import { PreviewBanner } from './PreviewBanner';
import { PreviewNotice } from './PreviewNotice';

const at = new Date(2026, 10, 27, 14, 5);
const preview: ActivePreview = {
  remote: 'user',
  version: '1.2.0-cccc',
  entry: 'http://cdn/mfe-user/1.2.0-cccc/remoteEntry.js',
  integrity: null,
  expires_at: at.toISOString(),
};

describe('the preview banner', () => {
  beforeEach(() => {
    localStorage.clear();
    resetPreview();
  });

  it('says which area and build this browser previews, and until when', () => {
    render(<PreviewBanner preview={preview} onLeave={() => {}} />);
    expect(screen.getByRole('region', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Preview: user area 1.2.0-cccc (until 14:05)',
    );
  });

  it('names a dev server when nothing published is previewed', () => {
    render(<PreviewBanner preview={{ ...preview, version: null }} onLeave={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Preview: user area from a dev server (until 14:05)',
    );
  });

  it('Leave preview, reached by keyboard, ends the preview and reloads', async () => {
    localStorage.setItem(PREVIEW_KEY, JSON.stringify(preview));
    const onLeave = vi.fn();
    render(<PreviewBanner preview={preview} onLeave={onLeave} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Leave preview' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(localStorage.getItem(PREVIEW_KEY)).toBeNull();
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('is shown at the top of the shell only while a preview is in force', async () => {
    const { unmount } = render(<PreviewNotice />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    unmount();

    resetPreview();
    localStorage.setItem(
      PREVIEW_KEY,
      JSON.stringify({ ...preview, expires_at: new Date(Date.now() + 60_000).toISOString() }),
    );
    render(<PreviewNotice />);
    expect(await screen.findByRole('region', { name: 'Preview' })).toBeInTheDocument();
  });
});
