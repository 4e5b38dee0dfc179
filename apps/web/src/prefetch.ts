import { playerQueryOfAddress } from './api/dashboard-address.ts';
import { prefetchDashboardCalls, prefetchDemoCalls } from './api/dashboard-requests.ts';

// The page's first script: built as a classic script of its own (vite.config.ts, prefetchScript), small because it
// imports only the API client, and loaded `async` by index.html, so it runs as soon as its bytes are in, without
// waiting for the app's module graph to be compiled. On a dashboard's path it sends the screen's first API calls (for
// the view its address names) at once, so they run while the app's JavaScript downloads and starts; the route
// loaders (routes.tsx) then find them under way (api/client.ts, prefetchGet, whose early answers live on the page's
// global object for this reason) instead of sending them again. main.tsx imports this module too, first: should the
// classic script not have loaded, the app's copy sends the calls; after it, the calls are found under way.
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
