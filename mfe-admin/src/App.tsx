import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminPanelPage } from './features/admin-panel/AdminPanelPage';
import { BookingsPage } from './features/bookings/BookingsPage';
import { MoviesPage } from './features/movies/MoviesPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { OwnersPage } from './features/owners/OwnersPage';
import { ReleasesPage } from './features/releases/ReleasesPage';
import { ReportsPage } from './features/reports/ReportsPage';
import { ShowsPage } from './features/shows/ShowsPage';
import { TheatersPage } from './features/theaters/TheatersPage';
import { UsersPage } from './features/users/UsersPage';

/** This area's screens by full URL path; the shell mounts it for `/admin/*` and `/reports`. */
export function App() {
  return (
    <Routes>
      <Route path="/admin" element={<Navigate to="/admin/adminpanel" replace />} />
      <Route path="/admin/adminpanel" element={<AdminPanelPage />} />
      <Route path="/admin/theaters" element={<TheatersPage />} />
      <Route path="/admin/movies" element={<MoviesPage />} />
      <Route path="/admin/shows" element={<ShowsPage />} />
      <Route path="/admin/bookings" element={<BookingsPage />} />
      <Route path="/admin/owners" element={<OwnersPage />} />
      <Route path="/admin/users" element={<UsersPage />} />
      <Route path="/admin/releases" element={<ReleasesPage />} />
      <Route path="/reports" element={<ReportsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
