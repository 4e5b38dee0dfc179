import type { NewGovernorsDetail, ScanImportResponse } from '@kingdom-stats/core/api';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';

/** One file of a multi-file upload, from choosing it to the server's answer. */
export type UploadItem =
  | { key: string; file: File; state: 'waiting' | 'importing' }
  | { key: string; file: File; state: 'done'; answer: ScanImportResponse }
  | { key: string; file: File; state: 'refused'; error: string; listed?: string[] }
  /** Most of its governors were never seen in the kingdom: waiting for the admin's answer (NewGovernorsQuestion). */
  | { key: string; file: File; state: 'asking'; detail: NewGovernorsDetail };

type ScanOutcome = ScanImportResponse['file']['scans'][number];

const STATUS_WORDS: Record<ScanOutcome['status'], string> = {
  imported: 'imported',
  added: 'added to the scan of that moment',
  replaced: 'replaced',
  'already-imported': 'already imported',
};

/** Where the import found each scan's time (the server's takenAtSource). */
const TIME_SOURCES: Readonly<Record<string, string>> = {
  given: 'the time you gave',
  'summary-sheet': 'the Summary sheet',
  'file-name-unix-time': 'the file name',
  'file-name-date': 'the date in the file name',
  'sheet-name': 'the sheet name',
  'date-column': 'the date column',
};

// A long list of skipped rows would push the other files' results off the screen; the rest is counted.
const SKIPPED_ROWS_SHOWN = 5;

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

function ScanLine({ scan }: { scan: ScanOutcome }) {
  const hidden = scan.skippedRows.length - SKIPPED_ROWS_SHOWN;
  return (
    <li className="mt-1">
      <p>
        <strong className="font-semibold">{scan.name}</strong>
        {scan.sheetName && scan.sheetName !== scan.name ? ` (sheet ${scan.sheetName})` : ''} ·{' '}
        {formatUtc(scan.takenAt)} · {plural(scan.rows, 'governor')} {STATUS_WORDS[scan.status]}
      </p>
      {scan.status !== 'already-imported' && (
        <p className="text-xs opacity-90">
          Time from {TIME_SOURCES[scan.takenAtSource] ?? scan.takenAtSource}
        </p>
      )}
      {scan.mergedRepeatedRows > 0 && (
        <p className="text-xs opacity-90">{plural(scan.mergedRepeatedRows, 'repeated row')} merged</p>
      )}
      {scan.skippedRows.length > 0 && (
        <ul className="text-xs opacity-90" aria-label={`Skipped rows of ${scan.name}`}>
          {scan.skippedRows.slice(0, SKIPPED_ROWS_SHOWN).map((skipped) => (
            <li key={skipped.row}>
              Row {skipped.row} skipped: {skipped.reason}
            </li>
          ))}
          {hidden > 0 && <li>and {plural(hidden, 'more row')} skipped</li>}
        </ul>
      )}
    </li>
  );
}

/** The server starts every refusal with the file's name, which the result already shows above it. */
function withoutFileName(message: string, fileName: string): string {
  return message.startsWith(`${fileName}: `) ? message.slice(fileName.length + 2) : message;
}

/** The server's parts of a sentence ('row 2, …', 'and 3 more rows') as lines of their own. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A refusal; one of several rows lists them (the server's message holds the same places, joined, for a log): its
 * sentence, the rows one per line, and how many more there are.
 */
function Refusal({ message, listed }: { message: string; listed: readonly string[] }) {
  const first = listed.length > 1 ? message.indexOf(listed[0]!) : -1;
  if (first < 0) return <p>Refused: {message}</p>;
  const last = listed.at(-1)!;
  const rest = message.slice(message.lastIndexOf(last) + last.length).replace(/^;\s*/, '');
  return (
    <>
      <p>Refused: {message.slice(0, first).trimEnd()}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words" aria-label="Rows to fix">
        {listed.map((problem) => (
          // Each names its own row, so no two are the same.
          <li key={problem}>{capitalised(problem)}</li>
        ))}
      </ul>
      {rest !== '' && <p className="mt-1">{capitalised(rest)}</p>}
    </>
  );
}

function tone(item: UploadItem): 'success' | 'warning' | 'error' | 'info' {
  if (item.state === 'refused') return 'error';
  if (item.state === 'asking') return 'warning';
  if (item.state !== 'done') return 'info';
  const { file } = item.answer;
  const unchanged = file.scans.every((scan) => scan.status === 'already-imported');
  return unchanged || file.warnings.length > 0 ? 'warning' : 'success';
}

/** What happened to one file: every scan it made, what was merged or skipped, and what it could not give. */
export function ScanUploadResult({ item }: { item: UploadItem }) {
  const { t } = useT();
  return (
    <li data-upload-file={item.file.name}>
      <Notice tone={tone(item)}>
        <p className="font-medium break-all">{item.file.name}</p>
        {item.state === 'waiting' && <p>Waiting…</p>}
        {item.state === 'importing' && <p>Importing…</p>}
        {item.state === 'asking' && <p>{t('upload.awaitingAnswer')}</p>}
        {item.state === 'refused' && (
          <Refusal message={withoutFileName(item.error, item.file.name)} listed={item.listed ?? []} />
        )}
        {item.state === 'done' && (
          <>
            <ul>
              {item.answer.file.scans.map((scan) => (
                <ScanLine key={`${scan.scanId}-${scan.sheetName ?? ''}`} scan={scan} />
              ))}
            </ul>
            {item.answer.file.warnings.map((warning) => (
              <p key={warning} className="mt-1 font-medium">
                Warning: {warning}
              </p>
            ))}
            {item.answer.file.skippedSheets.length > 0 && (
              <p className="mt-1 text-xs opacity-90">
                Sheets not imported:{' '}
                {item.answer.file.skippedSheets.map((sheet) => `${sheet.name} (${sheet.reason})`).join('; ')}
              </p>
            )}
            {item.answer.file.ignoredColumns.length > 0 && (
              <p className="mt-1 text-xs opacity-90">
                Columns not imported: {item.answer.file.ignoredColumns.join(', ')}
              </p>
            )}
          </>
        )}
      </Notice>
    </li>
  );
}
