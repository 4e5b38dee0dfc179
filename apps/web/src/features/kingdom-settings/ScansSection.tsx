import type { AdminKingdomResponse, AdminScan, ScanImportResponse } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton, selectClass } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc, parseUtcInput } from '../admin-shared/time.ts';
import { errorText, fileInputClass, type Message, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

export const SCAN_FILE_TYPES = '.xlsx,.xlsm,.csv,.tsv,.txt,.jsonl,.ndjson,.json';

/** Upload scanner files (what `scan import` takes) and delete scans. */
export function ScansSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<'kingdom' | 'autarch'>('kingdom');
  const [at, setAt] = useState('');
  const [replace, setReplace] = useState(false);
  const [result, setResult] = useState<ScanImportResponse | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [toDelete, setToDelete] = useState<AdminScan | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), kind: useId(), at: useId(), replace: useId() };
  const upload = actions.uploadScan;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!file) return setMessage({ tone: 'error', text: 'Choose a scanner file to upload' });
    let atIso: string | undefined;
    if (at) {
      const seconds = parseUtcInput(at);
      if (seconds === null)
        return setMessage({ tone: 'error', text: 'The scan time is not a valid date and time' });
      atIso = new Date(seconds * 1000).toISOString();
    }
    setMessage(null);
    upload.mutate(
      { file, kind, replace, ...(atIso ? { at: atIso } : {}) },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setFile(null);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, 'Failed to import the scan') }),
      },
    );
  };

  const scans = data.scans;
  return (
    <Section
      id="scans"
      title="Scans"
      description="Governor scanner exports: RokTracker (xlsx, csv, jsonl), Hero Scrolls workbooks, or our CSV."
    >
      <form
        onSubmit={submit}
        className="space-y-4 rounded-lg border border-slate-800 bg-slate-950/40 p-3 sm:p-4"
        aria-label="Upload a scan"
      >
        <Field
          label="Scanner file"
          htmlFor={ids.file}
          hint="One scan per file. The scan time is read from the file unless you give one."
        >
          <input
            ref={fileRef}
            id={ids.file}
            type="file"
            accept={SCAN_FILE_TYPES}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Kind" htmlFor={ids.kind}>
            <select
              id={ids.kind}
              value={kind}
              onChange={(e) => setKind(e.target.value as 'kingdom' | 'autarch')}
              className={selectClass}
            >
              <option value="kingdom">Kingdom scan</option>
              <option value="autarch">Autarch scan</option>
            </select>
          </Field>
          <Field label="Scan time (UTC, optional)" htmlFor={ids.at}>
            <input
              id={ids.at}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              className={inputClass}
            />
          </Field>
          <label htmlFor={ids.replace} className="flex items-center gap-2 text-sm text-slate-200 sm:mt-7">
            <input
              id={ids.replace}
              type="checkbox"
              checked={replace}
              onChange={(e) => setReplace(e.target.checked)}
              className="size-4 accent-sky-500"
            />
            Replace a scan taken at the same time
          </label>
        </div>
        <button type="submit" className={primaryButton} disabled={upload.isPending}>
          {upload.isPending ? 'Importing...' : 'Upload scan'}
        </button>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        {result && (
          <Notice tone={result.result.status === 'already-imported' ? 'warning' : 'success'}>
            <p>{result.message}</p>
            {result.result.ignoredColumns.length > 0 && (
              <p className="mt-1 text-xs opacity-90">
                Columns not imported: {result.result.ignoredColumns.join(', ')}
              </p>
            )}
          </Notice>
        )}
      </form>

      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-200">
        {scans.length} scan{scans.length === 1 ? '' : 's'}
      </h3>
      {scans.length === 0 ? (
        <p className="text-sm text-slate-400">No scans yet. Upload the first one above.</p>
      ) : (
        <ul
          className="max-h-[28rem] divide-y divide-slate-800 overflow-y-auto rounded-lg border border-slate-800"
          aria-label="Scans"
        >
          {scans.map((scan) => (
            <li
              key={scan.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5"
              data-scan={scan.name}
            >
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
                className={smallDanger}
                aria-label={`Delete scan ${scan.name} of ${formatUtc(scan.takenAt)}`}
                onClick={() => {
                  actions.deleteScan.reset();
                  setToDelete(scan);
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete scan"
        confirmLabel="Delete scan"
        busyLabel="Deleting..."
        busy={actions.deleteScan.isPending}
        error={
          actions.deleteScan.isError ? errorText(actions.deleteScan.error, 'Failed to delete the scan') : null
        }
        onConfirm={() =>
          toDelete &&
          actions.deleteScan.mutate(toDelete.id, {
            onSuccess: (answer) => {
              setToDelete(null);
              setResult(null);
              setMessage({ tone: 'success', text: answer.message });
            },
          })
        }
        onClose={() => setToDelete(null)}
      >
        <p>
          Delete the scan <strong className="text-white">{toDelete?.name}</strong> taken{' '}
          {formatUtc(toDelete?.takenAt)}, with its {toDelete?.rows.toLocaleString('en-US')} governor rows?
          This cannot be undone; upload the file again to get it back.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
