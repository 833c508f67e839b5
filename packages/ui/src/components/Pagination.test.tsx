import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('says where it is and moves a page at a time', async () => {
    const onPage = vi.fn();
    render(<Pagination label="Theater pages" page={2} pages={3} onPage={onPage} />);

    const nav = screen.getByRole('navigation', { name: 'Theater pages' });
    expect(within(nav).getByText('Page 2 of 3')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('has no Previous on the first page, no Next on the last, and neither while busy', () => {
    const { rerender } = render(
      <Pagination label="Pages" page={1} pages={1} onPage={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    rerender(<Pagination label="Pages" page={2} pages={3} onPage={() => undefined} busy />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
