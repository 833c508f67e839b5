import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './features/not-found/NotFoundPage';

/** This area's screens by full URL path; the shell mounts it for the paths it owns. */
export function App() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export default App;
