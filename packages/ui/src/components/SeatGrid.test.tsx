import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    const rowA = screen.getByRole('row', { name: 'Row A' });
    expect(
      within(rowA)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['A1', '✕', 'A3']);
    await userEvent.click(screen.getByRole('button', { name: 'Seat A2, booked' }));
    expect(onClick).toHaveBeenCalledWith(2);
  });

  it('is one Tab stop: the first seat, then the seat last focused', async () => {
    render(
      <>
        <button type="button">Before</button>
        <SeatGrid
          seats={SEATS}
          look={(seat) => ({ tone: 'available', face: label(seat), name: label(seat) })}
        />
        <button type="button">After</button>
      </>,
    );
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: 'Before' }).focus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'A1' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'A2' })).toHaveFocus();
    expect(
      screen
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0)
        .map((button) => button.textContent),
    ).toEqual(['Before', 'A2', 'After']);
  });

  it('is a grid of named rows of cells, each seat announcing its name and state', () => {
    render(
      <SeatGrid
        seats={SEATS}
        label="Seats of the show"
        look={(seat) => ({ tone: 'booked', face: '✕', name: `Seat ${label(seat)}, booked` })}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Seats of the show' });
    const rowB = within(grid).getByRole('row', { name: 'Row B' });
    expect(within(rowB).getAllByRole('gridcell')).toHaveLength(2);
    expect(within(rowB).getByRole('button', { name: 'Seat B3, booked' })).toBeVisible();
  });

  it('moves focus with the arrow keys, to the nearest seat in the row above or below', async () => {
    render(
      <SeatGrid
        seats={SEATS}
        look={(seat) => ({ tone: 'available', face: label(seat), name: label(seat) })}
      />,
    );
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: 'A1' }).focus());

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'A2' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'B3' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'A1' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'A1' })).toHaveFocus();
  });

  it('moves to the ends with Home/End and Ctrl+Home/End, and by pages of rows with PageUp/PageDown', async () => {
    // Seven rows of three: PageDown from row A lands five rows down, on row F.
    const tall = 'ABCDEFG'
      .split('')
      .flatMap((row, rowIndex) =>
        [1, 2, 3].map((column) => ({ id: rowIndex * 10 + column, row, column })),
      );
    render(
      <SeatGrid
        seats={tall}
        look={(seat) => ({ tone: 'available', face: label(seat), name: label(seat) })}
      />,
    );
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: 'A2' }).focus());
    const focused = () => document.activeElement?.getAttribute('aria-label');

    await user.keyboard('{End}');
    expect(focused()).toBe('A3');
    await user.keyboard('{Home}');
    expect(focused()).toBe('A1');
    await user.keyboard('{PageDown}');
    expect(focused()).toBe('F1');
    await user.keyboard('{PageDown}');
    expect(focused()).toBe('G1');
    await user.keyboard('{PageUp}');
    expect(focused()).toBe('B1');
    await user.keyboard('{Control>}{End}{/Control}');
    expect(focused()).toBe('G3');
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(focused()).toBe('A1');
  });

  it('numbers the columns unless told not to (a layout with aisles, where cells are not seat numbers)', () => {
    const look = (seat: { row: string; column: number }) => ({
      tone: 'available' as const,
      face: label(seat),
      name: `Seat ${label(seat)}`,
    });
    const { container, rerender } = render(<SeatGrid seats={SEATS} look={look} />);
    const numbers = () => container.querySelectorAll('[aria-hidden="true"] > span');
    expect([...numbers()].map((number) => number.textContent)).toEqual(['1', '2', '3']);
    rerender(<SeatGrid seats={SEATS} look={look} columnNumbers={false} />);
    expect(numbers()).toHaveLength(0);
  });

  it("passes a seat's own focus handler through", async () => {
    const onFocus = vi.fn();
    render(
      <SeatGrid
        seats={SEATS}
        look={(seat) => ({
          tone: 'available',
          face: label(seat),
          name: label(seat),
          onFocus: () => onFocus(seat.id),
        })}
      />,
    );
    act(() => screen.getByRole('button', { name: 'A1' }).focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(onFocus.mock.calls).toEqual([[1], [4]]);
  });
});

describe('SeatGrid zoom', () => {
  // Sixteen seats in a row, in a box of 300 px measured as a browser would: the whole row fits
  // only with seats of 17 px (300 - 20 px of row labels, over 16).
  const ROW = Array.from({ length: 16 }, (_, index) => ({
    id: index + 1,
    row: 'A',
    column: index + 1,
  }));
  const look = (seat: { row: string; column: number }) => ({
    tone: 'available' as const,
    face: label(seat),
    name: label(seat),
  });
  const seatSize = () =>
    screen.getByRole('grid').parentElement?.style.getPropertyValue('--seat-size') ?? '';

  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fits the whole row, then zooms in and out by steps of at least 24 px', async () => {
    render(<SeatGrid seats={ROW} look={look} />);
    const user = userEvent.setup();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(seatSize()).toBe('17px');
    expect(screen.getByText('Tap or pinch to zoom in')).toBeVisible();
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');

    await user.click(zoomIn);
    expect(seatSize()).toBe('32px');
    await user.click(zoomIn);
    expect(seatSize()).toBe('44px');
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    expect(zoomIn).toHaveFocus();
    await user.click(zoomOut);
    await user.click(zoomOut);
    expect(seatSize()).toBe('17px');
  });

  it('takes seats too small to tap out of the Tab order, and zooms in on one the keyboard reaches', async () => {
    render(<SeatGrid seats={ROW} look={look} />);
    expect(
      screen.getAllByRole('button', { name: /^A\d+$/ }).filter((seat) => seat.tabIndex === 0),
    ).toHaveLength(0);
    act(() => screen.getByRole('button', { name: 'A5' }).focus());
    expect(seatSize()).toBe('32px');
    expect(screen.getByRole('button', { name: 'A5' })).toHaveAttribute('tabindex', '0');
  });

  it('gives up a zoom when the screen turns wide enough for the whole map', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<SeatGrid seats={ROW} look={look} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(seatSize()).toBe('44px');

    width.mockReturnValue(800);
    act(() => resized());
    expect(seatSize()).toBe('40px');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();
  });

  it('offers no zoom where the whole map fits with seats of a thumb', () => {
    render(<SeatGrid seats={ROW.slice(0, 6)} look={look} />);
    expect(seatSize()).toBe('40px');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();
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
