import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'theaters', label: 'Theaters' },
  { id: 'movies', label: 'Movies' },
  { id: 'tickets', label: 'My Tickets' },
];

function Dashboard() {
  const [selected, setSelected] = useState('theaters');
  return (
    <Tabs label="Dashboard sections" tabs={tabs} selectedId={selected} onSelect={setSelected}>
      <p>Showing {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('marks the selected tab and labels the panel with it', () => {
    render(<Dashboard />);
    expect(screen.getByRole('tablist', { name: 'Dashboard sections' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Theaters' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Theaters' })).toHaveTextContent(
      'Showing theaters',
    );
  });

  it('moves and selects with the arrow keys, wrapping around, and Home/End', async () => {
    const user = userEvent.setup();
    render(<Dashboard />);

    await user.tab();
    expect(screen.getByRole('tab', { name: 'Theaters' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Movies' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Movies' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing movies');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Theaters' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'My Tickets' })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Theaters' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'My Tickets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('keeps only the selected tab in the Tab order', () => {
    render(<Dashboard />);
    const tabIndexes = screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'));
    expect(tabIndexes).toEqual(['0', '-1', '-1']);
  });
});
