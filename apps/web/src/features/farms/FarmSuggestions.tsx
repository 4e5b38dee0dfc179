import type { FarmSuggestion } from '@kingdom-stats/core/api';
import { secondaryButton } from '../../components/controls/styles.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, smallButton } from '../kingdom-settings/shared.ts';
import type { useFarmActions } from './api.ts';

/** Links a Hero Scrolls Rolled Up sheet suggests (its Farms rows under their Primary row), waiting for an admin. */
export function FarmSuggestions({
  suggestions,
  actions,
}: {
  suggestions: FarmSuggestion[];
  actions: ReturnType<typeof useFarmActions>;
}) {
  const busy = actions.accept.isPending || actions.dismiss.isPending;
  const failed = actions.accept.error ?? actions.dismiss.error;
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold text-white">Suggested by Rolled Up sheets</h3>
      {suggestions.length === 0 ? (
        <p className="text-sm text-slate-400">
          None waiting. Importing a Hero Scrolls file suggests the farms its Rolled Up sheet lists.
        </p>
      ) : (
        <>
          <ul
            className="divide-y divide-slate-800 rounded-lg border border-slate-800"
            aria-label="Suggested links"
          >
            {suggestions.map((s) => (
              <li
                key={s.farmId}
                className="flex flex-wrap items-center gap-3 px-3 py-2.5"
                data-suggestion={s.farmId}
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="break-words text-white">
                    <span className="font-medium">{s.farmName}</span>{' '}
                    <span className="text-slate-400">({s.farmId})</span>
                  </p>
                  <p className="break-words text-slate-400">
                    Farm of <span className="text-slate-200">{s.mainName}</span> ({s.mainId}) · {s.fileName}
                  </p>
                </div>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy}
                  aria-label={`Accept: ${s.farmName} is a farm of ${s.mainName}`}
                  onClick={() => actions.accept.mutate([s.farmId])}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy}
                  aria-label={`Dismiss the suggestion for ${s.farmName}`}
                  onClick={() => actions.dismiss.mutate([s.farmId])}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
          {suggestions.length > 1 && (
            <button
              type="button"
              className={`${secondaryButton} mt-3`}
              disabled={busy}
              onClick={() => actions.accept.mutate(undefined)}
            >
              Accept all {suggestions.length}
            </button>
          )}
        </>
      )}
      {failed && (
        <Notice tone="error" className="mt-2">
          {errorText(failed, 'Failed to update the suggestions')}
        </Notice>
      )}
    </div>
  );
}
