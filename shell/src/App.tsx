import { queryClient } from '@cinema/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionEndRedirect />
        <Header />
        <main className={styles.main}>
          <ShellRoutes />
        </main>
        <ToastContainer position="top-right" autoClose={5000} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
