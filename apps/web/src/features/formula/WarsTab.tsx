import {
  addWarOptions,
  addWarState,
  deleteWar,
  editWarOptions,
  renumberWars,
  type ScanOption,
  validateWarSelection,
  validateWars,
  type War,
  warName,
} from '@kingdom-stats/core';
import { useId, useState } from 'react';
import {
  ghostButton,
  primaryButton,
  secondaryButton,
  selectClass,
} from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { useT } from '../../i18n/i18n.ts';
import { issueText, warBannerText, warSelectionText } from './messages.ts';
import { FieldError } from './ui.tsx';

interface WarsTabProps {
  wars: War[];
  scans: ScanOption[];
  onWars: (wars: War[]) => void;
  /** Signed in without rights on this kingdom: shown, not edited. */
  readOnly?: boolean;
}

type WarModal = { kind: 'add' } | { kind: 'edit'; index: number } | null;

export function WarsTab({ wars, scans, onWars, readOnly = false }: WarsTabProps) {
  const { t } = useT();
  const [modal, setModal] = useState<WarModal>(null);
  const state = addWarState(scans, wars);
  const banner = warBannerText(state);
  const issues = validateWars(wars, scans);

  return (
    <div className="space-y-4">
      <section
        aria-labelledby="wars-title"
        className="rounded-xl border border-slate-800 bg-slate-900/50 p-3 sm:p-5"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="wars-title" className="text-lg font-semibold text-white">
              {t('formula.tab.wars')}
            </h2>
            <p className="text-sm text-slate-400">{t('formula.warsDescription')}</p>
          </div>
          <button
            type="button"
            className={primaryButton}
            disabled={!state.canAdd || readOnly}
            onClick={() => setModal({ kind: 'add' })}
          >
            <span aria-hidden="true">+</span> {t('formula.addWar')}
          </button>
        </div>
        {banner && (
          <p
            role="status"
            data-testid="wars-banner"
            className="mb-3 rounded-lg border border-sky-500/30 bg-sky-950/30 px-3 py-2 text-sm text-sky-100"
          >
            {banner}
          </p>
        )}
        {wars.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-700 p-6 text-center text-sm text-slate-400">
            {t('formula.noWars')}
          </p>
        ) : (
          <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {wars.map((war, index) => {
              const warIssues = issues.filter((issue) => issue.warIndex === index);
              return (
                <li
                  key={war.name}
                  data-testid="war-card"
                  aria-label={t('formula.warName', { war: index + 1 })}
                  className={`rounded-lg border bg-slate-950/60 p-3 ${
                    warIssues.length > 0 ? 'border-red-500/50' : 'border-slate-700/80'
                  }`}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-sm font-semibold text-white">
                      {t('formula.warName', { war: index + 1 })}
                    </h3>
                    <fieldset disabled={readOnly} className="flex gap-1">
                      <button
                        type="button"
                        className={`${ghostButton} h-8 px-2`}
                        onClick={() => setModal({ kind: 'edit', index })}
                        aria-label={t('formula.editWarLabel', { war: index + 1 })}
                      >
                        {t('formula.editWar')}
                      </button>
                      <button
                        type="button"
                        className={`${ghostButton} h-8 px-2 text-red-300 hover:bg-red-950/50 hover:text-red-200`}
                        onClick={() => onWars(deleteWar(wars, index))}
                        aria-label={t('formula.deleteWarLabel', { war: index + 1 })}
                      >
                        {t('formula.delete')}
                      </button>
                    </fieldset>
                  </div>
                  <dl className="mt-2 grid gap-2 text-sm">
                    <ScanLine label={t('formula.warStart')} scan={war.beforeScan} />
                    <ScanLine label={t('formula.warEnd')} scan={war.afterScan} />
                  </dl>
                  {warIssues.map((issue) => (
                    <p key={issue.message} className="mt-2 text-xs text-red-300">
                      {issueText(issue)}
                    </p>
                  ))}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      {modal && (
        <WarModalView
          mode={modal}
          wars={wars}
          scans={scans}
          onClose={() => setModal(null)}
          onSave={(next) => {
            onWars(next);
            setModal(null);
          }}
        />
      )}
    </div>
  );
}

function ScanLine({ label, scan }: { label: string; scan: ScanOption | null }) {
  const { t } = useT();
  return (
    <div className="rounded-md bg-slate-900 px-2.5 py-1.5">
      <dt className="text-xs font-medium text-slate-400">{label}</dt>
      <dd className="min-w-0">
        {scan ? (
          <>
            <span className="block truncate font-medium text-slate-100">{scan.scan_name}</span>
            <span className="block truncate text-xs text-slate-400">{scan.display}</span>
          </>
        ) : (
          <span className="text-amber-300">{t('formula.notSet')}</span>
        )}
      </dd>
    </div>
  );
}

function ScanSelect({
  label,
  value,
  options,
  onChange,
  autofocus,
}: {
  label: string;
  value: string;
  options: ScanOption[];
  onChange: (value: string) => void;
  autofocus?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        className={`${selectClass} w-full min-w-0`}
        value={value}
        data-autofocus={autofocus || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('formula.selectScan')}</option>
        {options.map((scan) => (
          <option key={scan.timestamp} value={String(scan.timestamp)}>
            {scan.scan_name} — {scan.display}
          </option>
        ))}
      </select>
    </div>
  );
}

function WarModalView({
  mode,
  wars,
  scans,
  onClose,
  onSave,
}: {
  mode: { kind: 'add' } | { kind: 'edit'; index: number };
  wars: War[];
  scans: ScanOption[];
  onClose: () => void;
  onSave: (wars: War[]) => void;
}) {
  const editing = mode.kind === 'edit' ? wars[mode.index]! : null;
  const index = mode.kind === 'edit' ? mode.index : wars.length;
  const [before, setBefore] = useState(editing?.beforeScan ? String(editing.beforeScan.timestamp) : '');
  const [after, setAfter] = useState(editing?.afterScan ? String(editing.afterScan.timestamp) : '');
  const { t } = useT();
  const [error, setError] = useState<string | null>(null);

  let beforeOptions: ScanOption[];
  let afterOptions: ScanOption[];
  if (mode.kind === 'add') {
    beforeOptions = addWarOptions(scans, wars);
    afterOptions = beforeOptions;
  } else {
    // SPEC §4: in edit mode the after options stop before the next war's start. The before options do too; an
    // earlier start than the previous war's end is offered and refused with the overlap message.
    afterOptions = editWarOptions(scans, wars, mode.index).after;
    const nextStart = wars[mode.index + 1]?.beforeScan?.timestamp ?? null;
    beforeOptions = [...scans]
      .sort((a, b) => a.timestamp - b.timestamp)
      .filter((scan) => nextStart === null || scan.timestamp < nextStart);
  }

  const save = () => {
    const b = before === '' ? null : Number(before);
    const a = after === '' ? null : Number(after);
    const message = validateWarSelection(scans, b, a);
    if (message) {
      setError(warSelectionText(message));
      return;
    }
    const war: War = {
      name: warName(index),
      beforeScan: scans.find((s) => s.timestamp === b) ?? null,
      afterScan: scans.find((s) => s.timestamp === a) ?? null,
    };
    const next =
      mode.kind === 'add' ? renumberWars([...wars, war]) : wars.map((w, i) => (i === mode.index ? war : w));
    const issue = validateWars(next, scans).find((i) => i.warIndex === index);
    if (issue) {
      setError(issueText(issue));
      return;
    }
    onSave(next);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t(mode.kind === 'add' ? 'formula.addWar' : 'formula.editWar')}
      description={t('formula.warModalDescription', { war: index + 1 })}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="war-form" className={primaryButton}>
            {t(mode.kind === 'add' ? 'formula.addWar' : 'formula.saveWar')}
          </button>
        </>
      }
    >
      <form
        id="war-form"
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <ScanSelect
          label={t('formula.beforeScan')}
          value={before}
          options={beforeOptions}
          autofocus
          onChange={(v) => {
            setError(null);
            setBefore(v);
          }}
        />
        <ScanSelect
          label={t('formula.afterScan')}
          value={after}
          options={afterOptions}
          onChange={(v) => {
            setError(null);
            setAfter(v);
          }}
        />
        <FieldError message={error} />
      </form>
    </Modal>
  );
}
