import { ApiError, errorMessage } from '@cinema/api-client';
import {
  ACCESSIBLE_SEAT_HELD_BACK,
  COMPANION_SEAT_ALONE,
  SEAT_STRANDED,
  selectionProblem,
} from '@cinema/contract';
import { withQuery } from '@cinema/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { lineQueryKey } from '../../lib/queryKeys';
import type { MapSeat, PickRules } from '../../lib/seat-selection/seatLayout';
import { useSeatSelectionStore } from '../../lib/seat-selection/seatSelectionStore';
import { idsForLabels, TICKET_COUNT_MESSAGE } from '../../lib/seat-selection/selection';
import { useCreateHold } from './api/createHold';

/**
 * The seating rules' refusals (selectionProblem in packages/contract/src/seating.js): the API
 * answers them with a 409 naming seats that are not taken, so the selection stays as it is.
 */
const RULE_CODES: ReadonlySet<string> = new Set([
  SEAT_STRANDED,
  ACCESSIBLE_SEAT_HELD_BACK,
  COMPANION_SEAT_ALONE,
]);

/** The labels the server names in a 409 `{seats: ['A1', 'A2']}`. */
function namedLabels(error: ApiError): string[] {
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('seats' in body)) return [];
  const { seats } = body as { seats: unknown };
  return Array.isArray(seats) ? seats.filter((seat) => typeof seat === 'string') : [];
}

export interface ProceedInput {
  showId: number;
  admissionToken: string | null;
  seats: readonly MapSeat[];
  count: number | null;
  selectedIds: readonly number[];
  rules: PickRules;
  refetchSeats: () => void;
}

/**
 * 'Proceed to Pay': the spec's checks (the ticket count, exactly that many seats), then the
 * seating rules before anything is sent, then the hold. A rule's refusal (here or from the
 * server) is `problem`, shown beside the button until the selection changes.
 */
export function useProceedToPay({
  showId,
  admissionToken,
  seats,
  count,
  selectedIds,
  rules,
  refetchSeats,
}: ProceedInput) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createHold = useCreateHold();
  const drop = useSeatSelectionStore((state) => state.drop);
  const [problem, setProblem] = useState<{ message: string; ids: string } | null>(null);
  const selectionKey = selectedIds.join(',');

  async function proceed() {
    setProblem(null);
    if (count === null) {
      toast.error(TICKET_COUNT_MESSAGE, { toastId: TICKET_COUNT_MESSAGE });
      return;
    }
    if (selectedIds.length !== count) {
      const message = `Please select exactly ${count} seats.`;
      toast.error(message, { toastId: message });
      return;
    }
    const refused = selectionProblem(seats, selectedIds, { ...rules, now: new Date() });
    if (refused) {
      setProblem({ message: refused.message, ids: selectionKey });
      return;
    }
    try {
      const hold = await createHold.mutateAsync({
        show_id: showId,
        seat_ids: [...selectedIds],
        ...(rules.accessible ? { accessible: true } : {}),
        // A high-demand show's turn from the waiting line (docs/decisions/0031-on-sale-waiting-room.md).
        ...(admissionToken ? { admission_token: admissionToken } : {}),
      });
      navigate(withQuery('/user/payment', { hold: hold.id }), {
        state: { holdId: hold.id, showId },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && RULE_CODES.has(error.code ?? '')) {
        // Someone else's seats changed the picture since the map was read: the server's words.
        setProblem({
          message: errorMessage(error, 'Please choose other seats.'),
          ids: selectionKey,
        });
        refetchSeats();
        return;
      }
      // The server's detail is written for the person: which seats someone else has, which of
      // theirs must rest, or which per-customer limit (seats of a show, shows held at once,
      // holds a minute) stopped them. One toast per message, however often they click.
      if (error instanceof ApiError && error.status === 409) {
        const message = errorMessage(error, 'Some seats are no longer available.');
        toast.error(message, { toastId: message });
        // Seats named in the answer cannot be held now: they leave the selection. A limit
        // names none, and the selection stays for the customer to change.
        drop(showId, idsForLabels(seats, namedLabels(error)));
        refetchSeats();
        return;
      }
      if (
        error instanceof ApiError &&
        error.status === 403 &&
        error.code?.startsWith('admission')
      ) {
        // The turn ended (or never came): the waiting line above says what now.
        toast.error(errorMessage(error, 'Your time to choose seats has ended.'));
        void queryClient.invalidateQueries({ queryKey: lineQueryKey(showId) });
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        const message = errorMessage(
          error,
          'Too many attempts. Please wait a minute and try again.',
        );
        toast.error(message, { toastId: message });
        return;
      }
      toast.error(errorMessage(error, 'Booking failed!'));
    }
  }

  return {
    proceed,
    busy: createHold.isPending,
    /** The rule the current selection breaks, once 'Proceed to Pay' found it; null otherwise. */
    problem: problem && problem.ids === selectionKey ? problem.message : null,
  };
}
