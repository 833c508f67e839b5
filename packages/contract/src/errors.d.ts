// Types of errors.js (see there): each code and its HTTP status.

/** code -> the HTTP status it is sent with. */
export interface ErrorStatuses {
  validation_error: 400;
  bad_request: 400;
  invalid_json: 400;
  idempotency_key_required: 400;
  idempotency_key_invalid: 400;
  email_not_verified: 400;
  otp_not_verified: 400;
  invalid_otp: 400;
  movie_not_in_theater: 400;
  show_in_past: 400;
  show_too_far_ahead: 400;
  seats_not_of_show: 400;
  show_mismatch: 400;
  seat_not_found: 400;
  cancel_the_booking: 400;
  invalid_range: 400;
  unauthorized: 401;
  not_authenticated: 401;
  token_not_valid: 401;
  invalid_credentials: 401;
  forbidden: 403;
  permission_denied: 403;
  origin_not_allowed: 403;
  invalid_ticket: 403;
  ticket_expired: 403;
  ticket_mismatch: 403;
  admission_required: 403;
  admission_not_valid: 403;
  admission_expired: 403;
  door_staff_removed: 403;
  not_found: 404;
  show_not_found: 404;
  theater_not_found: 404;
  screen_not_found: 404;
  movie_not_found: 404;
  poster_not_found: 404;
  ticket_not_found: 404;
  deploy_key_not_found: 404;
  unknown_remote: 404;
  unknown_version: 404;
  not_in_line: 404;
  not_on_waitlist: 404;
  method_not_allowed: 405;
  conflict: 409;
  show_started: 409;
  sales_not_open: 409;
  no_waiting_room: 409;
  line_not_open: 409;
  not_sold_out: 409;
  show_overlap: 409;
  seats_unavailable: 409;
  seats_recently_held: 409;
  seat_limit_reached: 409;
  hold_limit_reached: 409;
  hold_confirmed: 409;
  hold_already_confirmed: 409;
  seat_taken: 409;
  seat_stranded: 409;
  accessible_seat_held_back: 409;
  companion_seat_alone: 409;
  seat_not_bookable: 409;
  screen_name_taken: 409;
  not_your_booking: 409;
  idempotency_key_reused: 409;
  ticket_cancelled: 409;
  ticket_checked_in: 409;
  already_checked_in: 409;
  wrong_theater: 409;
  forged_ticket: 409;
  not_checked_in: 409;
  wrong_show: 409;
  too_early: 409;
  show_ended: 409;
  version_exists: 409;
  already_stable: 409;
  no_canary: 409;
  no_earlier_stable: 409;
  no_rollout: 409;
  rollout_in_progress: 409;
  rollout_not_running: 409;
  rollout_not_paused: 409;
  deploy_key_name_taken: 409;
  deploy_key_revoked: 409;
  email_has_account: 409;
  already_invited: 409;
  gone: 410;
  hold_expired: 410;
  hold_released: 410;
  payload_too_large: 413;
  unsupported_media_type: 415;
  too_many_requests: 429;
  too_many_streams: 429;
  internal: 500;
  error: 500;
  database_unavailable: 503;
  replica_unavailable: 503;
  starting: 503;
  shutting_down: 503;
}

/** A machine code of an API error body. */
export type ErrorCode = keyof ErrorStatuses;

/** The HTTP statuses errors are sent with. */
export type ErrorStatus = ErrorStatuses[ErrorCode];

/** The codes sent with `status`: `CodeOf<409>` is every conflict's code. */
export type CodeOf<S extends ErrorStatus> = {
  [C in ErrorCode]: ErrorStatuses[C] extends S ? C : never;
}[ErrorCode];

export type ErrorCodeRegistry = {
  readonly [C in ErrorCode]: { readonly status: ErrorStatuses[C]; readonly meaning: string };
};

export declare const ERROR_CODES: ErrorCodeRegistry;

export declare function isErrorCode(code: unknown): code is ErrorCode;
