import { generateKeyPairSync, sign } from 'node:crypto';
import { formatPassBody, parsePass } from '@cinema/contract';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createAccount, HOME, logIn, type NewAccount, newPerson, settleSignIn } from './accounts';
import { callApi } from './onsale';

// What the door's browser tests need beyond the screens: a show starting soon with tickets
// sold, made through the API; passes forged as an attacker would; scanner devices (browser
// contexts that keep the site's service worker, shell/public/sw.js).

/** A show of the owner's that starts soon (soonSlot below), its check-in open. */
export interface DoorShow {
  id: number;
  movieId: number;
  theaterId: number;
  movie: string;
  /** The owner's access token. */
  access: string;
}

/** A ticket as its holder has it (GET my-tickets/). */
export interface HeldTicket {
  id: number;
  seat: string;
  code: string;
  /** The signed pass its QR code carries (null once cancelled). */
  pass: string | null;
}

/** 'YYYY-MM-DD' and 'HH:MM' of `at` in the API's time zone (APP_TIMEZONE, Asia/Kolkata). */
function local(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: process.env.APP_TIMEZONE || 'Asia/Kolkata',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * When a show that starts soon can start, about 10 minutes after `now`, as the API allows it: a
 * show ends on the day it starts (a movie lasts at least 60 minutes), bookings close when it
 * starts, and check-in opens 60 minutes before it. Late in the evening that is the last start
 * of the day that still leaves two minutes to book, else the first of the next day; in the two
 * minutes or so a day when neither works, the next day's first show with `waitUntil` set to when
 * its check-in opens.
 */
export function soonSlot(now: Date): {
  start: { date: string; time: string };
  end: { date: string; time: string };
  waitUntil: Date | null;
} {
  const minute = 60_000;
  const after = (minutes: number) => new Date(now.getTime() + minutes * minute);
  const endsSameDay = (at: Date) =>
    local(at).date === local(new Date(at.getTime() + SHOW_MINUTES * minute)).date;
  let minutes = 10;
  while (minutes > 2 && !endsSameDay(after(minutes))) minutes -= 1;
  if (!endsSameDay(after(minutes))) {
    minutes = 10;
    while (!endsSameDay(after(minutes))) minutes += 1;
  }
  const startsAt = after(minutes);
  // Check-in opens 60 minutes before the show's minute (its seconds are dropped).
  const opensAt = new Date(startsAt.getTime() - (startsAt.getTime() % minute) - 60 * minute);
  return {
    start: local(startsAt),
    end: local(new Date(startsAt.getTime() + SHOW_MINUTES * minute)),
    waitUntil: opensAt > now ? opensAt : null,
  };
}

/** The movie's length and the show's in `showStartingSoon`: the shortest the API accepts. */
const SHOW_MINUTES = 60;

/** Signs in through the API: the access token. */
export async function accessOf(account: { email: string; password: string }): Promise<string> {
  const { access } = await callApi<{ access: string }>('POST', 'login/', {
    email_or_username: account.email,
    password: account.password,
  });
  return access;
}

/** The owner's theater (2 rows of 5), a movie and a show starting soon (soonSlot). */
export async function showStartingSoon(owner: NewAccount): Promise<DoorShow> {
  const access = await accessOf(owner);
  const theater = await callApi<{ id: number }>(
    'POST',
    'theaters/',
    { name: `Gate ${owner.username}`, location: 'Pune', rows: 2, seats_per_row: 5 },
    access,
  );
  const movie = `Basement Film ${owner.username}`;
  const { id: movieId } = await callApi<{ id: number }>(
    'POST',
    'movies/',
    {
      title: movie,
      description: 'Shown where no phone has signal.',
      duration_minutes: SHOW_MINUTES,
      language: 'Hindi',
      release_date: '2026-01-01',
      theater: theater.id,
    },
    access,
  );
  const { start, end, waitUntil } = soonSlot(new Date());
  const wait = waitUntil ? waitUntil.getTime() - Date.now() : 0;
  if (wait > 0) {
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const show = await callApi<{ id: number }>(
    'POST',
    'shows/',
    {
      movie: movieId,
      theater: theater.id,
      date: start.date,
      start_time: start.time,
      end_time: end.time,
    },
    access,
  );
  return { id: show.id, movieId, theaterId: theater.id, movie, access };
}

/**
 * A door staff account of `owner` (docs/decisions/0040-door-staff.md): invited by the owner
 * (POST door-staff/), then signed up through the API like anyone (the role asked is overridden).
 */
export async function createDoorAccount(owner: NewAccount): Promise<NewAccount> {
  const person = newPerson('door');
  await callApi('POST', 'door-staff/', { email: person.email }, await accessOf(owner));
  return await createAccount('user', 'door', person);
}

/** The customer books the seats ('A1', 'B2') of the show, one call per seat (the spec's client). */
export async function buyTickets(
  customer: NewAccount,
  show: DoorShow,
  seats: string[],
): Promise<Map<string, HeldTicket>> {
  const access = await accessOf(customer);
  for (const seat of seats) {
    const [row, column] = [seat.slice(0, 1), Number(seat.slice(1))];
    await callApi(
      'POST',
      'bookings/',
      { movie_id: show.movieId, theater_id: show.theaterId, show_id: show.id, row, column },
      access,
    );
  }
  const mine = await callApi<
    {
      id: number;
      show_id: number;
      code: string;
      pass: string | null;
      seat: { row: string; column: number };
    }[]
  >('GET', 'my-tickets/', undefined, access);
  const tickets = new Map<string, HeldTicket>();
  for (const ticket of mine.filter((t) => t.show_id === show.id)) {
    const seat = `${ticket.seat.row}${ticket.seat.column}`;
    tickets.set(seat, { id: ticket.id, seat, code: ticket.code, pass: ticket.pass });
  }
  return tickets;
}

/** The customer cancels one ticket (PATCH bookings/{id}/cancel/). */
export async function cancelTicket(customer: NewAccount, ticket: HeldTicket): Promise<void> {
  await callApi('PATCH', `bookings/${ticket.id}/cancel/`, {}, await accessOf(customer));
}

/** A genuine pass with another seat written in: its signature no longer matches. */
export function passForAnotherSeat(pass: string, seat: string): string {
  const parsed = parsePass(pass);
  if (!parsed) throw new Error(`Not a pass: ${pass}`);
  return `${formatPassBody({ ...parsed, seatLabel: seat })}.${parsed.sig}`;
}

/**
 * A pass re-signed by an attacker's own Ed25519 key under the owner's key id (read off any
 * genuine pass): well-formed, and not genuine.
 */
export function passResignedByAttacker(pass: string, seat: string): string {
  const parsed = parsePass(pass);
  if (!parsed) throw new Error(`Not a pass: ${pass}`);
  const { privateKey } = generateKeyPairSync('ed25519');
  const body = formatPassBody({ ...parsed, seatLabel: seat });
  return `${body}.${sign(null, Buffer.from(body, 'utf8'), privateKey).toString('base64url')}`;
}

/** A code as a person types it from a printed ticket: '3F0C1A52 8A4E 4B1C ...'. */
export function typedByHand(code: string): string {
  return code.toUpperCase().replace(/-/g, ' ');
}

/**
 * A scanner device: a browser context of its own that keeps the site's service worker (the
 * config blocks it elsewhere), signed in through the login screen as `account`.
 */
export async function scannerDevice(
  browser: Browser,
  account: NewAccount,
  width: number,
  home: string = HOME[account.role],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width, height: 800 },
  });
  const page = await context.newPage();
  await logIn(page, account.email, account.password);
  await settleSignIn(page, home);
  // The worker is installed once the first page has loaded; from then on it serves the site.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return { context, page };
}

