import { COPYRIGHT_YEAR } from '@kingdom-stats/core';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSignOut } from '../../api/auth.ts';
import { usePublicConfig } from '../../api/public-config.ts';
import { useSession } from '../../auth/use-session.ts';
import { useT } from '../../i18n/i18n.ts';
import { LanguageMenu } from '../../i18n/LanguageMenu.tsx';

export const PRODUCT_NAME = 'Kingdom Stats';

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';
const navLink = `rounded-md px-2 py-1.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white ${focus}`;
const navLinkActive = 'bg-slate-800 text-white';

export function Logo({ className = 'size-7' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="6" fill="#0ea5e9" />
      <path d="M7 23h18v3H7zM7 10l4.5 4L16 7l4.5 7L25 10v11H7z" fill="#020617" />
    </svg>
  );
}

function ExternalIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 opacity-70">
      <path d="M6 3h7v7M13 3 5 11" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * The header of every screen (SPEC §1): the shop link, Login when signed out, Sign Out when signed in, User
 * Management for superadmins. Kingdom Management is linked for every signed-in user. On a phone the links that
 * do not fit beside the name move to a second row.
 */
function SiteHeader() {
  const { t } = useT();
  const { isAuthenticated, isSuperadmin, user } = useSession();
  const config = usePublicConfig();
  const signOut = useSignOut();
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';
  const shopUrl = config.data?.shopUrl ?? null;

  const links = (
    <>
      {shopUrl && (
        <a
          href={shopUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${navLink} inline-flex items-center gap-1`}
        >
          {t('header.shop')}
          <ExternalIcon />
        </a>
      )}
      {isAuthenticated && (
        <NavLink
          to="/admin/settings"
          end
          className={({ isActive }) => `${navLink} ${isActive ? navLinkActive : ''}`}
        >
          {t('header.kingdomManagement')}
        </NavLink>
      )}
      {isAuthenticated && isSuperadmin && (
        <NavLink
          to="/admin/users"
          className={({ isActive }) => `${navLink} ${isActive ? navLinkActive : ''}`}
        >
          {t('header.userManagement')}
        </NavLink>
      )}
    </>
  );
  const hasLinks = shopUrl !== null || isAuthenticated;

  return (
    <header className="border-b border-slate-800 bg-slate-900/80">
      {/* At 375 px the name, the language menu and Login or Sign Out fit side by side in every language (issue 38):
          a smaller name and gaps on phones, and the menu drawn as a globe and a code there (LanguageMenu). */}
      <div className="mx-auto flex h-14 w-full max-w-7xl items-center justify-between gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        <Link
          to="/"
          className={`flex min-w-0 items-center gap-2 rounded text-base font-semibold tracking-tight whitespace-nowrap text-white hover:text-sky-300 sm:text-lg ${focus}`}
        >
          <Logo />
          <span className="truncate">{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label={t('header.siteNav')} className="flex items-center gap-1">
          <div className="hidden items-center gap-1 sm:flex">{links}</div>
          <LanguageMenu />
          {isAuthenticated ? (
            <>
              {user?.username && (
                <span
                  className="hidden px-2 text-sm text-slate-400 lg:inline"
                  title={t('header.signedInAs', { username: user.username })}
                >
                  {user.username}
                </span>
              )}
              <button
                type="button"
                onClick={() => void signOut()}
                className={`ms-1 h-9 rounded-lg border whitespace-nowrap border-slate-700 px-2.5 text-sm font-medium sm:px-3 text-slate-200 hover:border-slate-500 hover:bg-slate-800 ${focus}`}
              >
                {t('header.signOut')}
              </button>
            </>
          ) : (
            <Link
              to="/login"
              className={`ms-1 inline-flex h-9 items-center rounded-lg bg-sky-500 px-3 whitespace-nowrap sm:px-4 text-sm font-semibold text-slate-950 hover:bg-sky-400 ${focus}`}
            >
              {t('header.login')}
            </Link>
          )}
        </nav>
      </div>
      {hasLinks && (
        <nav aria-label={t('header.siteLinks')} className="border-t border-slate-800/70 sm:hidden">
          <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-1 px-3 py-1.5">
            {links}
          </div>
        </nav>
      )}
      {/* Screens load as separate chunks; without a cue a slow network makes links feel dead. */}
      <div aria-hidden="true" className="h-0.5 overflow-hidden">
        {navigating && <div className="h-full w-full animate-pulse bg-sky-500" />}
      </div>
    </header>
  );
}

export function AppShell() {
  const { t } = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-950 text-slate-100">
      <SiteHeader />

      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Outlet />
      </main>

      <footer className="border-t border-slate-800">
        <p className="mx-auto w-full max-w-7xl px-4 py-4 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          {t('footer.notice', { product: PRODUCT_NAME, year: String(COPYRIGHT_YEAR) })}
        </p>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
