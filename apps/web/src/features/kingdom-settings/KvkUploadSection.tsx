import type { AdminKingdomResponse, UploadSummary } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber } from '../../format.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText, fileInputClass, type Message, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

// The files' column names are what the importer reads: they stay as they are in every language.
const KINDS = {
  prekvk: {
    id: 'prekvk',
    title: 'settings.upload.prekvkTitle',
    description: 'settings.upload.prekvkDescription',
    columns: 'governor_id, name, stage1_points, stage2_points, stage3_points',
    note: 'settings.upload.prekvkNote',
  },
  hoh: {
    id: 'hoh',
    title: 'settings.upload.hohTitle',
    description: 'settings.upload.hohDescription',
    columns: 'governor_id, t4_deaths, t5_deaths, notes',
    note: 'settings.upload.hohNote',
  },
  honor: {
    id: 'honor',
    title: 'settings.upload.honorTitle',
    description: 'settings.upload.honorDescription',
    columns: 'GovernorID, Name, Honor Points',
    note: 'settings.upload.honorNote',
  },
} as const satisfies Record<
  string,
  { id: string; title: MessageId; description: MessageId; note: MessageId; columns: string }
>;

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
  const { t } = useT();
  const summaries: UploadSummary[] = data[kind];
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
      return setMessage({ tone: 'error', text: t('settings.seasons.numberInvalid') });
    if (!file) return setMessage({ tone: 'error', text: t('settings.upload.chooseFile') });
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
          setMessage({ tone: 'error', text: errorText(error, t('settings.upload.failed', { kind })) }),
      },
    );
  };

  return (
    <Section id={look.id} title={t(look.title)} description={t(look.description)}>
      <p className="mb-3 text-xs text-slate-400">
        {t('settings.upload.columns')}{' '}
        <span className="font-mono text-slate-300" dir="ltr">
          {look.columns}
        </span>
        {kind === 'hoh' ? ` ${t('settings.upload.hohTemplate')}` : '.'} {t(look.note)}
      </p>
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[7rem_1fr_auto] sm:items-end"
        aria-label={t('settings.upload.formLabel', { kind })}
      >
        <Field label={t('settings.seasons.number')} htmlFor={ids.kvk}>
          <input
            id={ids.kvk}
            inputMode="numeric"
            value={kvk}
            onChange={(e) => setKvk(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field label={t('settings.upload.file')} htmlFor={ids.file}>
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
          {busy ? t('settings.upload.uploading') : t('settings.upload.upload')}
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
          aria-label={t(look.title)}
        >
          {summaries.map((summary) => (
            <li key={summary.kvkNumber} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1 text-sm">
                <span className="font-medium text-white">
                  {t('settings.seasons.kvk', { kvk: String(summary.kvkNumber) })}
                </span>
                <span className="text-slate-400">
                  {' '}
                  ·{' '}
                  {t('settings.upload.summary', {
                    count: summary.governors,
                    n: fullNumber(summary.governors),
                    time: formatUtc(summary.updatedAt),
                  })}
                </span>
              </div>
              <button
                type="button"
                className={smallDanger}
                aria-label={t('settings.upload.clearLabel', { kind, kvk: String(summary.kvkNumber) })}
                onClick={() => {
                  clear.reset();
                  setToClear(summary);
                }}
              >
                {t('settings.upload.clear')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toClear !== null}
        title={t('settings.upload.clearTitle', { kind })}
        confirmLabel={t('settings.upload.clear')}
        busyLabel={t('settings.upload.clearing')}
        busy={clear.isPending}
        error={clear.isError ? errorText(clear.error, t('settings.upload.clearFailed')) : null}
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
          {t('settings.upload.clearConfirm', {
            kind,
            kvk: String(toClear?.kvkNumber ?? ''),
            count: toClear?.governors ?? 0,
            n: fullNumber(toClear?.governors ?? 0),
          })}
        </p>
      </ConfirmDialog>
    </Section>
  );
}
