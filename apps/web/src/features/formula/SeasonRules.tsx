import type { FormulaSeason } from '@kingdom-stats/core/api';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { selectClass } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';

/**
 * Rules belong to a KvK season (docs/dkp.md, "Each season's rules"): the editor edits one season's at a time, chosen
 * here (`?season=N` in the address, the current season without it), and a past season's change is confirmed first.
 */

/** The season asked for in the address (undefined: the current one) and a way to choose another. */
export function useSeasonParam(): [number | undefined, (kvkNumber: number) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.get('season');
  const season = text !== null && /^\d{1,6}$/.test(text) ? Number(text) : undefined;
  const choose = (kvkNumber: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('season', String(kvkNumber));
        return next;
      },
      { replace: false },
    );
  return [season, choose];
}

interface SeasonSelectProps {
  season: FormulaSeason | null;
  seasons: readonly FormulaSeason[];
  onSeason: (kvkNumber: number) => void;
}

/** Which season's rules are on the page, and the others to switch to; a past season says what a change does. */
export function SeasonSelect({ season, seasons, onSeason }: SeasonSelectProps) {
  const { t } = useT();
  const id = useId();
  if (!season) return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-300">
          {t('formula.season.label')}
        </label>
        <select
          id={id}
          data-testid="formula-season"
          className={`${selectClass} sm:w-56`}
          value={season.kvkNumber}
          onChange={(event) => onSeason(Number(event.target.value))}
        >
          {seasons.map((s) => (
            <option key={s.kvkNumber} value={s.kvkNumber}>
              {s.current
                ? t('formula.season.current', { n: String(s.kvkNumber) })
                : t('settings.seasons.kvk', { kvk: String(s.kvkNumber) })}
            </option>
          ))}
        </select>
      </div>
      {season.past && (
        <Notice tone="info">
          <span data-testid="formula-past-season">
            {t('formula.season.pastNotice', { n: String(season.kvkNumber) })}
          </span>
        </Notice>
      )}
    </div>
  );
}

interface PastSeasonDialogProps {
  /** The past season whose rules are about to change; null: closed. */
  kvkNumber: number | null;
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Change the rules of KvK N? Its DKP and ranks will be recomputed." before a past season's save. */
export function PastSeasonDialog({ kvkNumber, busy, busyLabel, onConfirm, onClose }: PastSeasonDialogProps) {
  const { t } = useT();
  return (
    <ConfirmDialog
      open={kvkNumber !== null}
      title={t('formula.pastConfirm.title', { n: String(kvkNumber ?? '') })}
      confirmLabel={t('formula.pastConfirm.confirm')}
      busyLabel={busyLabel}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t('formula.pastConfirm.body')}</p>
    </ConfirmDialog>
  );
}
