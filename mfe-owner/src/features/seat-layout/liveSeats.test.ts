import type { Seat } from '@cinema/api-client';
import { describe, expect, it } from 'vitest';
import { seat } from '../../test/fixtures';
import { applySeatChanges, seatChangeAnnouncement } from './liveSeats';

const booked = (overrides: Partial<Seat> = {}): Seat => ({
  ...seat('A5', 'asha'),
  checked_in: true,
  ...overrides,
});

describe('live changes of the owner’s map: tickets shown twice', () => {
  it('a change that says the ticket was shown twice flags the seat, and says so', () => {
    const { seats, changed } = applySeatChanges(
      [booked()],
      [{ id: booked().id, status: 'booked', booked_by: 'asha', checked_in: true, duplicate: true }],
    );
    expect(seats[0]?.duplicate).toBe(true);
    expect(seatChangeAnnouncement(changed)).toBe('Seat A5 was shown twice at the door.');
  });

  it('a later change of the seat without the flag keeps it while the seat is booked', () => {
    const flagged = booked({ duplicate: true });
    const { seats, changed } = applySeatChanges(
      [flagged],
      [{ id: flagged.id, status: 'booked', booked_by: 'asha', checked_in: true }],
    );
    expect(changed).toEqual([]);
    expect(seats[0]?.duplicate).toBe(true);
  });

  it('a seat freed again is no longer flagged', () => {
    const flagged = booked({ duplicate: true });
    const { seats } = applySeatChanges(
      [flagged],
      [{ id: flagged.id, status: 'available', booked_by: null, checked_in: false }],
    );
    expect(seats[0]).not.toHaveProperty('duplicate');
    expect(seats[0]?.status).toBe('available');
  });
});
