import { type NewGovernorsDetail, newGovernorsDetailSchema } from '@kingdom-stats/core/api';
import { isApiError } from '../../api/client.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { smallButton } from './shared.ts';

/** The NEW_GOVERNORS refusal's detail (the file and its share of unseen governors), or null for any other error. */
export function newGovernorsOf(error: unknown): NewGovernorsDetail | null {
  if (!isApiError(error) || error.code !== 'NEW_GOVERNORS') return null;
  const body = error.body as { newGovernors?: unknown } | undefined;
  const parsed = newGovernorsDetailSchema.safeParse(body?.newGovernors);
  return parsed.success ? parsed.data : null;
}

/**
 * The files of an upload most of whose governors the kingdom never had (issue 36 item 7), asked about once for all
 * of them after the others were imported: each with its share, and one answer for the lot.
 */
export function NewGovernorsQuestion({
  files,
  busy,
  onConfirm,
  onCancel,
}: {
  files: readonly NewGovernorsDetail[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, locale } = useT();
  const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const [first] = files;
  if (!first) return null;
  const several = files.length > 1;
  return (
    <Notice tone="warning">
      <p className="font-medium">
        {several
          ? t('upload.newGovernorsTitleMany', { kd: String(first.kingdom) })
          : t('upload.newGovernorsTitleOne', { kd: String(first.kingdom) })}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5 break-words">
        {files.map((file) => (
          <li key={file.fileName}>
            {t('upload.newGovernorsShare', {
              file: file.fileName,
              unseen: fullNumber(file.unseen),
              total: fullNumber(file.total),
              percent: share.format(file.unseen / file.total),
              kd: String(file.kingdom),
            })}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={smallButton} disabled={busy} onClick={onConfirm}>
          {several ? t('upload.importThemAnyway') : t('upload.importItAnyway')}
        </button>
        <button type="button" className={smallButton} disabled={busy} onClick={onCancel}>
          {t('upload.dontImport')}
        </button>
      </div>
    </Notice>
  );
}
