import { ErrorState } from '@cinema/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig } from './features/runtime-config/runtimeConfig';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// The page renders as soon as the runtime config is in. What an area needs (the API client, the
// query cache, the release manifest) loads with the first area shown (features/remotes/Area.tsx),
// so the landing page downloads none of it.
async function boot(fresh = false) {
  try {
    await loadRuntimeConfig(fresh);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The site configuration could not be loaded', error);
    root.render(
      <ErrorState
        title="The site could not start"
        message="Its configuration could not be loaded. Please try again in a moment."
        onRetry={() => {
          root.render(null);
          void boot(true);
        }}
      />,
    );
  }
}

void boot();
