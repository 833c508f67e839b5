import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { groupSeatsByRow, SeatGrid, SeatLegend } from './SeatGrid';

// Two rows: A1..A3 and B1..B2 (B is shorter, to check moving up and down by nearest column).
const SEATS = [
  { id: 1, row: 'A', column: 1 },
  { id: 2, row: 'A', column: 2 },
  { id: 3, row: 'A', column: 3 },
  { id: 4, row: 'B', column: 1 },
  { id: 5, row: 'B', column: 3 },
];

function label(seat: { row: string; column: number }) {
  return `${seat.row}${seat.column}`;
}

describe('groupSeatsByRow', () => {
  it('groups seats by row in the order given', () => {
    expect(groupSeatsByRow(SEATS).map(({ row, seats }) => [row, seats.map(label)])).toEqual([
      ['A', ['A1', 'A2', 'A3']],
      ['B', ['B1', 'B3']],
    ]);
  });
});

describe('SeatGrid', () => {
  it('draws a labelled row of seat buttons per row, each named and showing its face', async () => {
    const onClick = vi.fn();
    render(
      <SeatGrid
        seats={SEATS}
        look={(seat) => ({
          tone: seat.id === 2 ? 'booked' : 'available',
          face: seat.id === 2 ? '✕' : label(seat),
          name: `Seat ${label(seat)}, ${seat.id === 2 ? 'booked' : 'available'}`,
          onClick: () => onClick(seat.id),
        })}
      />,
    );

    expect(screen.getByText('Screen')).toBeVisible();
    const rowA = screen.getByRole('group', { name: 'Row A' });
    expect(
      within(rowA)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['A1', '✕', 'A3']);
    await userEvent.click(screen.getByRole('button', { name: 'Seat A2, booked' }));
    expect(onClick).toHaveBeenCalledWith(2);
  });

  it('moves focus with the arrow keys, to the nearest seat in the row above or below', async () => {
    render(
      <SeatGrid
        seats={SEATS}
        look={(seat) => ({ tone: 'available', face: label(seat), name: label(seat) })}
      />,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'A1' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'A2' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'B3' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'A1' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'A1' })).toHaveFocus();
  });
});

describe('SeatLegend', () => {
  it('lists what each colour and face means', () => {
    render(
      <SeatLegend
        entries={[
          { tone: 'available', face: '○', label: 'Available' },
          { tone: 'booked', face: '✕', label: 'Booked' },
        ]}
      />,
    );
    const legend = screen.getByRole('list', { name: 'Seat legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['○Available', '✕Booked']);
  });
});
