/* @ts-self-types="./errors.d.ts" */
// Every machine `code` the API sends in an error body ({detail, code, error, fields?}), with the
// one HTTP status it comes with and what it means. The API's errors are typed with these names
// (api/src/http/errors.ts), its OpenAPI document lists them per route (api/src/http/openapi.ts),
// and the apps compare ApiError.code against them (packages/api-client/src/errors.ts), so a code
// renamed here is a type error wherever it is sent or read. errors.d.ts types this object: a code
// added here and not there (or with another status) fails `tsc -p packages/contract`.

/** @type {import('./errors.d.ts').ErrorCodeRegistry} */
export const ERROR_CODES = {
  // ---- 400: the request itself is wrong
  validation_error: { status: 400, meaning: 'A field is missing or invalid: `fields` says which.' },
  bad_request: { status: 400, meaning: 'The request cannot be read (malformed JSON, say).' },
  invalid_json: { status: 400, meaning: 'The report body is not the JSON object it must be.' },
  idempotency_key_required: { status: 400, meaning: 'The Idempotency-Key header is missing.' },
  idempotency_key_invalid: { status: 400, meaning: 'The Idempotency-Key header is malformed.' },
  email_not_verified: { status: 400, meaning: 'Signup before the email address was verified.' },
  otp_not_verified: { status: 400, meaning: 'A password reset before its code was verified.' },
  invalid_otp: { status: 400, meaning: 'The emailed code is wrong or has expired.' },
  movie_not_in_theater: { status: 400, meaning: 'The movie is not listed at that theater.' },
  show_in_past: { status: 400, meaning: 'The show would start in the past.' },
  show_too_far_ahead: { status: 400, meaning: 'The show is further ahead than shows may be.' },
  seats_not_of_show: { status: 400, meaning: 'A seat asked for is not a seat of that show.' },
  show_mismatch: { status: 400, meaning: 'The show is not of that movie and theater.' },
  seat_not_found: { status: 400, meaning: 'No seat at that row and column.' },
  cancel_the_booking: { status: 400, meaning: 'A seat is freed by cancelling its booking.' },
  invalid_range: { status: 400, meaning: 'The date range ends before it starts.' },
  // ---- 401: who is calling is not known
  unauthorized: { status: 401, meaning: 'Authentication required.' },
  not_authenticated: { status: 401, meaning: 'No access token was sent.' },
  token_not_valid: { status: 401, meaning: 'The token is invalid, expired or its session ended.' },
  invalid_credentials: { status: 401, meaning: 'Wrong email, username or password.' },
  // ---- 403: known, but not allowed
  forbidden: { status: 403, meaning: 'The caller may not do this.' },
  permission_denied: { status: 403, meaning: 'The caller’s role may not do this.' },
  origin_not_allowed: { status: 403, meaning: 'This origin may not use the session cookie.' },
  invalid_ticket: { status: 403, meaning: 'The report ticket is not one the API issued.' },
  ticket_expired: { status: 403, meaning: 'The report ticket has expired.' },
  ticket_mismatch: { status: 403, meaning: 'The report ticket is for another version.' },
  // A high-demand show's holds need an admission from its waiting line (decision 0031).
  admission_required: { status: 403, meaning: 'The show is high-demand: no admission token sent.' },
  admission_not_valid: { status: 403, meaning: 'The admission is for another show or account.' },
  admission_expired: { status: 403, meaning: 'The admission’s time to choose seats has ended.' },
  // A door staff account its owner removed (decision 0040).
  door_staff_removed: { status: 403, meaning: 'The door staff account was removed by its owner.' },
  // ---- 404
  not_found: { status: 404, meaning: 'Not found (or not the caller’s to see).' },
  show_not_found: { status: 404, meaning: 'No such show (or not the owner’s).' },
  theater_not_found: { status: 404, meaning: 'No such theater (or not the owner’s).' },
  screen_not_found: { status: 404, meaning: 'No such screen (or not the owner’s).' },
  movie_not_found: { status: 404, meaning: 'No such movie (or not the owner’s).' },
  poster_not_found: { status: 404, meaning: 'No poster of that movie, version and width.' },
  ticket_not_found: { status: 404, meaning: 'No ticket has that code (or not at this door).' },
  deploy_key_not_found: { status: 404, meaning: 'No deploy key has that id.' },
  unknown_remote: { status: 404, meaning: 'No micro-frontend has that name.' },
  unknown_version: { status: 404, meaning: 'That version of the remote was never published.' },
  not_in_line: { status: 404, meaning: 'The customer is not in the show’s waiting line.' },
  not_on_waitlist: { status: 404, meaning: 'The customer is not on the show’s waitlist.' },
  method_not_allowed: { status: 405, meaning: 'The route does not take that method.' },
  // ---- 409: conflicts with the current state
  conflict: { status: 409, meaning: 'Conflicts with the current state.' },
  show_started: { status: 409, meaning: 'The show has started.' },
  sales_not_open: { status: 409, meaning: 'The show’s sales have not opened: `sales_open_at`.' },
  no_waiting_room: { status: 409, meaning: 'The show is not high-demand: it has no line.' },
  line_not_open: { status: 409, meaning: 'The waiting line opens later: `line_opens_at`.' },
  not_sold_out: { status: 409, meaning: 'The show has free seats: no waitlist needed.' },
  show_overlap: { status: 409, meaning: 'Another show is on that screen at that time.' },
  seats_unavailable: { status: 409, meaning: 'Some seats are taken or held: `seats` lists them.' },
  seats_recently_held: { status: 409, meaning: 'The caller let these seats go moments ago.' },
  seat_limit_reached: { status: 409, meaning: 'The customer has all the seats a show allows.' },
  hold_limit_reached: { status: 409, meaning: 'The customer has as many holds as allowed.' },
  hold_confirmed: { status: 409, meaning: 'The hold is paid for: it cannot be released.' },
  hold_already_confirmed: { status: 409, meaning: 'The hold was paid for already.' },
  seat_taken: { status: 409, meaning: 'The seat is booked.' },
  // The rules of choosing seats (packages/contract/src/seating.js, decision 0045).
  seat_stranded: {
    status: 409,
    meaning: 'The selection would leave a single seat empty: `seats`.',
  },
  accessible_seat_held_back: {
    status: 409,
    meaning: 'A wheelchair space or companion seat is kept back until `accessible_release_at`.',
  },
  companion_seat_alone: {
    status: 409,
    meaning: 'A companion seat without its free wheelchair space.',
  },
  seat_not_bookable: { status: 409, meaning: 'The seat is blocked: it is never sold.' },
  screen_name_taken: { status: 409, meaning: 'The theater has a screen of that name.' },
  not_your_booking: { status: 409, meaning: 'The seat is booked by someone else.' },
  idempotency_key_reused: { status: 409, meaning: 'The key was used for another request.' },
  ticket_cancelled: { status: 409, meaning: 'The ticket is cancelled.' },
  ticket_checked_in: { status: 409, meaning: 'The ticket was used at the door.' },
  already_checked_in: { status: 409, meaning: 'The ticket was scanned in already.' },
  wrong_theater: { status: 409, meaning: 'The ticket is for another theater.' },
  // Door scans (decision 0042).
  forged_ticket: {
    status: 409,
    meaning: 'The ticket’s QR code is not genuine (its signature fails).',
  },
  not_checked_in: { status: 409, meaning: 'The ticket is not inside: it cannot be let out.' },
  wrong_show: { status: 409, meaning: 'The ticket is for another show.' },
  too_early: { status: 409, meaning: 'The doors of the show are not open yet.' },
  show_ended: { status: 409, meaning: 'The show has ended.' },
  version_exists: { status: 409, meaning: 'The version was published with another entry.' },
  already_stable: { status: 409, meaning: 'The version is the stable one already.' },
  no_canary: { status: 409, meaning: 'The remote has no canary to promote.' },
  no_earlier_stable: { status: 409, meaning: 'No earlier stable version to roll back to.' },
  no_rollout: { status: 409, meaning: 'The remote has no rollout under way.' },
  rollout_in_progress: { status: 409, meaning: 'A rollout of the remote is under way.' },
  rollout_not_running: { status: 409, meaning: 'The rollout is paused already.' },
  rollout_not_paused: { status: 409, meaning: 'The rollout is not paused.' },
  deploy_key_name_taken: { status: 409, meaning: 'A deploy key has that name already.' },
  deploy_key_revoked: { status: 409, meaning: 'The deploy key is revoked already.' },
  email_has_account: { status: 409, meaning: 'The address has an account: it cannot be invited.' },
  already_invited: { status: 409, meaning: 'The address has a live door staff invitation.' },
  // ---- 410
  gone: { status: 410, meaning: 'Gone.' },
  hold_expired: { status: 410, meaning: 'The hold’s time ran out.' },
  hold_released: { status: 410, meaning: 'The hold was released.' },
  // ---- 413, 415, 429
  payload_too_large: { status: 413, meaning: 'The request body is too large.' },
  unsupported_media_type: { status: 415, meaning: 'The body is not of a type the route reads.' },
  too_many_requests: { status: 429, meaning: 'Too many requests: `Retry-After` says when again.' },
  too_many_streams: { status: 429, meaning: 'Too many live seat maps open at once.' },
  // ---- 5xx: the server, not the request
  internal: { status: 500, meaning: 'An unexpected error (it is logged).' },
  error: { status: 500, meaning: 'An HTTP failure of a status without a code (sent with it).' },
  database_unavailable: { status: 503, meaning: 'The database cannot be reached: try again.' },
  replica_unavailable: { status: 503, meaning: 'The read replica cannot be reached: try again.' },
  starting: { status: 503, meaning: 'The API is starting: try again in a moment.' },
  shutting_down: { status: 503, meaning: 'The API is shutting down: another instance answers.' },
};

/**
 * Whether `code` is one of the codes above (for a code read from a response body).
 * @param {unknown} code
 * @returns {code is import('./errors.d.ts').ErrorCode}
 */
export function isErrorCode(code) {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}
