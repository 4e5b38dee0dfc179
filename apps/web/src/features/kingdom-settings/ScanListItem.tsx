import type { AdminScan } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { type FormEvent, useId, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass } from '../../components/controls/styles.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText, smallButton, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** The longest scan name the server keeps (the period selects show it). */
const MAX_SCAN_NAME = 100;

interface ScanListItemProps {
  scan: AdminScan;
  actions: Actions;
  onDelete: (scan: AdminScan) => void;
  onRenamed: (message: string) => void;
}

/** One stored scan: its name (renamed in place), time, rows and format, and its delete button. */
export function ScanListItem({ scan, actions, onDelete, onRenamed }: ScanListItemProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(scan.name);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const rename = actions.renameScan;
  const { t } = useT();
  const time = formatUtc(scan.takenAt);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (wanted === '') return setError(t('scans.nameNeeded'));
    if (wanted === scan.name) return setEditing(false);
    setError(null);
    rename.mutate(
      { id: scan.id, name: wanted },
      {
        onSuccess: (answer) => {
          setEditing(false);
          onRenamed(answer.message);
        },
        onError: (failure) => setError(errorText(failure, t('scans.renameFailed'))),
      },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5" data-scan={scan.name}>
      {editing ? (
        <form
          onSubmit={save}
          className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
          aria-label={t('scans.renameForm')}
        >
          <label htmlFor={inputId} className="sr-only">
            {t('scans.newName', { time })}
          </label>
          <input
            id={inputId}
            value={name}
            maxLength={MAX_SCAN_NAME}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false);
            }}
            className={`${inputClass} min-w-0 flex-1`}
            // The person just pressed Rename: the field is what they came for.
            // biome-ignore lint/a11y/noAutofocus: focus follows the Rename button the person pressed
            autoFocus
          />
          <button type="submit" className={smallButton} disabled={rename.isPending}>
            {rename.isPending ? t('settings.saving') : t('scans.save')}
          </button>
          <button type="button" className={smallButton} onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-300">
              <bdi>{error}</bdi>
            </p>
          )}
        </form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            {/* A long name wraps, its Autarch badge after it: a phone showed neither whole when cut short. */}
            <p className="break-words font-medium text-white">
              {scan.name}
              {scan.kind === 'autarch' && (
                <span className="ms-2 rounded-full border border-purple-400/50 px-2 py-0.5 text-xs text-purple-200">
                  {t('scans.autarch')}
                </span>
              )}
            </p>
            <p className="text-sm text-slate-400">
              <Trans
                id="scans.details"
                values={{ time, count: scan.rows, n: fullNumber(scan.rows), format: scan.sourceFormat }}
                components={{ 0: <span className="text-slate-300" dir="ltr" /> }}
              />
            </p>
          </div>
          <button
            type="button"
            className={smallButton}
            aria-label={t('scans.renameLabel', { name: scan.name, time })}
            onClick={() => {
              setName(scan.name);
              setError(null);
              setEditing(true);
            }}
          >
            {t('scans.rename')}
          </button>
          <button
            type="button"
            className={smallDanger}
            aria-label={t('scans.deleteLabel', { name: scan.name, time })}
            onClick={() => onDelete(scan)}
          >
            {t('settings.camps.delete')}
          </button>
        </>
      )}
    </li>
  );
}
