import type { ApiComponents, RequestBodyOf } from '@cinema/api-client';

// The shapes of the door's calls, from the API's own description (generated/openapi.ts); what
// they mean: docs/decisions/0042-door-scans-merged-across-devices.md and 0043.

/** One show at the door, as GET tickets/check-in/shows/ lists it. */
export type CheckInShow = ApiComponents['schemas']['CheckInShow'];

/** GET tickets/check-in/shows/{id}/offline/: all a door needs to decide alone. */
export type OfflineData = ApiComponents['schemas']['CheckInOfflineShow'];

/** A ticket of the show as the door keeps it offline: never its code, only the code's hash. */
export type OfflineTicket = OfflineData['tickets'][number];

export type SyncRequest = RequestBodyOf<'/api/tickets/check-in/sync', 'post'>;

/** One scan as POST tickets/check-in/sync/ takes it. */
export type SyncScan = SyncRequest['scans'][number];

export type ScanKind = SyncScan['kind'];

export type SyncAnswer = ApiComponents['schemas']['CheckInSync'];
export type SyncResult = SyncAnswer['results'][number];

/** GET tickets/check-in/shows/{id}/scans/: counts per device and the tickets shown twice. */
export type ScansSummary = ApiComponents['schemas']['CheckInShowScans'];
