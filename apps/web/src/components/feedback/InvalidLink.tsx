import { Link } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useSession } from '../../auth/use-session.ts';
import { useT } from '../../i18n/i18n.ts';
import { primaryButton, secondaryButton } from '../controls/styles.ts';
import { Panel } from './Panel.tsx';

/**
 * A viewer screen's answer to a kingdom number and access code that name no kingdom: the server says 404 'Kingdom
 * not found' for both a wrong code and an unknown kingdom, and never which. Retrying cannot help, so the screen says
 * what is wrong with the link instead of showing a server fault (issue 14).
 */
export function isInvalidLinkError(error: unknown): boolean {
  return isApiError(error, 404);
}

/** Shown in place of a whole viewer screen (dashboard, KvK DKP, rally, formula) when its link is not valid. */
export function InvalidLinkPanel() {
  const { t } = useT();
  const { isAuthenticated } = useSession();
  return (
    <div data-testid="invalid-link">
      <Panel title={t('invalidLink.title')} tone="error">
        <p>{t('invalidLink.text')}</p>
        <p>{t('invalidLink.ask')}</p>
        <div className="flex flex-col justify-center gap-2 sm:flex-row">
          <Link to="/" className={primaryButton}>
            {t('invalidLink.home')}
          </Link>
          {isAuthenticated && (
            <Link to="/admin/settings" className={secondaryButton}>
              {t('header.kingdomManagement')}
            </Link>
          )}
        </div>
      </Panel>
    </div>
  );
}
