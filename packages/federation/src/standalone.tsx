/**
 * Runs one remote on its own (its dev server, no shell): the same providers the shell gives it,
 * so a team can work on its area alone. Under the shell this file is never loaded.
 */
import { configureApi, DEFAULT_API_BASE_URL, queryClient } from '@cinema/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export function mountStandalone(App: ComponentType, apiBaseUrl = DEFAULT_API_BASE_URL) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  configureApi({ baseUrl: apiBaseUrl });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem 1rem' }}>
            <App />
          </main>
          <ToastContainer position="top-right" autoClose={5000} />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
