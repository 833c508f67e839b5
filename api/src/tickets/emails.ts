// The emails of a ticket's life: the confirmation of an order (text and HTML, one QR code of the
// ticket's signed pass per ticket inline, each code as text too, and the show as an .ics file) and the short note that a
// ticket was cancelled. Pure builders: queue.ts queues, mail/sender.ts renders and sends.
import { Buffer } from 'node:buffer';
import { type Attachment, type Email, escapeHtml } from '../mail/mail.ts';
import { calendarFile } from './ics.ts';
import { qrPngBase64 } from './qr.ts';
import type { Order, OrderTicket } from './sql.ts';

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** 100000 -> '₹1,00,000', as the apps write money. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** 'Jawan · Sat, 21 Nov 2026 · 18:00', as a ticket's show is written everywhere. */
export function showText(order: Order): string {
  return `${order.movie_name} · ${order.date_text} · ${order.start_time}`;
}

/** The .ics file of the order's show. */
export function orderCalendar(order: Order, { tz, now }: { tz: string; now: Date }): string {
  const live = order.tickets.filter((t) => !t.is_cancelled);
  const seats = (live.length > 0 ? live : order.tickets).map((t) => t.seat);
  return calendarFile({
    uid: `order-${order.order_key}@cinebook`,
    start: order.starts_at,
    end: order.ends_at,
    tz,
    summary: `${order.movie_name} at ${order.theater_name}`,
    location: `${order.theater_name}, ${order.theater_location}`,
    description: `${seats.length === 1 ? 'Seat' : 'Seats'} ${seats.join(', ')}. Show the QR code of each ticket at the door (CineBook, My Tickets).`,
    now,
  });
}

/** 'jawan-2026-11-21.ics': a file name from the movie and date, ASCII only. */
export function calendarFileName(order: Order): string {
  const slug =
    order.movie_name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'show';
  return `${slug}-${order.date}.ics`;
}

const qrContentId = (ticket: OrderTicket) => `ticket-${ticket.id}@cinebook`;

/**
 * The confirmation of a paid order: one email, every ticket of the order in it. `passes` are the
 * tickets' signed passes in their order (tickets/signing.ts passesOf): what each QR code carries.
 */
export async function confirmationEmail(
  order: Order,
  { tz, now, passes }: { tz: string; now: Date; passes: readonly string[] },
): Promise<Email> {
  const tickets = order.tickets;
  if (passes.length !== tickets.length) throw new Error('confirmationEmail: one pass a ticket');
  // Seats carry their own price (decision 0045): each seat with its category and price, and the
  // total of those prices.
  const total = tickets.reduce((sum, t) => sum + t.price, 0);
  const seats = tickets
    .map((t) => `${t.seat} (${t.category}, ${formatRupees(t.price)})`)
    .join(', ');
  const when = `${order.date_text}, ${order.start_time} – ${order.end_time}`;
  const where = `${order.theater_name}, ${order.theater_location}`;
  const qrs: Attachment[] = tickets.map((t, i) => ({
    filename: `ticket-${t.seat}.png`,
    content: qrPngBase64(passes[i] as string),
    contentType: 'image/png',
    contentId: qrContentId(t),
  }));
  const calendar: Attachment = {
    filename: calendarFileName(order),
    content: Buffer.from(orderCalendar(order, { tz, now }), 'utf8').toString('base64'),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };

  const text = [
    `Hello ${order.username},`,
    '',
    `Your ${tickets.length === 1 ? 'ticket is' : 'tickets are'} booked. Enjoy the show!`,
    '',
    `Movie: ${order.movie_name}`,
    `Theater: ${where}`,
    `When: ${when}`,
    `Seats: ${seats}`,
    `Total: ${formatRupees(total)}`,
    '',
    'At the door, show the QR code of each ticket (in this email, or in My Tickets on CineBook), or tell the staff its code:',
    ...tickets.map((t) => `  Seat ${t.seat}: ${t.code}`),
    '',
    'The attached calendar file adds the show to your calendar.',
    '',
    'CineBook',
  ].join('\n');

  const e = escapeHtml;
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#555;font-weight:normal">${label}</th><td style="padding:4px 0"><strong>${e(value)}</strong></td></tr>`;
  const ticketBlocks = tickets
    .map(
      (t) =>
        `<div style="display:inline-block;margin:0 16px 16px 0;padding:12px;border:1px solid #ddd;border-radius:8px;text-align:center">` +
        `<div style="font-size:18px;font-weight:bold">Seat ${e(t.seat)}</div>` +
        `<div>${e(`${t.category} · ${formatRupees(t.price)}`)}</div>` +
        `<img src="cid:${e(qrContentId(t))}" width="200" height="200" alt="QR code of the ticket for seat ${e(t.seat)}" style="display:block;margin:8px auto">` +
        `<code style="font-size:13px">${e(t.code)}</code></div>`,
    )
    .join('');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${e(`Your tickets: ${showText(order)}`)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.4">',
    `<p>Hello ${e(order.username)},</p>`,
    `<p>Your ${tickets.length === 1 ? 'ticket is' : 'tickets are'} booked. Enjoy the show!</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    row('Movie', order.movie_name),
    row('Theater', where),
    row('When', when),
    row('Seats', seats),
    row('Total', formatRupees(total)),
    '</table>',
    '<p>At the door, show the QR code of each ticket, or tell the staff its code.</p>',
    `<div>${ticketBlocks}</div>`,
    '<p>The attached calendar file adds the show to your calendar.</p>',
    '<p>CineBook</p>',
    '</body></html>',
  ].join('\n');

  return {
    to: order.email,
    subject: `Your tickets: ${showText(order)}`,
    text,
    html,
    attachments: [...qrs, calendar],
  };
}

/** The note that tickets of an order were cancelled (the order holds the cancelled ones). */
export function cancellationEmail(order: Order): Email {
  const seats = order.tickets.map((t) => t.seat).join(', ');
  const what = order.tickets.length === 1 ? `Seat ${seats}` : `Seats ${seats}`;
  const text = [
    `Hello ${order.username},`,
    '',
    `Your ticket for ${showText(order)} at ${order.theater_name} is cancelled: ${what}. Its code no longer admits anyone.`,
    '',
    'CineBook',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${e(`Ticket cancelled: ${showText(order)}`)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.4">',
    `<p>Hello ${e(order.username)},</p>`,
    `<p>Your ticket for <strong>${e(showText(order))}</strong> at ${e(order.theater_name)} is cancelled: ${e(what)}. Its code no longer admits anyone.</p>`,
    '<p>CineBook</p>',
    '</body></html>',
  ].join('\n');
  return { to: order.email, subject: `Ticket cancelled: ${showText(order)}`, text, html };
}
