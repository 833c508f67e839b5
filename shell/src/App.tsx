import { queryClient } from '@cinema/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import styles from './App.module.css';
import { Header } from './features/header/Header';
import { LandingPage } from './features/landing/LandingPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { remoteForPath } from './features/remotes/areas';
import { RemoteArea } from './features/remotes/RemoteArea';
import { SessionEndRedirect } from './features/session/SessionEndRedirect';

const MAIN_ID = 'main-content';

/** Every path but `/` belongs to a remote or is the shell's 404. */
function AreaOrNotFound() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  // Keyed by remote so moving between areas mounts the right one afresh.
  return remote ? <RemoteArea key={remote} name={remote} /> : <NotFoundPage />;
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionEndRedirect />
        {/* The first Tab stop: past the header's links straight to the page. */}
        <a href={`#${MAIN_ID}`} className={styles.skipLink} onClick={skipToMain}>
          Skip to main content
        </a>
        <Header />
        <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
          <ShellRoutes />
        </main>
        <ToastContainer position="top-right" autoClose={5000} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
