import { useSession } from '@cinema/auth';
import type { RemoteName } from '@cinema/federation';
import { ErrorState, Loading } from '@cinema/ui';
import { type MouseEvent, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import 'react-toastify/dist/ReactToastify.css';
import styles from './App.module.css';
import { FirstScreen } from './features/first-screens/FirstScreen';
import { Header } from './features/header/Header';
import { LandingPage } from './features/landing/LandingPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { PreviewNotice } from './features/preview/PreviewNotice';
import { whenAreaSettled } from './features/remotes/areaSettled';
import { remoteForPath } from './features/remotes/areas';
import { nextLikelyArea } from './features/remotes/nextArea';
import { Toasts } from './features/toasts/Toasts';
import { whenIdle } from './lib/idle';

// What every area needs (API client, query cache, release manifest, the remote loader) loads with
// the first area shown: the landing page does without it. One named chunk, shared with index.ts.
type AreaModule = typeof import('./pages/area/AreaPage');
let areaModule: AreaModule | null = null;
const loadArea = () =>
  import(/* webpackChunkName: "area" */ './pages/area/AreaPage').then((module) => {
    areaModule = module;
    return module;
  });

/**
 * An area's page, once its chunk is in; the loading state until then. Not `React.lazy`: React
 * reveals what replaces a Suspense fallback no sooner than 300 ms after the fallback appeared (its
 * throttle), so the area's first screen waited that long after its code had arrived.
 */
function Area({ name }: { name: RemoteName }) {
  const { pathname } = useLocation();
  const [module, setModule] = useState(areaModule);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module || failed) return;
    let live = true;
    loadArea().then(
      (loaded) => live && setModule(loaded),
      (error: unknown) => {
        console.warn('The shell chunk every area needs could not be loaded', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [module, failed]);
  if (failed) {
    return (
      <ErrorState
        title="This page could not be loaded"
        message="Your connection may have dropped. Please try again."
        onRetry={() => setFailed(false)}
      />
    );
  }
  if (!module) return <FirstScreen pathname={pathname} />;
  return <module.default name={name} />;
}

const MAIN_ID = 'main-content';

/** Every path but `/` belongs to a remote or is the shell's 404. */
function AreaOrNotFound() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  // Keyed by remote so moving between areas mounts the right one afresh.
  return remote ? <Area key={remote} name={remote} /> : <NotFoundPage />;
}

/**
 * How long after the area on screen has painted the look-ahead waits: the browser reports that
 * paint (LCP) a frame or two later, and nobody follows a link within half a second of seeing it.
 */
const LOOK_AHEAD_DELAY_MS = 500;

/**
 * When the page is idle, fetches the remoteEntry.js of the area the person will most likely open
 * next (nextArea.ts), so that following the link does not wait for it. The performance mark lets
 * measurements tell this look-ahead from what the page itself needed (scripts/web-budgets.mjs).
 */
function PreloadNextArea() {
  const { pathname } = useLocation();
  const { role } = useSession();
  const here = remoteForPath(pathname);
  const next = nextLikelyArea(pathname, role);
  useEffect(() => {
    if (!next) return;
    let stopped = false;
    let cancel = () => {};
    // First what is on screen: an area's own remote, painted, before any look-ahead.
    void (here ? whenAreaSettled(here) : Promise.resolve()).then(() => {
      if (stopped) return;
      const timer = setTimeout(() => {
        cancel = whenIdle(() => {
          performance.mark('cinema:preload', { detail: next });
          void loadArea().then(({ preloadArea }) => preloadArea(next as RemoteName));
        });
      }, LOOK_AHEAD_DELAY_MS);
      cancel = () => clearTimeout(timer);
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, [here, next]);
  return null;
}

export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="*" element={<AreaOrNotFound />} />
    </Routes>
  );
}

/** Moves the focus itself: following '#main-content' would add it to the URL and the history. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * The whole page, under whichever router renders it: the browser's (App) or the build's
 * (prerender.tsx, which may draw the header before the session is known).
 */
export function Shell({ sessionPending = false }: { sessionPending?: boolean }) {
  return (
    <>
      {/* The first Tab stop: past the header's links straight to the page. */}
      <a href={`#${MAIN_ID}`} className={styles.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      <PreviewNotice />
      <Header sessionPending={sessionPending} />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<Loading />}>
          <ShellRoutes />
        </Suspense>
      </main>
      <Toasts />
      <PreloadNextArea />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  );
}
