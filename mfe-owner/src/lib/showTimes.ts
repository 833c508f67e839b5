import type { Show } from '@cinema/api-client';

/** The server says whether a show is past; without that, its start time does. */
export function isPast(show: Pick<Show, 'is_past' | 'starts_at'>, now = Date.now()): boolean {
  return show.is_past ?? Date.parse(show.starts_at) < now;
}
