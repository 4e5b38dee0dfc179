import { countNoun } from '@kingdom-stats/core';
import type { AdminKingdomResponse, UploadSummary } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText, fileInputClass, type Message, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

const KINDS = {
  prekvk: {
    id: 'prekvk',
    title: 'Pre-KvK points',
    what: 'pre-KvK points',
    description: 'Stage points before KvK opens, for the pre-KvK rankings.',
    columns: 'governor_id, name, stage1_points, stage2_points, stage3_points',
    note: 'A later file updates the governors and stages it has and keeps the rest.',
  },
  hoh: {
    id: 'hoh',
    title: 'Hall of Heroes deaths',
    what: 'Hall of Heroes records',
    description: 'Verified T4 and T5 deaths per governor, for the T4/T5 Dead Troops formula terms.',
    columns:
      'governor_id, t4_deaths, t5_deaths, notes (the verified_deaths template; its example rows are skipped)',
    note: 'A later file updates the governors it has and keeps the rest.',
  },
} as const;

export function KvkUploadSection({
  kind,
  data,
  actions,
}: {
  kind: keyof typeof KINDS;
  data: AdminKingdomResponse;
  actions: Actions;
}) {
  const look = KINDS[kind];
  const summaries: UploadSummary[] = kind === 'prekvk' ? data.prekvk : data.hoh;
  const latestKvk = data.seasons[0]?.kvkNumber;
  const [kvk, setKvk] = useState(latestKvk ? String(latestKvk) : '');
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [toClear, setToClear] = useState<UploadSummary | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { kvk: useId(), file: useId() };
  const upload = actions.uploadKvkFile;
  const clear = actions.clearKvkFile;
  const busy = upload.isPending && upload.variables?.kind === kind;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(kvk);
    if (!Number.isInteger(number) || number < 1)
      return setMessage({ tone: 'error', text: 'KvK number must be a positive whole number' });
    if (!file)
      return setMessage({ tone: 'error', text: 'Choose a CSV or spreadsheet (xlsx, xls, ods) to upload' });
    setMessage(null);
    upload.mutate(
      { kind, file, kvk: number },
      {
        onSuccess: (answer) => {
          setMessage({ tone: 'success', text: answer.message });
          setFile(null);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, `Failed to upload the ${look.what}`) }),
      },
    );
  };

  return (
    <Section id={look.id} title={look.title} description={look.description}>
      <p className="mb-3 text-xs text-slate-400">
        Columns: <span className="font-mono text-slate-300">{look.columns}</span>. {look.note}
      </p>
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[7rem_1fr_auto] sm:items-end"
        aria-label={`Upload ${look.what}`}
      >
        <Field label="KvK number" htmlFor={ids.kvk}>
          <input
            id={ids.kvk}
            inputMode="numeric"
            value={kvk}
            onChange={(e) => setKvk(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field label="File (CSV or spreadsheet)" htmlFor={ids.file}>
          <input
            ref={fileRef}
            id={ids.file}
            type="file"
            accept=".csv,.xlsx,.xls,.ods,.tsv,.txt"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
        </Field>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </form>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      {summaries.length > 0 && (
        <ul
          className="mt-4 divide-y divide-slate-800 rounded-lg border border-slate-800"
          aria-label={look.title}
        >
          {summaries.map((summary) => (
            <li key={summary.kvkNumber} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1 text-sm">
                <span className="font-medium text-white">KvK {summary.kvkNumber}</span>
                <span className="text-slate-400">
                  {' '}
                  · {countNoun(summary.governors, 'governor')} · updated {formatUtc(summary.updatedAt)}
                </span>
              </div>
              <button
                type="button"
                className={smallDanger}
                aria-label={`Clear the ${look.what} of KvK ${summary.kvkNumber}`}
                onClick={() => {
                  clear.reset();
                  setToClear(summary);
                }}
              >
                Clear
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toClear !== null}
        title={`Clear ${look.what}`}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        busy={clear.isPending}
        error={clear.isError ? errorText(clear.error, 'Failed to clear') : null}
        onConfirm={() =>
          toClear &&
          clear.mutate(
            { kind, kvk: toClear.kvkNumber },
            {
              onSuccess: (answer) => {
                setToClear(null);
                setMessage({ tone: 'success', text: answer.message });
              },
            },
          )
        }
        onClose={() => setToClear(null)}
      >
        <p>
          Remove the {look.what} of <strong className="text-white">KvK {toClear?.kvkNumber}</strong> (
          {countNoun(toClear?.governors ?? 0, 'governor')})?
        </p>
      </ConfirmDialog>
    </Section>
  );
}
