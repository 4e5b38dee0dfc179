import { useSyncExternalStore } from 'react';
import { readSession, type Session, signOut, storeSession, subscribeToSession } from './session.ts';

export interface SessionApi extends Session {
  role: string | null;
  isSuperadmin: boolean;
  storeSession: typeof storeSession;
  signOut: typeof signOut;
}

/**
 * The current session, re-rendering on sign-in and sign-out in this tab or another. Backed by localStorage
 * directly, so it needs no provider and the API client reads the very same token.
 */
export function useSession(): SessionApi {
  const session = useSyncExternalStore(subscribeToSession, readSession);
  const role = session.user?.role ?? null;
  return { ...session, role, isSuperadmin: role === 'superadmin', storeSession, signOut };
}
