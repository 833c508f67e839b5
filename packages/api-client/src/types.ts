/**
 * What the API sends and takes, as the micro-frontends code against it (SPEC sections 3 and 7,
 * and the API tables in each remote's README). One set of shapes for every area: where two
 * screens see different fields of the same thing, the fields only some of them get are optional.
 */
import type { Role } from '@cinema/auth';

/**
 * One page of a server-paginated list (`?page=N&page_size=20[&q=]`): the rows and how many
 * match in all.
 */
export interface Paged<Row> {
  results: Row[];
  /** How many rows match the search, across every page. */
  count: number;
  page: number;
  page_size: number;
}

/** A theater as the API sends it; `POST theaters/` takes the fields of NewTheater. */
export interface Theater extends NewTheater {
  id: number;
  owner: number;
  /** The owner's username (the admin listing). */
  owner_name?: string;
  /** How many theaters this owner has (the owner listing). */
  theater_count?: number;
}

/** A movie as the API sends it; `POST movies/` takes the fields of NewMovie. */
export interface Movie extends NewMovie {
  id: number;
  theater_name: string;
}

/** A show as the API sends it; `POST shows/` takes the fields of NewShow. */
export interface Show extends NewShow {
  id: number;
  movie_name: string;
  theater_name: string;
  /** ISO date-time of the start. */
  starts_at: string;
  total_seats: number;
  booked_seats: number;
  available_seats: number;
  /**
   * True once the show has started: on one show (`shows/{id}/`) and on the owner's and the
   * admin's lists; the customer's list holds upcoming shows only and leaves it out.
   */
  is_past?: boolean;
}

/**
 * A seat as the caller sees it: 'booked' someone else's live booking, 'mine' the caller's own,
 * 'held' under someone else's unexpired hold, 'my_hold' under the caller's own (still
 * selectable by the caller), 'available' free.
 */
export type SeatStatus = 'available' | 'booked' | 'held' | 'mine' | 'my_hold';

export interface Seat {
  id: number;
  /** 'A', 'B', ... */
  row: string;
  /** 1, 2, ... */
  column: number;
  /** 'A1' */
  label: string;
  status: SeatStatus;
  is_booked: boolean;
  /** The booker's username on booked seats, for an admin or the theater's owner; else null. */
  booked_by: string | null;
}

/** Where a ticket is: row letter and seat number. */
export interface TicketSeat {
  id: number;
  row: string;
  column: number;
}

/** What a customer's ticket and a booking in the owner's and admin's lists have in common. */
interface BookingBase {
  id: number;
  movie_name: string;
  theater_name: string;
  seat: TicketSeat;
  /** Display text of the show, e.g. 'Dune · Fri, 21 Nov, 2026 · 6:00 pm'. */
  show: string;
  show_id: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** Rupees; a numeric string is accepted too. */
  total_price: number | string;
  is_cancelled: boolean;
}

/** The caller's own booking (`my-tickets/`, `bookings/{id}/cancel/`, a confirmed hold). */
export interface Ticket extends BookingBase {
  /** 'HH:MM' */
  start_time: string;
  /** 'HH:MM' */
  end_time: string;
  /** ISO date-time of the show's start. */
  starts_at: string;
  /** Not cancelled, and the show has not started. */
  can_cancel: boolean;
}

/** A booking in the owner's (`bookings/owner/`) and the admin's (`bookings/admin/`) lists. */
export interface Booking extends BookingBase {
  /** Who booked it. */
  user_name: string;
  /** The show's start, 'HH:MM'. */
  time: string;
  /** ISO date-time. */
  created_at: string;
}

export interface HeldSeat {
  id: number;
  row: string;
  column: number;
  label: string;
}

/** Seats set aside for the caller until `expires_at` while they pay. */
export interface Hold {
  id: number;
  show_id: number;
  seats: HeldSeat[];
  /** ISO date-time. */
  expires_at: string;
  /** Rupees; a numeric string is accepted too. */
  total_price: number | string;
  /** 'active' while payable; 'confirmed' once paid; 'released' once let go or replaced. */
  status?: 'active' | 'confirmed' | 'released';
}

/** `POST holds/{id}/confirm/`: one ticket per held seat. */
export interface ConfirmHoldResponse {
  tickets: Ticket[];
}

/** An account as `signup/` and `profile/` return it. */
export interface Account {
  id: number;
  username: string;
  email: string;
  role: Role;
}

/** An account in the admin's lists (`signup/?role=user|owner`). */
export interface ListedAccount extends Account {
  /** ISO date-time. */
  date_joined: string;
}

/** An owner in the admin's owners list. */
export interface OwnerAccount extends ListedAccount {
  theater_count: number;
}

/** The body of the OTP and password endpoints' successful answers. */
export interface MessageResponse {
  message?: string;
}

/** `POST theaters/`: the server makes the caller the owner. */
export interface NewTheater {
  name: string;
  location: string;
  rows: number;
  seats_per_row: number;
}

/** `POST movies/` */
export interface NewMovie {
  title: string;
  description: string;
  duration_minutes: number;
  language: string;
  /** 'YYYY-MM-DD' */
  release_date: string;
  theater: number;
}

/** `POST shows/` */
export interface NewShow {
  movie: number;
  theater: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  start_time: string;
  /** 'HH:MM' */
  end_time: string;
}

/** Sales figures of one group; money in rupees, occupancy from 0 to 1. */
export interface SalesFigures {
  tickets_sold: number;
  cancellations: number;
  revenue: number | string;
  capacity: number;
  occupancy: number;
}

export interface TheaterSales extends SalesFigures {
  theater_id: number;
  theater_name: string;
  shows: number;
}

export interface MovieSales extends SalesFigures {
  movie_id: number;
  movie_name: string;
  theater_name: string;
  shows: number;
}

export interface ShowSales extends SalesFigures {
  show_id: number;
  movie_name: string;
  theater_name: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  start_time: string;
}

export interface DaySales {
  /** 'YYYY-MM-DD' */
  date: string;
  tickets_sold: number;
  cancellations: number;
  revenue: number | string;
}

/** `GET reports/`: sales of the shows dated from `from` to `to`, inclusive. */
export interface SalesReport {
  from: string;
  to: string;
  totals: SalesFigures;
  by_theater: TheaterSales[];
  by_movie: MovieSales[];
  by_show: ShowSales[];
  by_day: DaySales[];
}
