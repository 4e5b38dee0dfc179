import { playerQueryOfAddress } from './api/dashboard-address.ts';
import { prefetchDashboardCalls, prefetchDemoCalls } from './api/dashboard-requests.ts';

// The page's first script: a build entry of its own, small because it imports only the API client. index.html loads
// it as an async module script (vite.config.ts) and main.tsx imports it before anything else, so it runs before the
// app's libraries are evaluated, or earlier (a module runs once, however it is reached). On a dashboard's path it
// sends the screen's first API calls (for the view its address names) at once, so they run while the app's JavaScript downloads and starts; the
// route loaders (routes.tsx) then find them under way (api/client.ts, prefetchGet) instead of sending them again.
// Paths as in routes.tsx.

const path = window.location.pathname;
const demo = /^\/demo\/dashboard\/([^/]+)\/?$/.exec(path);
const dashboard = /^\/([^/]+)\/dashboard\/([^/]+)\/?$/.exec(path);
try {
  const addressed = (defaultTop: number | null) => playerQueryOfAddress(window.location.search, defaultTop);
  if (demo) prefetchDemoCalls(decodeURIComponent(demo[1]!), addressed);
  else if (dashboard)
    prefetchDashboardCalls(
      decodeURIComponent(dashboard[1]!),
      decodeURIComponent(dashboard[2]!),
      undefined,
      addressed,
    );
} catch {
  // A malformed path (bad percent-encoding): the app's router deals with it.
}
