import type { StreamEvent } from '@cinema/api-client';
import { readSeatEvent, type SeatChange } from '@cinema/api-client';
import { describe, expect, it } from 'vitest';
import { seatMap } from '../../test/fixtures';
import {
  applySeatChanges,
  seatChangeAnnouncement,
  seatTakenMessage,
  takenSeats,
} from './liveSeats';

// Ids by label: A1 -> 1 ... A5 -> 5, B1 -> 6 ... B5 -> 10.
const change = (id: number, status: SeatChange['status']): SeatChange => ({
  id,
  status,
  booked_by: null,
  checked_in: false,
});
const statusOf = (seats: { id: number; status: string }[], id: number) =>
  seats.find((seat) => seat.id === id)?.status;

describe('applySeatChanges', () => {
  it('gives other customers’ seats their new public state', () => {
    const seats = seatMap({ A2: 'held' });
    const applied = applySeatChanges(seats, [change(1, 'held'), change(2, 'booked')], []);

    expect(statusOf(applied.seats, 1)).toBe('held');
    expect(statusOf(applied.seats, 2)).toBe('booked');
    expect(applied.seats.find((seat) => seat.id === 2)?.is_booked).toBe(true);
    expect(applied.changed.map((seat) => seat.label)).toEqual(['A1', 'A2']);
    expect(applied.refetch).toBe(false);
    // The cached map itself is not changed in place.
    expect(statusOf(seats, 1)).toBe('available');
  });

  it('frees seats that were released, lapsed or cancelled', () => {
    const applied = applySeatChanges(
      seatMap({ A1: 'held', A2: 'booked' }),
      [change(1, 'available'), change(2, 'available')],
      [],
    );
    expect(applied.seats.filter((seat) => seat.status === 'available')).toHaveLength(10);
    expect(applied.seats.find((seat) => seat.id === 2)?.is_booked).toBe(false);
  });

  it('leaves the caller’s own hold and tickets alone while the event agrees with them', () => {
    const seats = seatMap({ A3: 'mine', B5: 'my_hold' });
    const applied = applySeatChanges(seats, [change(3, 'booked'), change(10, 'held')], []);

    expect(statusOf(applied.seats, 3)).toBe('mine');
    expect(statusOf(applied.seats, 10)).toBe('my_hold');
    expect(applied.changed).toEqual([]);
    expect(applied.refetch).toBe(false);
  });

  it.each([
    ['a ticket of the caller’s that is no longer booked', 'A3', 'mine', 'available'],
    ['the caller’s hold, released or lapsed', 'B5', 'my_hold', 'available'],
    ['the caller’s hold, now booked (paid here or elsewhere)', 'B5', 'my_hold', 'booked'],
  ] as const)('reads the map again for %s', (_case, label, status, next) => {
    const seats = seatMap({ [label]: status });
    const id = seats.find((seat) => seat.label === label)?.id ?? 0;
    const applied = applySeatChanges(seats, [change(id, next)], []);

    expect(statusOf(applied.seats, id)).toBe(status);
    expect(applied.refetch).toBe(true);
  });

  it('leaves a picked seat that is now held to the server, which knows if it is the caller’s own', () => {
    const applied = applySeatChanges(seatMap(), [change(4, 'held'), change(5, 'held')], [4]);

    expect(statusOf(applied.seats, 4)).toBe('available');
    expect(statusOf(applied.seats, 5)).toBe('held');
    expect(applied.refetch).toBe(true);
  });

  it('reads the map again for a seat it does not know', () => {
    expect(applySeatChanges(seatMap(), [change(99, 'held')], []).refetch).toBe(true);
  });

  it('changes nothing for news it already has', () => {
    const applied = applySeatChanges(seatMap({ A1: 'held' }), [change(1, 'held')], []);
    expect(applied.changed).toEqual([]);
    expect(applied.refetch).toBe(false);
  });
});

describe('takenSeats and the words for them', () => {
  it('finds picked seats that someone else now holds or has booked, never the caller’s own', () => {
    const seats = seatMap({ A1: 'held', A2: 'booked', A3: 'mine', A4: 'my_hold' });
    expect(takenSeats(seats, [1, 2, 3, 4, 5]).map((seat) => seat.label)).toEqual(['A1', 'A2']);
  });

  it('names the seat in the toast', () => {
    expect(seatTakenMessage('C7')).toBe('Seat C7 was just taken by someone else.');
  });

  it('announces changes grouped by what the seats are now', () => {
    const seats = seatMap({ A5: 'held', A4: 'held', B2: 'available', B3: 'booked' });
    const changed = ['A4', 'A5', 'B2', 'B3'].map(
      (label) => seats.find((seat) => seat.label === label) ?? seats[0],
    );
    expect(seatChangeAnnouncement(changed as typeof seats)).toBe(
      'Seats A4, A5 are now held by another customer. Seat B2 is now available. Seat B3 is now booked.',
    );
  });
});

describe('readSeatEvent', () => {
  const event = (type: string, data: string): StreamEvent => ({ type, data, lastEventId: '1' });

  it('reads the seats of a change', () => {
    expect(
      readSeatEvent(
        event(
          'seats',
          '{"show":5,"version":9,"seats":[{"id":1,"status":"held","booked_by":null}]}',
        ),
      ),
    ).toEqual({
      type: 'seats',
      seats: [{ id: 1, status: 'held', booked_by: null, checked_in: false }],
    });
  });

  it('passes on that a ticket was shown twice at the door (owners’ maps), only when it was', () => {
    const data =
      '{"show":5,"version":9,"seats":[{"id":1,"status":"booked","booked_by":"asha","checked_in":true,"duplicate":true},{"id":2,"status":"booked","booked_by":"ravi","checked_in":true,"duplicate":false}]}';
    expect(readSeatEvent(event('seats', data))).toEqual({
      type: 'seats',
      seats: [
        { id: 1, status: 'booked', booked_by: 'asha', checked_in: true, duplicate: true },
        { id: 2, status: 'booked', booked_by: 'ravi', checked_in: true },
      ],
    });
  });

  it.each([
    ['not JSON', '{'],
    ['no seats', '{"show":5}'],
    ['an unknown status', '{"seats":[{"id":1,"status":"mine","booked_by":null}]}'],
    ['an id that is not a number', '{"seats":[{"id":"1","status":"held"}]}'],
  ])('takes a change it cannot read (%s) as missed: reload', (_case, data) => {
    expect(readSeatEvent(event('seats', data))).toEqual({ type: 'reload' });
  });

  it('passes ready and reload on and ignores what the map does not use', () => {
    expect(readSeatEvent(event('ready', '{"version":3}'))).toEqual({ type: 'ready' });
    expect(readSeatEvent(event('reload', '{}'))).toEqual({ type: 'reload' });
    expect(readSeatEvent(event('bye', '{}'))).toBeNull();
    expect(readSeatEvent(event('message', 'hello'))).toBeNull();
  });
});
