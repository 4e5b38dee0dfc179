import { NavLink } from 'react-router';
import { type SessionApi, useSession } from '../../auth/use-session.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';

/** The viewer screens of one kingdom, all opened with its access code. */
export type ViewerScreen = 'dashboard' | 'kd-dashboard' | 'rally' | 'movements' | 'activity';

interface ScreenLink {
  screen: ViewerScreen;
  label: MessageId;
  path: (kd: string, code: string) => string;
}

const seg = (value: string) => encodeURIComponent(value);

/**
 * The screens every holder of the access code can open, in the order the bar shows them. A new viewer screen (the
 * governor page, when it exists) is one more entry here and one more ViewerScreen name; every screen's bar then
 * links to it.
 */
export const VIEWER_SCREENS: readonly ScreenLink[] = [
  { screen: 'dashboard', label: 'nav.dashboard', path: (kd, code) => `/${seg(kd)}/dashboard/${seg(code)}` },
  {
    screen: 'kd-dashboard',
    label: 'nav.kvkDkp',
    path: (kd, code) => `/${seg(kd)}/kd-dashboard/${seg(code)}`,
  },
  { screen: 'rally', label: 'nav.rallies', path: (kd, code) => `/${seg(kd)}/rallydata/${seg(code)}` },
  {
    screen: 'movements',
    label: 'nav.movements',
    path: (kd, code) => `/${seg(kd)}/movements/${seg(code)}`,
  },
  { screen: 'activity', label: 'nav.activity', path: (kd, code) => `/${seg(kd)}/activity/${seg(code)}` },
];

/** Who may change a kingdom's settings and formula: its admins and every superadmin (the server's canAdminKingdom). */
export function canAdminKingdom(
  session: Pick<SessionApi, 'isAuthenticated' | 'isSuperadmin' | 'user'>,
  kd: string,
) {
  if (!session.isAuthenticated) return false;
  if (session.isSuperadmin) return true;
  return session.user?.role === 'admin' && (session.user.kingdoms ?? []).includes(Number(kd));
}

export const formulaEditorPath = (kd: string, code: string) => `/${seg(kd)}/formula/${seg(code)}`;
export const kingdomSettingsPath = (kd: string, code: string) => `/admin/settings/${seg(kd)}/${seg(code)}`;
export const kingdomHomePath = (kd: string) => `/${seg(kd)}/home`;

const link =
  'shrink-0 rounded-full border px-3 py-1 text-xs font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';
const idle = 'border-slate-800 text-slate-300 hover:border-slate-600 hover:text-white';
const active = 'border-sky-500/60 bg-sky-500/10 text-sky-100';

/**
 * One kingdom's screens side by side (issue 14, "one place per kingdom"): its dashboard, KvK DKP and rallies for
 * everyone with the code, and for the kingdom's admins its home, settings and formula editor.
 */
export function KingdomNav({ kd, code }: { kd: string; code: string }) {
  const { t } = useT();
  const session = useSession();
  const admin = canAdminKingdom(session, kd);
  const className = ({ isActive }: { isActive: boolean }) => `${link} ${isActive ? active : idle}`;
  return (
    <nav aria-label={t('nav.kingdom', { kd })} className="-mx-1 mb-4 flex gap-1.5 overflow-x-auto px-1 pb-1">
      {VIEWER_SCREENS.map(({ screen, label, path }) => (
        <NavLink key={screen} to={path(kd, code)} className={className}>
          {t(label)}
        </NavLink>
      ))}
      {admin && (
        <>
          <span aria-hidden="true" className="mx-1 w-px shrink-0 self-stretch bg-slate-800" />
          <NavLink to={kingdomHomePath(kd)} className={className}>
            {t('nav.kingdomHome')}
          </NavLink>
          <NavLink to={formulaEditorPath(kd, code)} className={className}>
            {t('nav.formula')}
          </NavLink>
          <NavLink to={kingdomSettingsPath(kd, code)} className={className}>
            {t('nav.settings')}
          </NavLink>
        </>
      )}
    </nav>
  );
}
