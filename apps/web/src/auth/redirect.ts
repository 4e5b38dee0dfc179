import type { Location } from 'react-router';

export interface LoginRedirectState {
  from?: string;
}

export function loginPath(from: string): string {
  return `/login?next=${encodeURIComponent(from)}`;
}

// Only same-site paths: a crafted ?next=https://… or //host must not turn the login page into an open redirect.
function isLocalPath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
  );
}

/** Where a sign-in without a remembered origin lands: staff sign in to manage their kingdoms. */
export const DEFAULT_AFTER_LOGIN = '/admin/settings';

/** Where the login page sends a user after signing in: the remembered origin, else Kingdom Management. */
export function afterLoginTarget(location: Pick<Location, 'search' | 'state'>): string {
  const state = location.state as LoginRedirectState | null;
  if (isLocalPath(state?.from)) return state.from;
  const next = new URLSearchParams(location.search).get('next');
  return isLocalPath(next) ? next : DEFAULT_AFTER_LOGIN;
}
