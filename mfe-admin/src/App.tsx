import { type Role, useAccess } from '@cinema/auth';
import { AccessGate } from '@cinema/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuditPage } from './features/audit/AuditPage';
import { BookingsPage } from './features/bookings/BookingsPage';
import { MoviesPage } from './features/movies/MoviesPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { OwnersPage } from './features/owners/OwnersPage';
import { ReleasesPage } from './features/releases/ReleasesPage';
import { ReportsPage } from './features/reports/ReportsPage';
import { ShowsPage } from './features/shows/ShowsPage';
import { TheatersPage } from './features/theaters/TheatersPage';
import { UsersPage } from './features/users/UsersPage';
import { AdminPanelPage } from './pages/admin-panel/AdminPanelPage';

const ADMINS: readonly Role[] = ['admin'];
// The server scopes the report: every theater for an admin, their own for an owner.
const REPORT_READERS: readonly Role[] = ['admin', 'owner'];

/** This area's screens by full URL path; the shell mounts it for `/admin/*` and `/reports`. */
export function App() {
  const adminAccess = useAccess(ADMINS);
  const reportAccess = useAccess(REPORT_READERS);
  return (
    <Routes>
      <Route path="/admin" element={<Navigate to="/admin/adminpanel" replace />} />
      {/* Others see one login prompt or whose area this is, never a screen of refusals. */}
      <Route element={<AccessGate access={adminAccess} loginTitle="Log in to the admin area" />}>
        <Route path="/admin/adminpanel" element={<AdminPanelPage />} />
        <Route path="/admin/theaters" element={<TheatersPage />} />
        <Route path="/admin/movies" element={<MoviesPage />} />
        <Route path="/admin/shows" element={<ShowsPage />} />
        <Route path="/admin/bookings" element={<BookingsPage />} />
        <Route path="/admin/owners" element={<OwnersPage />} />
        <Route path="/admin/users" element={<UsersPage />} />
        <Route path="/admin/releases" element={<ReleasesPage />} />
        <Route path="/admin/audit" element={<AuditPage />} />
      </Route>
      <Route element={<AccessGate access={reportAccess} loginTitle="Log in to see reports" />}>
        <Route path="/reports" element={<ReportsPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
