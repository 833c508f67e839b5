import { refreshWhenBackOnline } from '@cinema/api-client';
import { useEffect } from 'react';

/**
 * A session whose access token ran out while the network was gone (a door scanner offline) is
 * refreshed as soon as the network is back, before the scanner's sync needs it. Offline it stays
 * signed in: only the server refusing the refresh token ends it (packages/api-client
 * tokenRefresh.ts, docs/decisions/0044-offline-app-shell.md).
 */
export function RefreshWhenBackOnline() {
  useEffect(() => refreshWhenBackOnline(), []);
  return null;
}
