import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { prefetchDashboard } from './api/dashboard.ts';
import { prefetchDemo } from './api/demo.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { Spinner } from './components/feedback/Spinner.tsx';
import { AppShell } from './components/layout/AppShell.tsx';

/** The dashboards' loaders only start requests: they run again when the path changes, not on every navigation. */
const onNewPath: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

// SPEC §2's route table. Every screen is a lazy route module exporting `Component`, so the first download holds
// only the shell. The root deliberately has no errorElement: SPEC's error page is React Router's default one.
// The dashboards' loaders send the screen's first API calls when the route matches, while its chunks download
// (they return at once: the screen keeps its own loading and error states). The server preloads those chunks with
// the page for these paths (apps/server/src/plugins/web-app.ts, PRELOADED_ROUTES).
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: AppShell,
      children: [
        {
          // While the first screen's chunk downloads the shell is already drawn around this spinner.
          HydrateFallback: Spinner,
          children: [
            { index: true, lazy: () => import('./features/landing/page.tsx') },
            { path: 'login', lazy: () => import('./features/login/page.tsx') },
            { path: 'unauthorized', lazy: () => import('./features/unauthorized/page.tsx') },
            {
              path: ':kd/dashboard/:code',
              loader: ({ params, request }) => {
                prefetchDashboard(
                  queryClient,
                  params.kd ?? '',
                  params.code ?? '',
                  new URL(request.url).search,
                );
                return null;
              },
              shouldRevalidate: onNewPath,
              lazy: () => import('./features/dashboard/page.tsx'),
            },
            { path: ':kd/kd-dashboard/:code', lazy: () => import('./features/kd-dashboard/page.tsx') },
            { path: ':kd/rallydata/:code', lazy: () => import('./features/rally/page.tsx') },
            { path: ':kd/movements/:code', lazy: () => import('./features/movements/page.tsx') },
            { path: ':kd/activity/:code', lazy: () => import('./features/alliance-activity/page.tsx') },
            { path: ':kd/governor/:id/:code', lazy: () => import('./features/governor/page.tsx') },
            { path: ':kd/compare/:code', lazy: () => import('./features/compare/page.tsx') },
            { path: ':kd/formula/:code/:tab?', lazy: () => import('./features/formula/page.tsx') },
            {
              path: 'demo/dashboard/:secret',
              loader: ({ params }) => {
                prefetchDemo(queryClient, params.secret ?? '');
                return null;
              },
              shouldRevalidate: onNewPath,
              lazy: () => import('./features/demo/page.tsx'),
            },
            {
              element: <RequireAuth />,
              children: [
                { path: ':kdno/home', lazy: () => import('./features/kingdom-home/page.tsx') },
                { path: 'admin/settings', lazy: () => import('./features/admin-settings/page.tsx') },
                // SPEC leaves its access "not shown": admins of the kingdom and superadmins (the server decides; an
                // admin of another kingdom gets 403 and is sent to /unauthorized).
                {
                  path: 'admin/settings/:kdno/:code',
                  lazy: () => import('./features/kingdom-settings/page.tsx'),
                },
                {
                  path: 'admin/settings/:kdno/:code/migration-list',
                  lazy: () => import('./features/migration-list/page.tsx'),
                },
                {
                  path: 'admin/settings/:kdno/:code/review',
                  lazy: () => import('./features/data-review/page.tsx'),
                },
              ],
            },
            {
              element: <RequireAuth requiredRole="superadmin" />,
              children: [{ path: 'admin/users', lazy: () => import('./features/users/page.tsx') }],
            },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ];
}
