import { Trans } from '@lingui/react';
import { Link } from 'react-router';
import { useSession } from '../../auth/use-session.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { PRODUCT_NAME } from '../../components/layout/AppShell.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';

const ROLE_NAMES: Record<string, MessageId> = { admin: 'role.admin', superadmin: 'role.superadmin' };

/** SPEC's Access Denied page: the current role, Back to Home, and for role admin Go to Admin Settings. */
export function Component() {
  const { t } = useT();
  const { role, isAuthenticated } = useSession();
  const roleName = role && ROLE_NAMES[role] ? t(ROLE_NAMES[role]) : (role ?? t('role.unknown'));
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-red-500/30 bg-slate-900/70 p-6 text-center sm:p-8">
      <title>{`${t('unauthorized.title')} · ${PRODUCT_NAME}`}</title>
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
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-white sm:text-3xl">
        {t('unauthorized.title')}
      </h1>
      <p className="mt-3 text-slate-300">{t('unauthorized.message')}</p>
      <p className="mt-4 text-sm text-slate-400">
        {isAuthenticated ? (
          <Trans
            id="unauthorized.currentRole"
            values={{ role: roleName }}
            components={{ 0: <strong className="font-semibold text-slate-100" /> }}
          />
        ) : (
          t('unauthorized.notSignedIn')
        )}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Link to="/" className={secondaryButton}>
          {t('demo.backHome')}
        </Link>
        {role === 'admin' && (
          <Link to="/admin/settings" className={primaryButton}>
            {t('unauthorized.adminSettings')}
          </Link>
        )}
      </div>
    </section>
  );
}
