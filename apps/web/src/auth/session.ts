// The session as stored, without React: the API client reads its token here, and the page's first script bundles
// the API client (vite.config.ts), so this module must not pull React in. The hook is use-session.ts.

// Storage keys fixed by SPEC §3: the signed-in user (JSON with a role) and the session token.
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export type Role = 'admin' | 'superadmin';

export interface SessionUser {
  id?: number;
  username?: string;
  role: string;
  /** Kingdoms an admin administers (from the login answer). */
  kingdoms?: number[];
}

/** Why the last sign-out happened, so the login page can say "your session has expired". */
export type SignOutReason = 'signed-out' | 'expired';
let lastSignOutReason: SignOutReason | null = null;

/** Why this tab was last signed out, until the login page has shown it (or the next sign-in). */
export function signOutReason(): SignOutReason | null {
  return lastSignOutReason;
}

export function clearSignOutReason(): void {
  lastSignOutReason = null;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** SPEC §4: authenticated means a token is present, whatever the stored user says. */
  isAuthenticated: boolean;
}

// Storage can throw (disabled cookies, some private modes); treat that as "signed out" rather than crashing.
function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as { role?: unknown }).role === 'string') {
      return value as SessionUser;
    }
  } catch {
    // A hand-edited or stale entry is as good as no user.
  }
  return null;
}

// useSyncExternalStore needs a stable snapshot between changes, so the parsed session is cached against the raw
// storage strings it came from.
let cache: { token: string | null; rawUser: string | null; session: Session } | null = null;

export function readSession(): Session {
  const token = readItem(TOKEN_KEY);
  const rawUser = readItem(USER_KEY);
  if (cache === null || cache.token !== token || cache.rawUser !== rawUser) {
    const present = token !== null && token !== '';
    cache = {
      token,
      rawUser,
      session: { token: present ? token : null, user: parseUser(rawUser), isAuthenticated: present },
    };
  }
  return cache.session;
}

export function getToken(): string | null {
  return readSession().token;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the session changes, in this tab or another; answers the unsubscribe. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function storeSession(token: string, user: SessionUser): void {
  lastSignOutReason = null;
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Clears the stored session (SPEC §4). The server-side revocation is useSignOut's job. */
export function signOut(reason: SignOutReason = 'signed-out'): void {
  lastSignOutReason = reason;
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } finally {
    notify();
  }
}
