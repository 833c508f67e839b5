/**
 * What the shell provides as `react-router-dom` (shared.ts points the singleton's `import` here).
 * A shared module is never tree-shaken: every export of it ships, because any remote may use
 * any of them. react-router 7 exports data routers, server rendering and cookie parsing too, and
 * whole it is about 60 kB gzipped of the landing page's JavaScript; the apps use a few
 * components and hooks (about 15 kB). Only the names below reach the browser; add one when an
 * app needs it: `router.test.ts` reads every app's imports and fails on a name missing here.
 * (Tests run against the real package: this file only shapes what the builds share.)
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
