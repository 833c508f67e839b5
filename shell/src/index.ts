import { remoteForPath } from './features/remotes/areas';
import { loadRuntimeConfig } from './features/runtime-config/runtimeConfig';
import { preconnect, preloadScript } from './lib/preconnect';
import { currentBucket } from './lib/releases/bucket';
import { chooseRelease } from './lib/releases/choose';
import { prefetchReleaseManifest } from './lib/releases/prefetch';
import { storedPreview } from './lib/releases/preview';
import { setUpServiceWorkerAfterLoad } from './lib/serviceWorker';

// The runtime config is fetched while React and the shared libraries load, not after them; as
// soon as it is in, the connections to the remote of the area asked for and to the API (unless
// it is on the page's own origin, as `npm start` and docs/operations.md's CDN set-up put it) open,
// the release manifest is asked for, and once it names the area's build its remoteEntry.js
// starts downloading: each of those waited for the one before on a phone's round trips.
loadRuntimeConfig().then(
  (config) => {
    const here = remoteForPath(window.location.pathname);
    // The landing page needs neither: the look-ahead (App.tsx) asks for the manifest once the
    // page has painted. Asked for here, it was one more connection on the way to that paint.
    if (!here) return;
    preconnect([config.apiBaseUrl, config.remotes[here].entry]);
    if (!config.releases) return;
    // This browser previews the area's remote: that build, not the manifest's (preview.ts).
    const stored = storedPreview();
    const previewed = stored?.remote === here ? stored : null;
    if (previewed) preloadScript(previewed.entry, previewed.integrity);
    const bucket = currentBucket();
    prefetchReleaseManifest(config.apiBaseUrl, bucket).then(
      (manifest) => {
        if (previewed) return;
        const releases = manifest.remotes?.[here];
        const choice = releases && chooseRelease(releases, bucket);
        if (choice) preloadScript(choice.release.entry, choice.release.integrity);
      },
      () => {
        // manifest.ts asks again, and falls back to the runtime config.
      },
    );
  },
  () => {
    // bootstrap shows the failure, with a retry.
  },
);

// The offline app shell (docs/decisions/0044-offline-app-shell.md): production builds only.
setUpServiceWorkerAfterLoad(process.env.NODE_ENV === 'production');

// An async boundary: shared singletons are negotiated before any React code runs.
import('./bootstrap');

// A page view that starts in an area fetches what areas need (the same chunk App.tsx loads
// lazily), then that area's remote, alongside the shell's own code instead of after it. The
// chunk is named in both imports: left to itself the bundler made one chunk for each (the
// entry's with its own copies of what bootstrap loads), and a page downloaded both, 3.5 kB more.
const area = remoteForPath(window.location.pathname);
if (area) {
  void import(/* webpackChunkName: "area" */ './pages/area/AreaPage').then(({ prepareArea }) =>
    prepareArea(area),
  );
}
