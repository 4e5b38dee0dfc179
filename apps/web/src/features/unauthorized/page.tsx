import { FORBIDDEN_MESSAGE } from '@kingdom-stats/core/api';
import { Link } from 'react-router';
import { useSession } from '../../auth/use-session.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { PRODUCT_NAME } from '../../components/layout/AppShell.tsx';

export const ACCESS_DENIED_TITLE = 'Access Denied';

const ROLE_NAMES: Record<string, string> = { admin: 'Admin', superadmin: 'Super Admin' };

/** SPEC's Access Denied page: the current role, Back to Home, and for role admin Go to Admin Settings. */
export function Component() {
  const { role, isAuthenticated } = useSession();
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-red-500/30 bg-slate-900/70 p-6 text-center sm:p-8">
      <title>{`${ACCESS_DENIED_TITLE} · ${PRODUCT_NAME}`}</title>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="mx-auto size-12 rounded-full bg-red-500/15 p-2.5 text-red-300"
      >
        <rect x="5" y="11" width="14" height="9" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </svg>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-white sm:text-3xl">{ACCESS_DENIED_TITLE}</h1>
      <p className="mt-3 text-slate-300">{FORBIDDEN_MESSAGE}</p>
      <p className="mt-4 text-sm text-slate-400">
        {isAuthenticated ? (
          <>
            Current role:{' '}
            <strong className="font-semibold text-slate-100">
              {ROLE_NAMES[role ?? ''] ?? role ?? 'unknown'}
            </strong>
          </>
        ) : (
          'You are not signed in.'
        )}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Link to="/" className={secondaryButton}>
          Back to Home
        </Link>
        {role === 'admin' && (
          <Link to="/admin/settings" className={primaryButton}>
            Go to Admin Settings
          </Link>
        )}
      </div>
    </section>
  );
}
