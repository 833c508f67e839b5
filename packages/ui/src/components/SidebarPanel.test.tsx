import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarPanel } from './SidebarPanel';

const SECTIONS = [
  { id: 'theaters', label: 'Theaters' },
  { id: 'movies', label: 'Movies' },
] as const;

describe('SidebarPanel', () => {
  it('shows the chosen section under its own heading and asks for another on request', async () => {
    const onSelect = vi.fn();
    render(
      <SidebarPanel
        label="Dashboard sections"
        sections={SECTIONS}
        currentId="movies"
        onSelect={onSelect}
      >
        <p>Dune</p>
      </SidebarPanel>,
    );

    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(nav).getByRole('button', { name: 'Movies' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const section = screen.getByRole('region', { name: 'Movies' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Movies' })).toBeVisible();
    expect(within(section).getByText('Dune')).toBeVisible();

    await userEvent.click(within(nav).getByRole('button', { name: 'Theaters' }));
    expect(onSelect).toHaveBeenCalledWith('theaters');
  });
});
