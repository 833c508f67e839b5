import { configureApi } from '@cinema/api-client';
import { ErrorState } from '@cinema/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { configureRemotes } from './features/remotes/loadRemoteApp';
import { fetchRuntimeConfig } from './features/runtime-config/runtimeConfig';
import { fetchReleaseManifest } from './lib/releases/manifest';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

async function boot() {
  try {
    const config = await fetchRuntimeConfig();
    configureApi({ baseUrl: config.apiBaseUrl });
    // Which build of each remote to load: the release registry decides, the config backs it up.
    configureRemotes(config.remotes, config.releases ? await fetchReleaseManifest() : null);
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
          void boot();
        }}
      />,
    );
  }
}

void boot();
