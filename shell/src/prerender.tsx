import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Shell } from './App';
import { FIRST_SCREEN_PATHS } from './features/first-screens/FirstScreen';

/**
 * The pages the build draws (packages/federation/src/prerender.ts): `/` into index.html, and the
 * first screens of FIRST_SCREEN_PATHS into `<path>.html` (decision 0055), each as the browser's
 * first render draws it before any area has loaded.
 */
export const pages: readonly string[] = ['/', ...FIRST_SCREEN_PATHS];

/**
 * The page at `path` for nobody signed in yet: on `/` React adopts it (bootstrap.tsx). The
 * login is for people signed out; the other first screens are reached signed in, so their header
 * waits for the session (Header sessionPending) and React draws them afresh, in one frame.
 */
export function render(path = '/'): string {
  const signedOutPage = path === '/' || path.startsWith('/auth/');
  return renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <Shell sessionPending={!signedOutPage} />
      </StaticRouter>
    </StrictMode>,
  );
}
