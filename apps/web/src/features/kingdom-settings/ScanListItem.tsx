import type { AdminScan } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass } from '../../components/controls/styles.ts';
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

  const save = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (wanted === '') return setError('A scan needs a name');
    if (wanted === scan.name) return setEditing(false);
    setError(null);
    rename.mutate(
      { id: scan.id, name: wanted },
      {
        onSuccess: (answer) => {
          setEditing(false);
          onRenamed(answer.message);
        },
        onError: (failure) => setError(errorText(failure, 'Failed to rename the scan')),
      },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5" data-scan={scan.name}>
      {editing ? (
        <form
          onSubmit={save}
          className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
          aria-label="Rename scan"
        >
          <label htmlFor={inputId} className="sr-only">
            New name of the scan of {formatUtc(scan.takenAt)}
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
            {rename.isPending ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className={smallButton} onClick={() => setEditing(false)}>
            Cancel
          </button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-300">
              {error}
            </p>
          )}
        </form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-white">
              {scan.name}
              {scan.kind === 'autarch' && (
                <span className="ml-2 rounded-full border border-purple-400/50 px-2 py-0.5 text-xs text-purple-200">
                  autarch
                </span>
              )}
            </p>
            <p className="text-sm text-slate-400">
              <span className="text-slate-300">{formatUtc(scan.takenAt)}</span> ·{' '}
              {scan.rows.toLocaleString('en-US')} rows · {scan.sourceFormat}
            </p>
          </div>
          <button
            type="button"
            className={smallButton}
            aria-label={`Rename scan ${scan.name} of ${formatUtc(scan.takenAt)}`}
            onClick={() => {
              setName(scan.name);
              setError(null);
              setEditing(true);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className={smallDanger}
            aria-label={`Delete scan ${scan.name} of ${formatUtc(scan.takenAt)}`}
            onClick={() => onDelete(scan)}
          >
            Delete
          </button>
        </>
      )}
    </li>
  );
}
