import { useAuthStore } from '@cinema/auth';
import { ErrorState } from '@cinema/ui';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { loadRuntimeConfig } from './features/runtime-config/runtimeConfig';
import { settlePreview } from './lib/releases/preview';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('The page has no #root element');
  return element;
}

const container = rootElement();
let root: Root | null = null;

/**
 * `/` comes with the landing page already drawn by the build (prerender.tsx) for nobody signed
 * in: React adopts that markup rather than drawing it again. A signed-in visitor's header has
 * other links, so for them React draws the page afresh, in one frame, as on every other page.
 */
const adoptSentPage =
  window.location.pathname === '/' &&
  container.hasChildNodes() &&
  useAuthStore.getState().access === null;

// The page renders as soon as the runtime config is in. What an area needs (the API client, the
// query cache, the release manifest) loads with the first area shown (App.tsx, pages/area),
// so the landing page downloads none of it.
async function boot(fresh = false) {
  try {
    const config = await loadRuntimeConfig(fresh);
    // A `?preview=` link is checked alongside the first render, not before it (preview.ts).
    void settlePreview(config.apiBaseUrl);
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    if (root === null && adoptSentPage) {
      root = hydrateRoot(container, app);
      return;
    }
    root ??= createRoot(container);
    root.render(app);
  } catch (error) {
    console.error('The site configuration could not be loaded', error);
    root ??= createRoot(container);
    root.render(
      <ErrorState
        title="The site could not start"
        message="Its configuration could not be loaded. Please try again in a moment."
        onRetry={() => {
          root?.render(null);
          void boot(true);
        }}
      />,
    );
  }
}

void boot();
