import { api, getApiBaseUrl, type ResponseOf } from '@cinema/api-client';
import { REMOTE_NAMES, type RemoteName } from '@cinema/federation';
import { currentBucket } from './bucket';
import { takePrefetchedManifest } from './prefetch';
import { type ActivePreview, settlePreview } from './preview';

/** A remote in `GET releases/manifest/`, as the API describes it. */
type ManifestRemote = ResponseOf<'/api/releases/manifest', 'get'>['remotes'][RemoteName];

/** One published build of a remote. */
export type Release = NonNullable<ManifestRemote['stable']>;
/**
 * The API's proof that this browser was sent `version` of a remote: the only way to report on it
 * (api/src/releases/telemetry/tickets.ts). Bound to the browser's address, short-lived.
 */
export type ReportTicket = NonNullable<ManifestRemote['ticket']>;
export type RemoteReleases = Pick<ManifestRemote, 'stable' | 'canary'>;
export type ReleaseManifest = Record<RemoteName, RemoteReleases>;

// The tickets of the newest manifest, per remote; kept apart from the releases, which the page
// view keeps as it booted.
const tickets = new Map<RemoteName, ReportTicket>();

/** A ticket this close to its expiry is replaced before a report. */
export const TICKET_MARGIN_MS = 60_000;

async function askForManifest(bucket: number) {
  const early = takePrefetchedManifest(bucket);
  if (early) {
    try {
      return await early;
    } catch {
      // Asked again below, with the API client's retries.
    }
  }
  return await api.get('/api/releases/manifest', { auth: false, query: { bucket } });
}

/** A preview's build as the remote's only release: no canary, whatever the bucket (preview.ts). */
const previewRelease = (preview: ActivePreview) =>
  ({
    version: preview.version ?? 'dev',
    entry: preview.entry,
    integrity: preview.integrity,
  }) as Release;

async function getManifest(bucket: number): Promise<ReleaseManifest> {
  const [body, preview] = await Promise.all([
    askForManifest(bucket),
    settlePreview(getApiBaseUrl()),
  ]);
  const manifest = {} as ReleaseManifest;
  for (const name of REMOTE_NAMES) {
    const remote = body.remotes?.[name];
    manifest[name] = { stable: remote?.stable ?? null, canary: remote?.canary ?? null };
    // A previewed remote gets no ticket: without one, no outcome event nor health beacon about
    // it is sent, so a preview never counts in a canary's or stable's figures.
    if (preview?.remote === name)
      manifest[name] = { stable: previewRelease(preview), canary: null };
    if (remote?.ticket && preview?.remote !== name) tickets.set(name, remote.ticket);
    else tickets.delete(name);
  }
  return manifest;
}

/**
 * The API's release manifest for this browser's bucket (with a report ticket per remote for the
 * version the bucket loads); null when it cannot be had (the runtime config then decides).
 */
export async function fetchReleaseManifest(
  bucket = currentBucket(),
): Promise<ReleaseManifest | null> {
  try {
    return await getManifest(bucket);
  } catch (error) {
    console.warn('The release manifest could not be loaded; using the runtime config', error);
    return null;
  }
}

const usable = (ticket: ReportTicket | undefined, version: string) =>
  ticket?.version === version && Date.parse(ticket.expires_at) - Date.now() > TICKET_MARGIN_MS
    ? ticket
    : null;

// One manifest request at a time, however many reports are waiting for a ticket.
let refreshing: Promise<unknown> | null = null;

/**
 * A ticket for reports about `version` of `remote`: the one on hand, or a fresh manifest's when it
 * is about to expire or is for another version (the bucket changes when someone signs in); null
 * when the API no longer offers one (e.g. that canary was rolled back meanwhile).
 */
export async function ticketFor(remote: RemoteName, version: string): Promise<string | null> {
  const onHand = usable(tickets.get(remote), version);
  if (onHand) return onHand.value;
  refreshing ??= getManifest(currentBucket()).finally(() => {
    refreshing = null;
  });
  await refreshing;
  return usable(tickets.get(remote), version)?.value ?? null;
}

/**
 * The ticket on hand for `version` of `remote` while it has not expired, without asking the API:
 * for a beacon sent as the page goes away, which cannot wait for a request (health.ts).
 */
export function ticketOnHand(remote: RemoteName, version: string): string | null {
  const ticket = tickets.get(remote);
  return ticket?.version === version && Date.parse(ticket.expires_at) > Date.now()
    ? ticket.value
    : null;
}

export type ReleaseOutcome = 'loaded' | 'load_failed' | 'render_failed';

/** At most 500 UTF-16 units, never ending in half a character (the API refuses a lone one). */
function cutDetail(detail: string | undefined): string | undefined {
  const cut = detail?.slice(0, 500);
  return cut && /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Tells the registry how a canary fared, so a bad one is rolled back; never throws. */
export function reportReleaseOutcome(
  remote: RemoteName,
  version: string,
  outcome: ReleaseOutcome,
  detail?: string,
): void {
  ticketFor(remote, version)
    .then((ticket) => {
      if (ticket === null) {
        console.warn(`No report ticket for ${remote} ${version}; its ${outcome} is not reported`);
        return;
      }
      return api.post('/api/releases/events', {
        body: { remote, version, outcome, ticket, detail: cutDetail(detail) },
        auth: false,
      });
    })
    .catch((error: unknown) => console.warn('A release event could not be reported', error));
}
