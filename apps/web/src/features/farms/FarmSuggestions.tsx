import type { FarmSuggestion } from '@kingdom-stats/core/api';
import { secondaryButton } from '../../components/controls/styles.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
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
  const { t } = useT();
  const busy = actions.accept.isPending || actions.dismiss.isPending;
  const failed = actions.accept.error ?? actions.dismiss.error;
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold text-white">{t('farms.suggested')}</h3>
      {suggestions.length === 0 ? (
        <p className="text-sm text-slate-400">{t('farms.noSuggestions')}</p>
      ) : (
        <>
          <ul
            className="divide-y divide-slate-800 rounded-lg border border-slate-800"
            aria-label={t('farms.suggestedLabel')}
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
                    {t('farms.farmOf', { main: s.mainName, id: String(s.mainId) })} · {s.fileName}
                  </p>
                </div>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy}
                  aria-label={t('farms.acceptLabel', { farm: s.farmName, main: s.mainName })}
                  onClick={() => actions.accept.mutate([s.farmId])}
                >
                  {t('farms.accept')}
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={busy}
                  aria-label={t('farms.dismissLabel', { farm: s.farmName })}
                  onClick={() => actions.dismiss.mutate([s.farmId])}
                >
                  {t('farms.dismiss')}
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
              {t('farms.acceptAll', { n: fullNumber(suggestions.length) })}
            </button>
          )}
        </>
      )}
      {failed && (
        <Notice tone="error" className="mt-2">
          {errorText(failed, t('farms.suggestionsFailed'))}
        </Notice>
      )}
    </div>
  );
}
