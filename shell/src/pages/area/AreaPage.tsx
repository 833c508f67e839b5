/**
 * Everything an area needs beyond the landing page, in a chunk of its own that loads with the
 * first area shown (App.tsx imports it lazily; a page, as it composes several features): the API client set to the runtime config's URL,
 * the release manifest that picks each remote's build, the query cache the remotes share, and the
 * redirect when the API client ends the session. The landing page downloads none of it.
 */
import { configureApi, queryClient } from '@cinema/api-client';
import type { RemoteName } from '@cinema/federation';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { FirstScreen } from '../../features/first-screens/FirstScreen';
import { configureRemotes, preloadRemote } from '../../features/remotes/loadRemoteApp';
import { RemoteArea } from '../../features/remotes/RemoteArea';
import { loadRuntimeConfig } from '../../features/runtime-config/runtimeConfig';
import { RefreshWhenBackOnline } from '../../features/session/RefreshWhenBackOnline';
import { SessionEndRedirect } from '../../features/session/SessionEndRedirect';
import { fetchReleaseManifest } from '../../lib/releases/manifest';

let configured: Promise<void> | null = null;
let isConfigured = false;

/** Once per page view: the API's URL, then which build of each remote to load. */
function configure(): Promise<void> {
  if (configured) return configured;
  const attempt = loadRuntimeConfig().then(async (config) => {
    configureApi({ baseUrl: config.apiBaseUrl });
    // The release registry decides, the runtime config backs it up.
    configureRemotes(config.remotes, config.releases ? await fetchReleaseManifest() : null);
    isConfigured = true;
  });
  configured = attempt;
  // A config that could not be fetched is not kept: bootstrap's retry fetches it anew.
  attempt.catch(() => {
    if (configured === attempt) configured = null;
  });
  return attempt;
}

/**
 * For a page view that starts in area `name` (index.ts calls it before React has rendered): the
 * configuration, then that area's remoteEntry.js and screens.
 */
export function prepareArea(name: RemoteName): void {
  configure().then(
    () => preloadRemote(name, { screens: true }),
    () => {
      // bootstrap shows that the configuration could not be loaded.
    },
  );
}

/** Fetches `name`'s remoteEntry.js ahead of a visit (App.tsx calls it when the page is idle). */
export async function preloadArea(name: RemoteName): Promise<void> {
  await configure().then(
    () => preloadRemote(name),
    () => {},
  );
}

/**
 * True once configured, at once after the first time. A state, not `use()` and Suspense: React
 * reveals what replaces a Suspense fallback no sooner than 300 ms after it appeared.
 */
function useConfigured(): boolean {
  const [ready, setReady] = useState(isConfigured);
  useEffect(() => {
    if (ready) return;
    let live = true;
    configure().then(
      () => live && setReady(true),
      () => {
        // Only the runtime config can fail, and bootstrap renders nothing without it.
      },
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

export default function AreaPage({ name }: { name: RemoteName }) {
  const { pathname } = useLocation();
  // The page's first screen stays until the area draws the page (features/first-screens).
  const waiting = <FirstScreen pathname={pathname} />;
  if (!useConfigured()) return waiting;
  return (
    <QueryClientProvider client={queryClient}>
      <SessionEndRedirect />
      <RefreshWhenBackOnline />
      <RemoteArea name={name} fallback={waiting} />
    </QueryClientProvider>
  );
}
