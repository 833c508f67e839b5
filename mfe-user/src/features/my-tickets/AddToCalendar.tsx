import type { Ticket } from '@cinema/api-client';
import { Button } from '@cinema/ui';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { getTicketCalendar } from './api/getTicketCalendar';

const CALENDAR_FAILED = 'The calendar file could not be downloaded. Please try again.';

/** 'Dune: Part Two', '2026-11-21' -> 'dune-part-two-2026-11-21.ics' (the API's name for it too). */
export function calendarFileName(ticket: Pick<Ticket, 'movie_name' | 'date'>): string {
  const slug =
    ticket.movie_name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'show';
  return `${slug}-${ticket.date}.ics`;
}

/** Hands the browser a file to save (or open in the calendar app, as phones do with .ics). */
function saveFile(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download holds its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'Add to calendar': downloads the ticket's show as an .ics file. */
export function AddToCalendar({ ticket, describedBy }: { ticket: Ticket; describedBy: string }) {
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      saveFile(await getTicketCalendar(ticket.id), calendarFileName(ticket));
    } catch {
      toast.error(CALENDAR_FAILED, { toastId: `calendar-${ticket.id}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      aria-describedby={describedBy}
      busy={busy}
      busyLabel="Preparing..."
      onClick={() => void add()}
    >
      Add to calendar
    </Button>
  );
}
