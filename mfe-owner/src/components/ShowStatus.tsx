import type { Show } from '@cinema/api-client';
import { StatusBadge } from '@cinema/ui';
import { isPast } from '../lib/showTimes';

/** Past or Upcoming: on the shows list and above a show's seat map. */
export function ShowStatus({ show }: { show: Pick<Show, 'is_past' | 'starts_at'> }) {
  return isPast(show) ? (
    <StatusBadge tone="muted" mark="◷">
      Past
    </StatusBadge>
  ) : (
    <StatusBadge tone="positive" mark="▶">
      Upcoming
    </StatusBadge>
  );
}
