import { apiFetch, specPath } from '@cinema/api-client';

/**
 * GET my-tickets/{id}/calendar.ics: the ticket's show as an iCalendar file (its start and end in
 * the theater's time zone), as text. The API builds it, as it builds the one in the confirmation
 * email (docs/decisions/0015-ticket-codes-and-calendar-files-from-the-api.md).
 */
export function getTicketCalendar(ticketId: number): Promise<string> {
  return apiFetch<string>(specPath('/api/my-tickets/{id}/calendar.ics', { id: ticketId }), {
    headers: { Accept: 'text/calendar' },
  });
}