/**
 * How many of the show's tickets the door keeps on the device (IndexedDB `cinema-door`,
 * mfe-owner check-in offline/db.ts): the download has finished when it is every one.
 */
export function storedTickets(page: Page, showId: number): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('cinema-door');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tickets')) {
            db.close();
            resolve(0);
            return;
          }
          const all = db.transaction('tickets').objectStore('tickets').getAll();
          all.onsuccess = () => {
            resolve((all.result as { show_id: number }[]).filter((t) => t.show_id === id).length);
            db.close();
          };
          all.onerror = () => resolve(0);
        };
      }),
    showId,
  );
}

/** Opens the door of `showId` on the device, named `name`, and waits until it can work offline. */
export async function openDoor(page: Page, showId: number, name: string, tickets: number) {
  await page.goto(`/owner/checkin?show=${showId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expect(page.getByLabel('Show')).toHaveValue(String(showId));
  await page.getByLabel('Device name').fill(name);
  await expect.poll(() => storedTickets(page, showId), { timeout: 15_000 }).toBe(tickets);
  // This page view came through the worker, so everything it loaded is kept.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Scans `text` as a hardware scanner does (types it into 'Ticket code' and presses Enter). */
export async function scan(page: Page, text: string) {
  const field = page.getByLabel('Ticket code');
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

/** The verdict region of the door. */
export const verdictOf = (page: Page) => page.getByRole('status', { name: 'Verdict' });

/** The door's connection line: 'Online' or 'Offline', and how many scans wait to sync. */
export const connectionOf = (page: Page) =>
  page.getByRole('region', { name: 'Connection' }).getByRole('status');
