import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Shell } from './App';

/**
 * The landing page as the browser's first render draws it (nobody signed in yet), written into
 * index.html by the build (packages/federation/src/prerender.ts): the page shows its text before
 * any script has run, and React, once loaded, hydrates it (bootstrap.tsx).
 */
export function render(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <Shell />
      </StaticRouter>
    </StrictMode>,
  );
}
