import { Link } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useSession } from '../../auth/use-session.ts';
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

export const INVALID_LINK_TITLE = 'This link is not valid';

/** Shown in place of a whole viewer screen (dashboard, KvK DKP, rally, formula) when its link is not valid. */
export function InvalidLinkPanel() {
  const { isAuthenticated } = useSession();
  return (
    <div data-testid="invalid-link">
      <Panel title={INVALID_LINK_TITLE} tone="error">
        <p>
          The kingdom number or its access code in this address is wrong. The code may have been changed by
          the kingdom's leaders, or the link was mistyped or cut short.
        </p>
        <p>Ask your kingdom's leaders for the current link.</p>
        <div className="flex flex-col justify-center gap-2 sm:flex-row">
          <Link to="/" className={primaryButton}>
            Go to the home page
          </Link>
          {isAuthenticated && (
            <Link to="/admin/settings" className={secondaryButton}>
              Kingdom Management
            </Link>
          )}
        </div>
      </Panel>
    </div>
  );
}
