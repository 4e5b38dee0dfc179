import type { AdminScan, NewGovernorsDetail } from '@kingdom-stats/core/api';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import type { ScanUploadInput, useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton, selectClass } from '../../components/controls/styles.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc, parseUtcInput } from '../admin-shared/time.ts';
import { NewGovernorsQuestion, newGovernorsOf } from './NewGovernorsQuestion.tsx';
import { type UploadItem, UploadResults } from './ScanUploadResult.tsx';
import { errorText, fileInputClass, listedProblems, type Message, smallButton } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

export const SCAN_FILE_TYPES = '.xlsx,.xlsm,.xls,.ods,.csv,.tsv,.txt,.jsonl,.ndjson,.json';

let nextKey = 0;
const keyed = (file: File) => ({ key: `${file.name}-${nextKey++}`, file });

/** A file's size in the reader's language ('12 KB', '12 kB', '12 Ko'): Intl knows each language's unit names. */
function byteSize(bytes: number, locale: string): string {
  const [value, unit, digits] =
    bytes < 1024
      ? [bytes, 'byte', 0]
      : bytes < 1024 * 1024
        ? [bytes / 1024, 'kilobyte', 0]
        : [bytes / (1024 * 1024), 'megabyte', 1];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

/**
 * Upload scanner files, several at once (a KvK has 9–30 scans): each file is sent on its own, in the order chosen,
 * and gets its own result; a refused file changes nothing and the others still import. The options are the CLI's
 * (`scan import --at --home-kd --rolled-up --replace --autarch`).
 */
export function ScanUploadForm({ actions, scans }: { actions: Actions; scans: readonly AdminScan[] }) {
  const [chosen, setChosen] = useState<{ key: string; file: File }[]>([]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [kind, setKind] = useState<'kingdom' | 'autarch'>('kingdom');
  const [at, setAt] = useState('');
  const [homeKd, setHomeKd] = useState('');
  const [rolledUp, setRolledUp] = useState(false);
  const [replace, setReplace] = useState(false);
  // '' lets the import group the file with a scan of other home kingdoms taken at about the same time; 'new' makes
  // a scan of its own; a scan id adds the file's governors to that scan.
  const [target, setTarget] = useState('');
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // Files refused because most of their governors are new to the kingdom, with the options they were sent with.
  const [asking, setAsking] = useState<{
    files: { key: string; file: File; detail: NewGovernorsDetail }[];
    options: Omit<ScanUploadInput, 'file'>;
  } | null>(null);
  const { t, locale } = useT();
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = {
    file: useId(),
    kind: useId(),
    at: useId(),
    homeKd: useId(),
    rolledUp: useId(),
    replace: useId(),
    target: useId(),
  };
  const several = chosen.length > 1;

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setChosen((current) => [...current, ...Array.from(files, keyed)]);
    setMessage(null);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const update = (key: string, item: UploadItem) =>
    setItems((current) => current.map((existing) => (existing.key === key ? item : existing)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setMessage({ tone: 'error', text: t('upload.chooseFiles') });
    let atIso: string | undefined;
    if (at && !several) {
      const seconds = parseUtcInput(at);
      if (seconds === null) return setMessage({ tone: 'error', text: t('upload.timeInvalid') });
      atIso = new Date(seconds * 1000).toISOString();
    }
    const home = homeKd.trim();
    if (home !== '' && !/^\d{1,5}$/.test(home))
      return setMessage({ tone: 'error', text: t('upload.homeKdInvalid') });
    setMessage(null);
    setBusy(true);
    const queue = chosen;
    setItems(queue.map(({ key, file }) => ({ key, file, state: 'waiting' })));
    setChosen([]);
    if (fileRef.current) fileRef.current.value = '';
    const options: Omit<ScanUploadInput, 'file'> = {
      kind,
      replace,
      rolledUp,
      ...(atIso ? { at: atIso } : {}),
      ...(home ? { homeKd: home } : {}),
      ...(target === 'new' ? { newScan: true } : target ? { joinScanId: target } : {}),
    };
    setAsking(null);
    const unseen = await send(queue, options);
    // One question for every file it concerns, after the others were imported.
    if (unseen.length > 0) setAsking({ files: unseen, options });
    setBusy(false);
  };

  /** Sends the files one at a time; answers those refused as mostly new governors (asked about afterwards). */
  const send = async (
    queue: readonly { key: string; file: File }[],
    options: Omit<ScanUploadInput, 'file'>,
  ) => {
    const unseen: { key: string; file: File; detail: NewGovernorsDetail }[] = [];
    // One at a time: imports of one kingdom take its write lock in turn anyway, and the results arrive in order.
    for (const { key, file } of queue) {
      update(key, { key, file, state: 'importing' });
      try {
        const answer = await actions.uploadScan.mutateAsync({ file, ...options });
        update(key, { key, file, state: 'done', answer });
      } catch (error) {
        const detail = newGovernorsOf(error);
        if (detail) {
          unseen.push({ key, file, detail });
          update(key, { key, file, state: 'asking', detail });
          continue;
        }
        update(key, {
          key,
          file,
          state: 'refused',
          error: errorText(error, t('upload.failedTryAgain')),
          listed: listedProblems(error),
        });
      }
    }
    return unseen;
  };

  const answer = async (confirmed: boolean) => {
    if (!asking) return;
    const { files, options } = asking;
    setAsking(null);
    if (!confirmed) {
      for (const { key, file } of files)
        update(key, { key, file, state: 'refused', error: t('upload.notImported') });
      return;
    }
    setBusy(true);
    await send(files, { ...options, newGovernors: true });
    setBusy(false);
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-slate-800 bg-slate-950/40 p-3 sm:p-4"
      aria-label={t('upload.form')}
    >
      <Field label={t('upload.files')} htmlFor={ids.file} hint={t('upload.filesHint')}>
        <fieldset
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-label={t('upload.dropLabel')}
          className={`min-w-0 rounded-lg border border-dashed p-3 transition-colors ${
            dragging ? 'border-sky-400 bg-sky-950/40' : 'border-slate-700'
          }`}
        >
          <input
            ref={fileRef}
            id={ids.file}
            type="file"
            multiple
            accept={SCAN_FILE_TYPES}
            onChange={(e) => addFiles(e.target.files)}
            className={fileInputClass}
          />
          <p className="mt-2 text-xs text-slate-400">{t('upload.orDrop')}</p>
        </fieldset>
      </Field>
      {chosen.length > 0 && (
        <ul
          className="divide-y divide-slate-800 rounded-lg border border-slate-800"
          aria-label={t('upload.chosen')}
        >
          {chosen.map(({ key, file }) => (
            <li key={key} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate text-slate-100">{file.name}</span>
              <span className="shrink-0 text-slate-400">{byteSize(file.size, locale)}</span>
              <button
                type="button"
                className={smallButton}
                aria-label={t('upload.removeLabel', { name: file.name })}
                onClick={() => setChosen((current) => current.filter((c) => c.key !== key))}
              >
                {t('upload.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('upload.kind')} htmlFor={ids.kind}>
          <select
            id={ids.kind}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'kingdom' | 'autarch')}
            className={selectClass}
          >
            <option value="kingdom">{t('upload.kindKingdom')}</option>
            <option value="autarch">{t('upload.kindAutarch')}</option>
          </select>
        </Field>
        <Field
          label={t('upload.at')}
          htmlFor={ids.at}
          hint={several ? t('upload.atHintMany') : t('upload.atHint')}
        >
          <input
            id={ids.at}
            type="datetime-local"
            value={several ? '' : at}
            disabled={several}
            onChange={(e) => setAt(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field label={t('upload.homeKd')} htmlFor={ids.homeKd} hint={t('upload.homeKdHint')}>
          <input
            id={ids.homeKd}
            inputMode="numeric"
            value={homeKd}
            onChange={(e) => setHomeKd(e.target.value)}
            className={inputClass}
            placeholder={t('upload.homeKdPlaceholder')}
          />
        </Field>
      </div>
      <Field label={t('upload.target')} htmlFor={ids.target} hint={t('upload.targetHint')}>
        <select
          id={ids.target}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          className={`${selectClass} w-full sm:w-auto`}
        >
          <option value="">{t('upload.targetAuto')}</option>
          <option value="new">{t('upload.targetNew')}</option>
          {scans
            .filter((scan) => scan.kind === kind)
            .map((scan) => (
              <option key={scan.id} value={String(scan.id)}>
                {t('upload.targetJoin', { name: scan.name, time: formatUtc(scan.takenAt) })}
              </option>
            ))}
        </select>
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label htmlFor={ids.rolledUp} className="flex items-center gap-2 text-sm text-slate-200">
          <input
            id={ids.rolledUp}
            type="checkbox"
            checked={rolledUp}
            onChange={(e) => setRolledUp(e.target.checked)}
            className="size-4 accent-sky-500"
          />
          {t('upload.rolledUp')}
        </label>
        <label htmlFor={ids.replace} className="flex items-center gap-2 text-sm text-slate-200">
          <input
            id={ids.replace}
            type="checkbox"
            checked={replace}
            onChange={(e) => setReplace(e.target.checked)}
            className="size-4 accent-sky-500"
          />
          {t('upload.replace')}
        </label>
      </div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy
          ? t('upload.importing')
          : several
            ? t('upload.uploadFiles', { count: chosen.length, n: fullNumber(chosen.length) })
            : t('upload.uploadScan')}
      </button>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {asking && (
        <NewGovernorsQuestion
          files={asking.files.map((file) => file.detail)}
          busy={busy}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      )}
      <UploadResults items={items} />
    </form>
  );
}
