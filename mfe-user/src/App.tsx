import { type Role, useAccess } from '@cinema/auth';
import { AccessGate } from '@cinema/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { UserLayout } from './components/UserLayout';
import { MyTicketsPage } from './features/my-tickets/MyTicketsPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { PaymentPage } from './features/payment/PaymentPage';
import { TheatersPage } from './features/theaters/TheatersPage';
import { CancelPage } from './pages/cancel/CancelPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { MoviesPage } from './pages/movies/MoviesPage';
import { SeatLayoutRoute } from './pages/seat-layout/SeatLayoutRoute';
import { ShowsPage } from './pages/shows/ShowsPage';

const CUSTOMERS: readonly Role[] = ['user'];

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
          <Route path="/user/seat-layout" element={<SeatLayoutRoute />} />
          <Route path="/user/payment" element={<PaymentPage />} />
          <Route path="/user/cancel" element={<CancelPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
