import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type LoginRedirectState, loginPath } from './redirect.ts';
import { type Role, signOutReason } from './session.ts';
import { useSession } from './use-session.ts';

interface RequireAuthProps {
  /** When set, a signed-in user without this role is sent to /unauthorized. */
  requiredRole?: Role;
  children?: ReactNode;
}

/**
 * Client-side gate only: it decides which screen to show, the server still enforces every permission.
 * The origin travels both in navigation state and in ?next= so it survives a reload of the login page.
 */
export function RequireAuth({ requiredRole, children }: RequireAuthProps) {
  const { isAuthenticated, role: currentRole } = useSession();
  const location = useLocation();

  if (!isAuthenticated) {
    // Right after Sign Out the page being left is not an origin to return to (SPEC §4: Sign Out goes to /login).
    if (signOutReason() === 'signed-out') return <Navigate to="/login" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    const state: LoginRedirectState = { from };
    return <Navigate to={loginPath(from)} state={state} replace />;
  }
  if (requiredRole !== undefined && currentRole !== requiredRole) {
    return <Navigate to="/unauthorized" replace />;
  }
  return children ?? <Outlet />;
}
