import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { login, useSignOut } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { usePublicConfig } from '../../api/public-config.ts';
import { afterLoginTarget } from '../../auth/redirect.ts';
import { clearSignOutReason, signOutReason, storeSession } from '../../auth/session.ts';
import { useSession } from '../../auth/use-session.ts';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { ErrorPanel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Logo, PRODUCT_NAME } from '../../components/layout/AppShell.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';

function Card({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/70 p-6 shadow-xl shadow-black/30 sm:p-8">
      <title>{`${t('login.title')} · ${PRODUCT_NAME}`}</title>
      <div className="mb-6 flex flex-col items-center text-center">
        <Logo className="size-11" />
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-white">{t('login.title')}</h1>
        <p className="mt-1 text-sm text-slate-400">{t('login.lead')}</p>
      </div>
      {children}
    </div>
  );
}

/**
 * SPEC's Kingdom Login. While the server has sign-in off (the default), the form is disabled and says Coming Soon;
 * with LOGIN_ENABLED=true it signs in and returns to the page the person came from.
 */
export function Component() {
  const { t } = useT();
  const config = usePublicConfig();
  const session = useSession();
  const signOut = useSignOut();
  const location = useLocation();
  const navigate = useNavigate();
  const [expired] = useState(() => signOutReason() === 'expired');
  // Shown once; from now on the guards remember where a person came from again.
  useEffect(() => clearSignOutReason(), []);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const userId = useId();
  const passwordId = useId();

  if (config.isPending) return <Spinner />;
  if (config.isError) {
    return (
      <ErrorPanel
        message={config.error.message}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  const enabled = config.data.loginEnabled;

  if (session.isAuthenticated) {
    return (
      <Card>
        <p className="text-center text-sm text-slate-300">
          {session.user?.username
            ? t('login.signedInAs', { username: session.user.username })
            : t('login.signedIn')}
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to="/admin/settings" className={primaryButton}>
            {t('login.toManagement')}
          </Link>
          <button type="button" className={secondaryButton} onClick={() => void signOut()}>
            {t('header.signOut')}
          </button>
        </div>
      </Card>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) {
      setMessage({ tone: 'info', text: t('login.disabled') });
      return;
    }
    if (!username.trim() || !password) {
      setMessage({ tone: 'error', text: t('login.required') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await login(username.trim(), password);
      storeSession(answer.token, answer.user);
      navigate(afterLoginTarget(location), { replace: true });
    } catch (error) {
      setBusy(false);
      setMessage({
        tone: 'error',
        text: isApiError(error) ? error.message : t('login.unreachable'),
      });
    }
  };

  return (
    <Card>
      {expired && enabled && (
        <Notice tone="warning" className="mb-4">
          {t('login.expired')}
        </Notice>
      )}
      {!enabled && (
        <div className="mb-5 flex justify-center">
          <span className="rounded-full border border-amber-400/50 bg-amber-400/10 px-3 py-1 text-xs font-semibold tracking-wide text-amber-200 uppercase">
            {t('login.comingSoon')}
          </span>
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('login.title')}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={userId} className="text-sm font-medium text-slate-200">
            {t('login.username')}
          </label>
          <input
            id={userId}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            disabled={!enabled || busy}
            className={`${inputClass} h-10 disabled:cursor-not-allowed disabled:opacity-60`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={passwordId} className="text-sm font-medium text-slate-200">
            {t('login.password')}
          </label>
          <input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={!enabled || busy}
            className={`${inputClass} h-10 disabled:cursor-not-allowed disabled:opacity-60`}
          />
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <button
          type="submit"
          disabled={busy}
          className={`${primaryButton} h-10 w-full ${enabled ? '' : 'bg-slate-700 text-slate-300 hover:bg-slate-700'}`}
        >
          {enabled ? (busy ? t('login.signingIn') : t('login.signIn')) : t('login.comingSoon')}
        </button>
      </form>
      {!enabled && <HostSetup />}
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="text-sky-400 underline-offset-4 hover:underline">
          {t('demo.backHome')}
        </Link>
      </p>
    </Card>
  );
}

const command = 'block overflow-x-auto rounded-md bg-slate-950 px-3 py-2 font-mono text-xs text-slate-100';

/**
 * While sign-in is off, the host who just installed the site lands here looking for how to sign in. There is no
 * default account (a default password would open every installation), so it says exactly what to run on the server.
 */
function HostSetup() {
  const { t } = useT();
  return (
    <section
      aria-labelledby="host-setup"
      className="mt-6 rounded-xl border border-slate-700 bg-slate-950/50 p-4 text-sm text-slate-300"
    >
      <h2 id="host-setup" className="font-semibold text-white">
        {t('login.host.title')}
      </h2>
      <p className="mt-1">{t('login.host.off')}</p>
      <ol className="mt-3 list-decimal space-y-3 ps-5">
        <li>
          {t('login.host.step1')}
          <code dir="ltr" className={`${command} mt-1`}>
            npm run cli -- user add &lt;name&gt; --role superadmin
          </code>
        </li>
        <li>
          {t('login.host.step2')}
          <code dir="ltr" className={`${command} mt-1`}>
            LOGIN_ENABLED=true npm start
          </code>
        </li>
        <li>{t('login.host.step3')}</li>
      </ol>
      <p className="mt-3 text-xs text-slate-400">{t('login.host.viewers')}</p>
    </section>
  );
}
