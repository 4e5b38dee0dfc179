import { useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/** The editor's address without its tab: '/1234/formula/CODE' of '/1234/formula/CODE/goals'. */
export function editorBase(pathname: string): string {
  return pathname.split('/').slice(0, 4).join('/');
}

/** The season whose rules the editor shows (`?season=N`; '' for the current one). */
function seasonOf(search: string): string {
  return new URLSearchParams(search).get('season') ?? '';
}

/**
 * Asks before unsaved changes are left behind (issue 14): a link or Back inside the app is held by the router's
 * blocker until the person answers; a reload, a typed address or closing the tab gets the browser's own question.
 * Moving between the editor's tabs is not leaving; choosing another season's rules is. `allowLeave` lets one
 * deliberate navigation through (the trip to the login page, which keeps the draft).
 */
export function useLeaveGuard(dirty: boolean): { blocker: Blocker; allowLeave: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (editorBase(nextLocation.pathname) !== editorBase(currentLocation.pathname) ||
        seasonOf(nextLocation.search) !== seasonOf(currentLocation.search)),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    blocker,
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
