// Shows on screens of a chosen layout (docs/decisions/0045-screens-and-seat-layouts.md), for the
// booking tests of prices and of the seat-choice rules: a theater, one screen drawn as asked
// (through POST screens/), a movie and a show on that screen, its seats copied from the layout
// as for any show (routes/shows/sql.ts insertShow, what POST shows/ runs).
import type { Theater } from '../routes/theaters/sql.ts';
import type { Layout } from '../screens/layout.ts';
import type { Account, BookingTestApp, ShowFixture } from './booking.ts';

export type { Layout };

/** A seat cell of a layout ({category: 'Standard'} unless told). */
export const seat = (category = 'Standard') => ({ category });
export const wheelchair = (category = 'Standard') => ({ category, kind: 'wheelchair' as const });
export const companion = (category = 'Standard') => ({ category, kind: 'companion' as const });
export const blocked = (category = 'Standard') => ({ category, kind: 'blocked' as const });

/** One row of `n` Standard seats, without gaps. */
export function block(n: number): Layout['rows'][number]['cells'] {
  return Array.from({ length: n }, () => seat());
}

/**
 * A small drawn layout: row A a Recliner, an aisle, a wheelchair space with its companion seat, a
 * blocked seat; row B `rowB` Standard seats. Standard at 150 rupees, Recliner at 400.
 */
export function drawnLayout(rowB: number) {
  return {
    categories: [
      { name: 'Standard', price: 150 },
      { name: 'Recliner', price: 400 },
    ],
    rows: [
      { label: 'A', cells: [seat('Recliner'), null, wheelchair(), companion(), blocked()] },
      { label: 'B', cells: block(rowB) },
    ],
  };
}

export interface LayoutShow {
  theater: Theater;
  screenId: number;
  movie: { id: number; title: string };
  show: ShowFixture;
  /** The show's accessible_release_at (its start minus the screen's release minutes). */
  releaseAt: Date;
}

/**
 * A theater of `owner` with a screen of `layout` (wheelchair spaces and companion seats released
 * `releaseMinutes` before a show, 120 unless told) and a show on it starting a day after the
 * clock unless told.
 */
export async function layoutShow(
  t: BookingTestApp,
  owner: Account,
  layout: Layout,
  options: Partial<{ releaseMinutes: number; startsAt: Date; theaterName: string }> = {},
): Promise<LayoutShow> {
  const theater = await t.theater(owner, {
    name: options.theaterName ?? `Hall of ${owner.username}`,
  });
  // Drawn as an owner draws it: POST screens/ checks the layout (routes/screens/).
  const made = await t.post(
    '/api/screens/',
    {
      theater: theater.id,
      name: 'Drawn',
      layout,
      accessible_release_minutes: options.releaseMinutes ?? 120,
    },
    owner.token,
  );
  if (made.status !== 201) throw new Error(`POST screens/: ${made.status} ${await made.text()}`);
  const screen: { id: number } = await made.json();
  const movie = await t.movie(theater);
  const show = await t.show(movie, theater, {
    screenId: screen.id,
    ...(options.startsAt ? { startsAt: options.startsAt } : {}),
  });
  const [row] = await t.db.query<{ at: Date }>`
    SELECT accessible_release_at AS at FROM shows WHERE id = ${show.id}`;
  if (!row) throw new Error('no show');
  return { theater, screenId: screen.id, movie, show, releaseAt: row.at };
}
