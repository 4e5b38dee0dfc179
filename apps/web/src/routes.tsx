import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { Spinner } from './components/feedback/Spinner.tsx';
import { AppShell } from './components/layout/AppShell.tsx';

// SPEC §2's route table. Every screen is a lazy route module exporting `Component`, so the first download holds
// only the shell. The root deliberately has no errorElement: SPEC's error page is React Router's default one.
export const routes: RouteObject[] = [
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
          { path: ':kd/dashboard/:code', lazy: () => import('./features/dashboard/page.tsx') },
          { path: ':kd/kd-dashboard/:code', lazy: () => import('./features/kd-dashboard/page.tsx') },
          { path: ':kd/rallydata/:code', lazy: () => import('./features/rally/page.tsx') },
          { path: ':kd/formula/:code/:tab?', lazy: () => import('./features/formula/page.tsx') },
          { path: 'demo/dashboard/:secret', lazy: () => import('./features/demo/page.tsx') },
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
