import type { NewGovernorsDetail, ScanImportResponse } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { fullNumber } from '../../format.ts';
import { type MessageId, translate, useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { sharedWarnings } from './upload-warnings.ts';

/** One file of a multi-file upload, from choosing it to the server's answer. */
export type UploadItem =
  | { key: string; file: File; state: 'waiting' | 'importing' }
  | { key: string; file: File; state: 'done'; answer: ScanImportResponse }
  | { key: string; file: File; state: 'refused'; error: string; listed?: string[] }
  /** Most of its governors were never seen in the kingdom: waiting for the admin's answer (NewGovernorsQuestion). */
  | { key: string; file: File; state: 'asking'; detail: NewGovernorsDetail };

type ScanOutcome = ScanImportResponse['file']['scans'][number];

const STATUS_MESSAGES: Record<ScanOutcome['status'], MessageId> = {
  imported: 'upload.status.imported',
  added: 'upload.status.added',
  replaced: 'upload.status.replaced',
  'already-imported': 'upload.status.alreadyImported',
};

/** Where the import found each scan's time (the server's takenAtSource). */
const TIME_SOURCES: Readonly<Record<string, MessageId>> = {
  given: 'upload.timeFrom.given',
  'summary-sheet': 'upload.timeFrom.summarySheet',
  'file-name-unix-time': 'upload.timeFrom.fileName',
  'file-name-date': 'upload.timeFrom.fileNameDate',
  'sheet-name': 'upload.timeFrom.sheetName',
  'date-column': 'upload.timeFrom.dateColumn',
};

function timeSource(source: string): string {
  const id = TIME_SOURCES[source];
  return id ? translate(id) : translate('upload.timeFrom.other', { source });
}

// A long list of skipped rows would push the other files' results off the screen; the rest is counted.
const SKIPPED_ROWS_SHOWN = 5;

const counted = (count: number) => ({ count, n: fullNumber(count) });

function ScanLine({ scan }: { scan: ScanOutcome }) {
  const { t } = useT();
  const hidden = scan.skippedRows.length - SKIPPED_ROWS_SHOWN;
  return (
    <li className="mt-1">
      <p>
        <bdi className="font-semibold">{scan.name}</bdi>
        {scan.sheetName && scan.sheetName !== scan.name && (
          <>
            {' '}
            <Trans id="upload.sheet" values={{ sheet: <bdi>{scan.sheetName}</bdi> }} />
          </>
        )}{' '}
        ·{' '}
        <bdi dir="ltr" className="whitespace-nowrap">
          {formatUtc(scan.takenAt)}
        </bdi>{' '}
        · {t(STATUS_MESSAGES[scan.status], counted(scan.rows))}
      </p>
      {scan.status !== 'already-imported' && (
        <p className="text-xs opacity-90">{timeSource(scan.takenAtSource)}</p>
      )}
      {scan.mergedRepeatedRows > 0 && (
        <p className="text-xs opacity-90">{t('upload.merged', counted(scan.mergedRepeatedRows))}</p>
      )}
      {scan.skippedRows.length > 0 && (
        <ul className="text-xs opacity-90" aria-label={t('upload.skippedRowsLabel', { name: scan.name })}>
          {scan.skippedRows.slice(0, SKIPPED_ROWS_SHOWN).map((skipped) => (
            <li key={skipped.row}>
              <Trans
                id="upload.rowSkipped"
                values={{ row: String(skipped.row), reason: <bdi>{skipped.reason}</bdi> }}
              />
            </li>
          ))}
          {hidden > 0 && <li>{t('upload.moreRowsSkipped', counted(hidden))}</li>}
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
  const { t } = useT();
  const first = listed.length > 1 ? message.indexOf(listed[0]!) : -1;
  if (first < 0)
    return (
      <p>
        <Trans id="upload.refused" values={{ message: <bdi>{message}</bdi> }} />
      </p>
    );
  const last = listed.at(-1)!;
  const rest = message.slice(message.lastIndexOf(last) + last.length).replace(/^;\s*/, '');
  return (
    <>
      <p>
        <Trans id="upload.refused" values={{ message: <bdi>{message.slice(0, first).trimEnd()}</bdi> }} />
      </p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5 break-words" aria-label={t('upload.rowsToFix')}>
        {listed.map((problem) => (
          // Each names its own row, so no two are the same.
          <li key={problem} dir="auto">
            {capitalised(problem)}
          </li>
        ))}
      </ul>
      {rest !== '' && (
        <p className="mt-1" dir="auto">
          {capitalised(rest)}
        </p>
      )}
    </>
  );
}

function tone(item: UploadItem, warnings: readonly string[]): 'success' | 'warning' | 'error' | 'info' {
  if (item.state === 'refused') return 'error';
  if (item.state === 'asking') return 'warning';
  if (item.state !== 'done') return 'info';
  const unchanged = item.answer.file.scans.every((scan) => scan.status === 'already-imported');
  return unchanged || warnings.length > 0 ? 'warning' : 'success';
}

/**
 * What happened to one file: every scan it made, what was merged or skipped, and what it could not give. `said`
 * are the warnings the upload's shared notice says already (several files got them).
 */
function ScanUploadResult({ item, said }: { item: UploadItem; said: ReadonlySet<string> }) {
  const { t } = useT();
  const warnings = item.state === 'done' ? item.answer.file.warnings.filter((w) => !said.has(w)) : [];
  return (
    <li data-upload-file={item.file.name}>
      <Notice tone={tone(item, warnings)}>
        <p className="font-medium break-all" dir="auto">
          {item.file.name}
        </p>
        {item.state === 'waiting' && <p>{t('upload.waiting')}</p>}
        {item.state === 'importing' && <p>{t('upload.importingFile')}</p>}
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
            {warnings.map((warning) => (
              <p key={warning} className="mt-1 font-medium">
                <Trans id="upload.warning" values={{ warning: <bdi>{warning}</bdi> }} />
              </p>
            ))}
            {item.answer.file.skippedSheets.length > 0 && (
              <p className="mt-1 text-xs opacity-90">
                <Trans
                  id="upload.sheetsSkipped"
                  values={{
                    sheets: (
                      <bdi>
                        {item.answer.file.skippedSheets
                          .map((sheet) => `${sheet.name} (${sheet.reason})`)
                          .join('; ')}
                      </bdi>
                    ),
                  }}
                />
              </p>
            )}
            {item.answer.file.ignoredColumns.length > 0 && (
              <p className="mt-1 text-xs opacity-90">
                <Trans
                  id="upload.columnsIgnored"
                  values={{ columns: <bdi>{item.answer.file.ignoredColumns.join(', ')}</bdi> }}
                />
              </p>
            )}
          </>
        )}
      </Notice>
    </li>
  );
}

/** An upload's results: the warnings several files got, once each with their files, then each file's own. */
export function UploadResults({ items }: { items: readonly UploadItem[] }) {
  const { t, locale } = useT();
  if (items.length === 0) return null;
  const shared = sharedWarnings(
    items.flatMap((item) =>
      item.state === 'done' ? [{ fileName: item.file.name, warnings: item.answer.file.warnings }] : [],
    ),
  );
  const said = new Set(shared.map((s) => s.warning));
  const names = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (
    <ul className="space-y-2" aria-label={t('upload.results')} aria-live="polite">
      {shared.map(({ warning, files }) => (
        <li key={warning} data-upload-warning>
          <Notice tone="warning">
            <p className="font-medium">
              <Trans id="upload.warning" values={{ warning: <bdi>{warning}</bdi> }} />
            </p>
            <p className="mt-1 text-xs break-all opacity-90">
              <Trans
                id="upload.warningFiles"
                values={{
                  ...counted(files.length),
                  // Each name kept whole in right-to-left text; the list's words are the language's.
                  files: (
                    <>
                      {names
                        .formatToParts(files)
                        .map((part) =>
                          part.type === 'element' ? <bdi key={part.value}>{part.value}</bdi> : part.value,
                        )}
                    </>
                  ),
                }}
              />
            </p>
          </Notice>
        </li>
      ))}
      {items.map((item) => (
        <ScanUploadResult key={item.key} item={item} said={said} />
      ))}
    </ul>
  );
}
