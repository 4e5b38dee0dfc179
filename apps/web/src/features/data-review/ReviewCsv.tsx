import { Trans } from '@lingui/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { downloadBlob } from '../../export/download.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, fileInputClass, type Message, smallButton } from '../kingdom-settings/shared.ts';
import { type FlagQuery, fetchFlagsCsv, useUploadCorrections } from './api.ts';

/**
 * The CSV round trip for bulk work (docs/data-review.md "CSV"): download the flags of the current filters, fill in
 * the value column in a spreadsheet, upload it back; the upload is all or nothing.
 */
export function ReviewCsv({ kd, code, query }: { kd: string; code: string; query: FlagQuery }) {
  const upload = useUploadCorrections(kd, code);
  const [downloading, setDownloading] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const { t } = useT();

  const download = async () => {
    setDownloading(true);
    setMessage(null);
    try {
      const { blob, fileName } = await fetchFlagsCsv(kd, code, query);
      downloadBlob(blob, fileName);
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, t('review.csv.downloadFailed')) });
    } finally {
      setDownloading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMessage({ tone: 'error', text: t('review.csv.chooseFile') });
      return;
    }
    setMessage(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setMessage({
          tone: 'success',
          text: t('review.csv.applied', {
            message: answer.message,
            applied: fullNumber(answer.applied),
            unchanged: fullNumber(answer.unchanged),
          }),
        });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      // A refused file names its row and column; nothing was changed.
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, t('review.csv.uploadFailed')) }),
    });
  };

  return (
    <div className="mb-4 space-y-2 rounded-lg border border-slate-800 px-3 py-3">
      <h3 className="text-sm font-semibold text-white">{t('review.csv.title')}</h3>
      <div className="space-y-3">
        <p className="text-sm text-slate-400">
          <Trans id="review.csv.how" components={{ 0: <code />, 1: <code /> }} />
        </p>
        <button type="button" className={smallButton} onClick={() => void download()} disabled={downloading}>
          {downloading ? t('review.csv.preparing') : t('review.csv.download')}
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={submit}
          aria-label={t('review.csv.upload')}
        >
          <label htmlFor={fileId} className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-slate-400">
            {t('review.csv.file')}
            <input
              ref={input}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className={fileInputClass}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <button type="submit" className={smallButton} disabled={upload.isPending}>
            {upload.isPending ? t('review.csv.uploading') : t('review.csv.upload')}
          </button>
        </form>
        {message && (
          <Notice tone={message.tone}>
            <bdi>{message.text}</bdi>
          </Notice>
        )}
      </div>
    </div>
  );
}
