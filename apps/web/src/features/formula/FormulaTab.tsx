import {
  deadTroopsSettingsIssue,
  defaultDeadTroopsPoints,
  MAX_STAT_POINTS,
  type StatName,
} from '@kingdom-stats/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { HohValidation } from '../../api/formula.ts';
import { Switch } from '../../components/controls/Switch.tsx';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { decimalNumber, fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { type DraftStats, LISTED_STATS, previewFormula } from './editor.ts';
import { formulaPreviewTerms, issueText, statLabel } from './messages.ts';
import { FieldError, NumberField } from './ui.tsx';

interface FormulaTabProps {
  stats: DraftStats;
  onStats: (stats: DraftStats) => void;
  hoh: HohValidation;
  activeKvk: boolean;
  /** Where this kingdom's admin uploads Hall of Heroes data; null for people who cannot. */
  hohUploadPath: string | null;
  /** Signed in without rights on this kingdom: shown, not edited. */
  readOnly?: boolean;
}

export function FormulaPreview({ stats }: { stats: DraftStats }) {
  const { t } = useT();
  const terms = formulaPreviewTerms(previewFormula(stats));
  return (
    <section
      aria-labelledby="dkp-preview-title"
      className="rounded-xl border border-amber-500/25 bg-gradient-to-r from-amber-500/10 via-slate-900/60 to-slate-900/60 p-3 sm:p-4"
    >
      <h2 id="dkp-preview-title" className="text-xs font-bold tracking-widest text-amber-300 uppercase">
        {t('formula.preview')}
      </h2>
      <p
        data-testid="formula-preview"
        aria-live="polite"
        className="mt-1.5 font-mono text-sm break-words text-amber-100"
      >
        {terms.length === 0 ? (
          <span className="font-sans text-slate-400">{t('formula.previewEmpty')}</span>
        ) : (
          // One isolate per term, so that right-to-left text keeps each 'name x points' together.
          terms.map((term, index) => (
            <Fragment key={term}>
              {index > 0 && ' + '}
              <bdi>{term}</bdi>
            </Fragment>
          ))
        )}
      </p>
    </section>
  );
}

/** SPEC §2 Formula tab: a switch and a points input per stat; Dead Troops has the T4/T5 settings beside it. */
export function FormulaTab({
  stats,
  onStats,
  hoh,
  activeKvk,
  hohUploadPath,
  readOnly = false,
}: FormulaTabProps) {
  const { t } = useT();
  const [modalOpen, setModalOpen] = useState(false);
  const setTerm = (name: StatName, value: number | null, enabled: boolean) =>
    onStats({ ...stats, [name]: [value, enabled] });
  const t45On = stats['T4 Dead Troops'][1] || stats['T5 Dead Troops'][1];

  return (
    <div className="space-y-4">
      <FormulaPreview stats={stats} />
      <fieldset disabled={readOnly} className="contents">
        <ul aria-label={t('formula.settings')} className="grid gap-2 sm:grid-cols-2">
          {LISTED_STATS.map((name) => {
            const [value, enabled] = stats[name];
            const label = statLabel(name);
            return (
              <li
                key={name}
                data-stat={name}
                className={`flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors ${
                  enabled ? 'border-sky-500/30 bg-sky-500/5' : 'border-slate-800 bg-slate-900/60'
                }`}
              >
                <div className="min-w-0 flex-1">
                  <Switch
                    checked={enabled}
                    label={label}
                    onChange={(on) => {
                      // Dead Troops and the Hall of Heroes T4/T5 terms count the same deaths: one or the other.
                      if (name === 'Dead Troops' && on && t45On) {
                        onStats({
                          ...stats,
                          'Dead Troops': [value, true],
                          'T4 Dead Troops': [stats['T4 Dead Troops'][0], false],
                          'T5 Dead Troops': [stats['T5 Dead Troops'][0], false],
                        });
                      } else setTerm(name, value, on);
                    }}
                  />
                  {name === 'Dead Troops' && t45On && (
                    <p className="mt-1 text-xs text-amber-200/90" data-testid="t45-note">
                      {t('formula.t45Note', {
                        t4: decimalNumber(stats['T4 Dead Troops'][0] ?? 0),
                        t5: decimalNumber(stats['T5 Dead Troops'][0] ?? 0),
                      })}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <NumberField
                    label={t('formula.points', { stat: label })}
                    hideLabel
                    value={value}
                    onChange={(v) => setTerm(name, v, enabled)}
                    min={0}
                    max={MAX_STAT_POINTS}
                    step="any"
                    className="w-28"
                    unit={t('formula.pts')}
                    invalid={
                      (enabled && value === null) ||
                      (value !== null && (value < 0 || value > MAX_STAT_POINTS))
                    }
                  />
                  {name === 'Dead Troops' && (
                    <button
                      type="button"
                      className={`${secondaryButton} size-9 px-0 ${t45On ? 'border-amber-400/60 text-amber-200' : ''}`}
                      aria-label={t('formula.t45Settings')}
                      title={t('formula.t45Settings')}
                      onClick={() => setModalOpen(true)}
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4.5" fill="currentColor">
                        <path
                          fillRule="evenodd"
                          d="M8.34 1.8a1 1 0 0 1 .98-.8h1.36a1 1 0 0 1 .98.8l.25 1.28c.5.19.97.46 1.4.79l1.23-.42a1 1 0 0 1 1.19.45l.68 1.18a1 1 0 0 1-.2 1.25l-.98.86a6.1 6.1 0 0 1 0 1.62l.98.86a1 1 0 0 1 .2 1.25l-.68 1.18a1 1 0 0 1-1.19.45l-1.23-.42c-.43.33-.9.6-1.4.79l-.25 1.28a1 1 0 0 1-.98.8H9.32a1 1 0 0 1-.98-.8l-.25-1.28a6 6 0 0 1-1.4-.79l-1.23.42a1 1 0 0 1-1.19-.45l-.68-1.18a1 1 0 0 1 .2-1.25l.98-.86a6.1 6.1 0 0 1 0-1.62l-.98-.86a1 1 0 0 1-.2-1.25l.68-1.18a1 1 0 0 1 1.19-.45l1.23.42c.43-.33.9-.6 1.4-.79l.25-1.28ZM10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
                          clipRule="evenodd"
                          transform="translate(0 2)"
                        />
                      </svg>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {modalOpen && (
        <DeadTroopsModal
          stats={stats}
          hoh={hoh}
          activeKvk={activeKvk}
          hohUploadPath={hohUploadPath}
          onClose={() => setModalOpen(false)}
          onSave={(next) => {
            onStats(next);
            setModalOpen(false);
          }}
        />
      )}
    </div>
  );
}

interface DeadTroopsModalProps {
  stats: DraftStats;
  hoh: HohValidation;
  activeKvk: boolean;
  hohUploadPath: string | null;
  onClose: () => void;
  onSave: (stats: DraftStats) => void;
}

/** SPEC §2/§5: the Hall of Heroes T4/T5 dead terms, with their checks. */
function DeadTroopsModal({ stats, hoh, activeKvk, hohUploadPath, onClose, onSave }: DeadTroopsModalProps) {
  const [enabled, setEnabled] = useState(stats['T4 Dead Troops'][1] || stats['T5 Dead Troops'][1]);
  const [t4, setT4] = useState<number | null>(stats['T4 Dead Troops'][0]);
  const [t5, setT5] = useState<number | null>(stats['T5 Dead Troops'][0]);
  const { t } = useT();
  const [error, setError] = useState<string | null>(null);

  const toggle = (on: boolean) => {
    setError(null);
    setEnabled(on);
    if (on) {
      // SPEC §5 defaults: T4 = the Dead Troops value, T5 twice that (only where nothing is set yet).
      const defaults = defaultDeadTroopsPoints(stats);
      if (!t4) setT4(defaults.t4);
      if (!t5) setT5(defaults.t5);
    }
  };

  const save = () => {
    const issue = deadTroopsSettingsIssue({ enabled, t4, t5 }, hoh);
    if (issue) {
      setError(issueText(issue));
      return;
    }
    const next: DraftStats = {
      ...stats,
      'T4 Dead Troops': [t4, enabled],
      'T5 Dead Troops': [t5, enabled],
    };
    // Deaths count once: the Hall of Heroes terms replace the plain Dead Troops term while they are on.
    if (enabled) next['Dead Troops'] = [stats['Dead Troops'][0], false];
    onSave(next);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('formula.t45Title')}
      description={t('formula.t45Description')}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className={primaryButton} onClick={save}>
            {t('formula.t45Save')}
          </button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-300">
        <div className="rounded-lg border border-sky-500/25 bg-sky-950/30 p-3">
          <h3 className="font-semibold text-sky-100">{t('formula.hohSourceTitle')}</h3>
          {/* Issue 14: this product has no bot commands; HoH records come from the kingdom admin's upload. */}
          <p className="mt-2" data-testid="hoh-source">
            {t('formula.hohSource')}
          </p>
          {hohUploadPath ? (
            <Link to={hohUploadPath} className="mt-2 inline-block font-medium text-sky-300 underline">
              {t('formula.hohUpload')}
            </Link>
          ) : (
            <p className="mt-2 text-slate-400">{t('formula.hohAsk')}</p>
          )}
          <p className="mt-2 text-xs text-slate-400" data-testid="hoh-status">
            {t(activeKvk ? 'formula.hohStatusActive' : 'formula.hohStatusInactive', {
              count: hoh.hohCount,
              n: fullNumber(hoh.hohCount),
            })}
          </p>
        </div>
        <Switch checked={enabled} onChange={toggle} label={t('formula.t45Use')} />
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={t('formula.t4DeadPoints')}
            value={t4}
            onChange={(v) => {
              setError(null);
              setT4(v);
            }}
            unit={t('formula.pts')}
            step="any"
            min={0}
            disabled={!enabled}
          />
          <NumberField
            label={t('formula.t5DeadPoints')}
            value={t5}
            onChange={(v) => {
              setError(null);
              setT5(v);
            }}
            unit={t('formula.pts')}
            step="any"
            min={0}
            disabled={!enabled}
          />
        </div>
        <FieldError message={error} />
      </div>
    </Modal>
  );
}
