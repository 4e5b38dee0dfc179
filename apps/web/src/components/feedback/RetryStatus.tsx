import { QUERY_RETRY_COUNT } from '@kingdom-stats/core';
import { useT } from '../../i18n/i18n.ts';

interface LoadProblemProps {
  /** What is being loaded, in the user's words: 'page 2', 'the dashboard'. */
  what: string;
  /** Failed attempts so far (TanStack Query's failureCount); nothing is shown before the first failure. */
  failures: number;
  /** A request is still under way (a retry is pending or running). */
  fetching: boolean;
  /** The final failure's message once the retries are spent; null while none. */
  error: string | null;
  onRetry: () => void;
}

/**
 * A failed load over a screen that keeps what it showed (issue 14): "Couldn't load page 2 — retrying 2/3" while the
 * request is tried again, then the error with a Retry button. It floats at the foot of the window, where the pager
 * that asked for the page is, so it is seen wherever the reader has scrolled.
 */
export function LoadProblem({ what, failures, fetching, error, onRetry }: LoadProblemProps) {
  const { t } = useT();
  const retrying = fetching && failures > 0;
  if (!retrying && error === null) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div
        role={retrying ? 'status' : 'alert'}
        data-testid="load-problem"
        className={`pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-lg border px-4 py-2.5 text-sm shadow-lg shadow-black/50 ${
          retrying
            ? 'border-amber-500/50 bg-amber-950 text-amber-100'
            : 'border-red-500/50 bg-red-950 text-red-100'
        }`}
      >
        {retrying ? (
          <span>
            {t('load.retrying', {
              what,
              attempt: String(Math.min(failures, QUERY_RETRY_COUNT)),
              attempts: String(QUERY_RETRY_COUNT),
            })}
          </span>
        ) : (
          <>
            <span>{t('load.failed', { what, error })}</span>
            <button
              type="button"
              onClick={onRetry}
              disabled={fetching}
              className="rounded-md bg-sky-600 px-3 py-1 text-sm font-medium text-white hover:bg-sky-500 disabled:opacity-60"
            >
              {fetching ? t('error.retrying') : t('error.retry')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
