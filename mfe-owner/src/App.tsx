import { type Role, useAccess } from '@cinema/auth';
import { AccessGate } from '@cinema/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OwnerLayout } from './components/OwnerLayout';
import { BookingsPage } from './features/bookings/BookingsPage';
import { CheckInPage } from './features/check-in/CheckInPage';
import { AddMoviePage } from './features/movies/AddMoviePage';
import { MoviesPage } from './features/movies/MoviesPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { ScreenLayoutPage } from './features/screen-layout/ScreenLayoutPage';
import { ScreensPage } from './features/screens/ScreensPage';
import { SeatLayoutPage } from './features/seat-layout/SeatLayoutPage';
import { AddShowPage } from './features/shows/AddShowPage';
import { ShowsPage } from './features/shows/ShowsPage';
import { AddTheaterPage } from './features/theaters/AddTheaterPage';
import { TheatersPage } from './features/theaters/TheatersPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { DoorPage } from './pages/door/DoorPage';

const OWNERS: readonly Role[] = ['owner'];
// Door staff may use the check-in and nothing else here (docs/decisions/0040-door-staff.md).
const AT_THE_DOOR: readonly Role[] = ['owner', 'door'];

/** This area's screens by full URL path; the shell mounts it for the paths it owns. */
export function App() {
  const access = useAccess(OWNERS);
  const doorAccess = useAccess(AT_THE_DOOR);
  return (
    <Routes>
      <Route path="/owner" element={<Navigate to="/owner/dashboard" replace />} />
      {/* Every screen is a theater owner's: others see one login prompt or whose area this is. */}
      <Route element={<AccessGate access={access} loginTitle="Log in to manage your theaters" />}>
        <Route path="/owner/dashboard" element={<DashboardPage />} />
        <Route element={<OwnerLayout />}>
          <Route path="/owner/theaters" element={<TheatersPage />} />
          <Route path="/owner/theaters/:id/screens" element={<ScreensPage />} />
          <Route path="/owner/screens/:id/layout" element={<ScreenLayoutPage />} />
          <Route path="/owner/movies" element={<MoviesPage />} />
          <Route path="/owner/shows" element={<ShowsPage />} />
          <Route path="/owner/add-theater" element={<AddTheaterPage />} />
          <Route path="/owner/add-movie" element={<AddMoviePage />} />
          <Route path="/owner/add-show" element={<AddShowPage />} />
          <Route path="/owner/bookings" element={<BookingsPage />} />
          <Route path="/owner/seatlayout" element={<SeatLayoutPage />} />
          <Route path="/owner/door-staff" element={<DoorPage />} />
        </Route>
      </Route>
      <Route
        element={<AccessGate access={doorAccess} loginTitle="Log in to manage your theaters" />}
      >
        <Route element={<OwnerLayout />}>
          <Route path="/owner/checkin" element={<CheckInPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
