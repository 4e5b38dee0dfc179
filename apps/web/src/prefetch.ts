import { prefetchDashboardCalls, prefetchDemoCalls } from './api/dashboard-requests.ts';

// The page's first script: a separate entry, run before the app's bundle (vite.config.ts puts it first in
// index.html), small because it imports only the API client. On a dashboard's path it sends the screen's first API
// calls at once, so they run while the app's JavaScript downloads and starts; the route loaders (routes.tsx) then
// find them under way (api/client.ts, prefetchGet) instead of sending them again. Paths as in routes.tsx.

const path = window.location.pathname;
const demo = /^\/demo\/dashboard\/([^/]+)\/?$/.exec(path);
const dashboard = /^\/([^/]+)\/dashboard\/([^/]+)\/?$/.exec(path);
try {
  if (demo) prefetchDemoCalls(decodeURIComponent(demo[1]!));
  else if (dashboard)
    prefetchDashboardCalls(decodeURIComponent(dashboard[1]!), decodeURIComponent(dashboard[2]!));
} catch {
  // A malformed path (bad percent-encoding): the app's router deals with it.
}
