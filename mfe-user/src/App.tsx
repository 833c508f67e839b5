import { type Role, useAccess } from '@cinema/auth';
import { AccessGate, FIRST_SCREEN_TEXTS, Page, Skeleton } from '@cinema/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { UserLayout } from './components/UserLayout';
import { MyTicketsPage } from './features/my-tickets/MyTicketsPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { PaymentPage } from './features/payment/PaymentPage';
import { TheatersPage } from './features/theaters/TheatersPage';
import { CancelPage } from './pages/cancel/CancelPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { MoviesPage } from './pages/movies/MoviesPage';
import { ShowsPage } from './pages/shows/ShowsPage';

const CUSTOMERS: readonly Role[] = ['user'];

// The seat page (the map of a screen's layout, its rules, the list mode, the waiting line) loads
// when it is opened, not with every customer page: the first-visit budget of /user/theaters
// (scripts/web-budgets.mjs).
const SeatLayoutRoute = lazy(() =>
  import('./pages/seat-layout/SeatLayoutRoute').then((module) => ({
    default: module.SeatLayoutRoute,
  })),
);

/** This area's screens by full URL path; the shell mounts it for the paths it owns. */
export function App() {
  const access = useAccess(CUSTOMERS);
  return (
    <Routes>
      <Route path="/user" element={<Navigate to="/user/dashboard" replace />} />
      {/* Every screen is a customer's: others see one login prompt or whose area this is. */}
      <Route element={<AccessGate access={access} loginTitle="Log in to book tickets" />}>
        <Route path="/user/dashboard" element={<DashboardPage />} />
        <Route element={<UserLayout />}>
          <Route path="/user/theaters" element={<TheatersPage />} />
          <Route path="/user/movies" element={<MoviesPage />} />
          <Route path="/user/shows" element={<ShowsPage />} />
          <Route path="/user/my-tickets" element={<MyTicketsPage />} />
          <Route
            path="/user/seat-layout"
            element={
              <Suspense
                fallback={
                  // The seat map's loading screen (SeatLayoutPage), title included: the shell's
                  // first screen of this page looks the same (decision 0055).
                  <Page title={FIRST_SCREEN_TEXTS.seatMap.title} focusOnArrival={false}>
                    <Skeleton lines={10} label={FIRST_SCREEN_TEXTS.seatMap.busy} />
                  </Page>
                }
              >
                <SeatLayoutRoute />
              </Suspense>
            }
          />
          <Route path="/user/payment" element={<PaymentPage />} />
          <Route path="/user/cancel" element={<CancelPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
