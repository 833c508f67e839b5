export type {
  Account,
  Booking,
  ConfirmHoldResponse,
  DaySales,
  HeldSeat,
  Hold,
  LinePlace,
  ListedAccount,
  MessageResponse,
  Movie,
  MovieSales,
  NewMovie,
  NewShow,
  NewTheater,
  OwnerAccount,
  Paged,
  Poster,
  QueueLengths,
  RequestBodyOf,
  ResponseOf,
  Sale,
  SalesFigures,
  SalesReport,
  Seat,
  SeatChange,
  SeatStatus,
  SeatsEvent,
  Show,
  ShowSales,
  Theater,
  TheaterSales,
  Ticket,
  TicketSeat,
  WaitlistEntry,
} from './apiTypes';
export {
  type ApiPath,
  type ApiRequestOptions,
  api,
  apiFetch,
  type CallOptions,
  listOf,
  pageOf,
  type SuccessOf,
  specPath,
} from './client';
export {
  type ApiConfig,
  apiUrl,
  configureApi,
  DEFAULT_API_BASE_URL,
  getApiBaseUrl,
  type QueryParams,
} from './config';
export { ApiError, type ClientErrorCode, type ErrorCode, errorMessage } from './errors';
export {
  EVENT_STREAM_IDLE_TIMEOUT_MS,
  EVENT_STREAM_MAX_RETRY_MS,
  EVENT_STREAM_RETRY_MS,
  type EventStream,
  type EventStreamOptions,
  EventStreamParser,
  openEventStream,
  type StreamEvent,
  type StreamFailure,
} from './eventStream';
// The API's own description of its calls, generated from its OpenAPI document (scripts/openapi.mjs).
export type {
  components as ApiComponents,
  operations as ApiOperations,
  paths as ApiPaths,
} from './generated/openapi';
export type { HttpMethod } from './http';
export { createQueryClient, queryClient } from './queryClient';
export type {
  NewScreen,
  SavedScreen,
  Screen,
  ScreenChanges,
  ScreenLayout,
} from './screens';
export {
  openSeatEvents,
  readSeatEvent,
  type SeatEvent,
  type SeatEventHandlers,
} from './seatEvents';
export {
  onLogout,
  REFRESH_MARGIN_SECONDS,
  refreshAccessToken,
  refreshWhenBackOnline,
} from './tokenRefresh';
export {
  type AppliedSeatChanges,
  applyEachSeatChange,
  type LiveSeatMap,
  type LiveSeatMapOptions,
  type SeatUpdate,
  useLiveSeatMap,
} from './useLiveSeatMap';
