/**
 * What the API sends and takes, derived from its own OpenAPI description
 * (`generated/openapi.ts`, made by `node scripts/openapi.mjs` from the API's zod schemas). Nothing
 * here is written by hand: a change to an API response shape changes these types, and the apps'
 * type check fails until they follow it.
 */
import type { components, paths } from './generated/openapi';

type Schemas = components['schemas'];

/** The JSON body of a response or request body object, as openapi-typescript writes it. */
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

type Operation<Path extends keyof paths, Method extends keyof paths[Path]> = NonNullable<
  paths[Path][Method]
>;

/** The JSON body the API answers `Method Path` with, for the status `Status`. */
export type ResponseOf<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number = 200,
> =
  Operation<Path, Method> extends { responses: infer Responses }
    ? Status extends keyof Responses
      ? JsonOf<Responses[Status]>
      : never
    : never;

/** The JSON body `Method Path` takes. */
export type RequestBodyOf<Path extends keyof paths, Method extends keyof paths[Path]> =
  Operation<Path, Method> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

/** The page form of a list answer (`?page=N&page_size=20[&q=]`), as opposed to the plain array. */
type PageOf<List> = Extract<List, { results: unknown }>;

/**
 * One page of a server-paginated list: the rows and how many match in all. The envelope is the
 * one `GET theaters/` sends; every paged list sends the same.
 */
export type Paged<Row> = Omit<PageOf<ResponseOf<'/api/theaters', 'get'>>, 'results'> & {
  results: Row[];
};

/** A theater as the lists send it; the admin's list adds `owner_name`, the owners list `theater_count`. */
export type Theater = Schemas['ListedTheater'];
export type Movie = Schemas['Movie'];
/** A movie's poster: an <img>'s src, srcset, width and height (WebP, 2:3). */
export type Poster = Schemas['Poster'];
export type Show = Schemas['Show'];
export type Seat = Schemas['Seat'];
/** 'booked', 'mine', 'held', 'my_hold' or 'available', as the caller sees the seat. */
export type SeatStatus = Seat['status'];
/** The data of one `event: seats` of a show's seat events (`GET shows/{id}/seats/events/`). */
export type SeatsEvent = Schemas['SeatsEvent'];
/** A seat's new public state in a SeatsEvent: available, held or booked (by whom, for the owner). */
export type SeatChange = SeatsEvent['seats'][number];

/** The caller's own booking (`my-tickets/`, `bookings/{id}/cancel/`, a confirmed hold). */
export type Ticket = Schemas['Ticket'];
export type TicketSeat = Ticket['seat'];
/** A booking in the owner's (`bookings/owner/`) and the admin's (`bookings/admin/`) lists. */
export type Booking = Schemas['ListedBooking'];

/** Seats set aside for the caller until `expires_at` while they pay. */
export type Hold = Schemas['Hold'];
export type HeldSeat = Hold['seats'][number];
/** `POST holds/{id}/confirm/`: one ticket per held seat. */
export type ConfirmHoldResponse = ResponseOf<'/api/holds/{id}/confirm', 'post', 201>;

/** An account as `signup/` and `profile/` return it. */
export type Account = Schemas['User'];
/** An account in the admin's lists (`signup/?role=user|owner`). */
export type ListedAccount = PageOf<ResponseOf<'/api/signup', 'get'>>['results'][number];
/** An owner in the admin's owners list: an account with its count of theaters (`?role=owner`). */
export type OwnerAccount = ListedAccount;
/** The body of the OTP and password endpoints' successful answers. */
export type MessageResponse = ResponseOf<'/api/otp/request', 'post'>;

export type NewTheater = RequestBodyOf<'/api/theaters', 'post'>;
export type NewMovie = RequestBodyOf<'/api/movies', 'post'>;
export type NewShow = RequestBodyOf<'/api/shows', 'post'>;

/** `GET onsale/{id}/`: when a show's sales open, whether it is high-demand, the server's time. */
export type Sale = Schemas['Sale'];
/** `POST`/`GET onsale/{id}/line/`: the caller's place in a high-demand show's waiting line. */
export type LinePlace = Schemas['LinePlace'];
/** `POST`/`GET onsale/{id}/waitlist/`: the caller's entry on a sold-out show's waitlist. */
export type WaitlistEntry = Schemas['WaitlistEntry'];
/** `GET onsale/lengths/?ids=`: how many wait on each show's waitlist and line (owner, admin). */
export type QueueLengths = Schemas['QueueLengths'];

/** `GET reports/`: sales of the shows dated from `from` to `to`, inclusive. */
export type SalesReport = Schemas['Report'];
/** Sales figures of one group; money in rupees, occupancy from 0 to 1. */
export type SalesFigures = SalesReport['totals'];
export type TheaterSales = SalesReport['by_theater'][number];
export type MovieSales = SalesReport['by_movie'][number];
export type ShowSales = SalesReport['by_show'][number];
export type DaySales = SalesReport['by_day'][number];
