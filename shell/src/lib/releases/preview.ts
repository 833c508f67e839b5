// A private preview (docs/decisions/0036-private-previews.md): a link `?preview=<token>` makes
// this browser, and only it, load one build of one remote (a published version or a developer's
// dev server) in place of what the manifest gives it, until the link expires or the person leaves
// the preview. The API checks the token (GET releases/previews/{token}/); what it loads is kept
// in localStorage, so the preview survives reloads and other tabs of this browser. A previewed
// remote has no report ticket (manifest.ts), so nothing about it reaches the canary's figures.
// No shared library is imported here: bootstrap.tsx asks for the link before they are all in.
import { REMOTE_NAMES, type RemoteName } from '@cinema/federation';

export const PREVIEW_PARAM = 'preview';
export const PREVIEW_KEY = 'cinema-preview';

export type ActivePreview = {
  remote: RemoteName;
  /** null: a developer's dev server (`npm run dev -- <remote>`), no published version. */
  version: string | null;
  entry: string;
  integrity: string | null;
  expires_at: string;
};

function parsePreview(value: unknown): ActivePreview | null {
  if (typeof value !== 'object' || value === null) return null;
  const { remote, version, entry, integrity, expires_at } = value as Record<string, unknown>;
  if (!REMOTE_NAMES.includes(remote as RemoteName)) return null;
  if (version !== null && typeof version !== 'string') return null;
  if (typeof entry !== 'string' || !/^https?:\/\//.test(entry)) return null;
  if (integrity !== null && integrity !== undefined && typeof integrity !== 'string') return null;
  if (typeof expires_at !== 'string' || Number.isNaN(Date.parse(expires_at))) return null;
  return {
    remote: remote as RemoteName,
    version,
    entry,
    integrity: integrity ?? null,
    expires_at,
  };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The preview this browser keeps, unless it has expired (then it is dropped) or is unreadable. */
export function storedPreview(now = Date.now()): ActivePreview | null {
  const store = storage();
  const raw = store?.getItem(PREVIEW_KEY);
  if (!raw) return null;
  let preview: ActivePreview | null = null;
  try {
    preview = parsePreview(JSON.parse(raw));
  } catch {}
  if (preview && Date.parse(preview.expires_at) > now) return preview;
  store?.removeItem(PREVIEW_KEY);
  return null;
}

/** Ends the preview in this browser (its next page load gets what everyone gets). */
export function leavePreview(): void {
  storage()?.removeItem(PREVIEW_KEY);
}

/** The token in this page's address, taken out of it (so a shared or bookmarked URL has none). */
function takeLinkToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(PREVIEW_PARAM);
  if (token === null) return null;
  url.searchParams.delete(PREVIEW_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

async function askApi(apiBaseUrl: string, token: string): Promise<ActivePreview | null> {
  const url = `${apiBaseUrl.replace(/\/+$/, '')}/releases/previews/${encodeURIComponent(token)}/`;
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  return parsePreview(await response.json());
}

let settled: Promise<ActivePreview | null> | null = null;

/**
 * Once per page view: a `?preview=` link in the address is checked with the API and, when valid,
 * kept (replacing any earlier preview); a forged or expired one changes nothing but a warning.
 * Resolves with the preview in force for this page view. bootstrap.tsx and manifest.ts both call
 * it (whichever is first asks the API); it never rejects.
 */
export function settlePreview(apiBaseUrl: string): Promise<ActivePreview | null> {
  if (settled) return settled;
  const token = takeLinkToken();
  settled = (async () => {
    if (token !== null) {
      try {
        const preview = await askApi(apiBaseUrl, token);
        if (preview && Date.parse(preview.expires_at) > Date.now()) {
          storage()?.setItem(PREVIEW_KEY, JSON.stringify(preview));
        } else {
          console.warn('This preview link is not valid or has expired; nothing changes');
        }
      } catch (error) {
        console.warn('The preview link could not be checked; nothing changes', error);
      }
    }
    return storedPreview();
  })();
  return settled;
}

/** The preview in force for this page view, once any link in its address has been checked. */
export function previewInForce(): Promise<ActivePreview | null> {
  return settled ?? Promise.resolve(storedPreview());
}

/** For tests: the next call to settlePreview reads the address again. */
export function resetPreview(): void {
  settled = null;
}
