import { formatInteger } from '@kingdom-stats/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { downloadBlob } from '../../export/download.ts';
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

  const download = async () => {
    setDownloading(true);
    setMessage(null);
    try {
      const { blob, fileName } = await fetchFlagsCsv(kd, code, query);
      downloadBlob(blob, fileName);
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, 'The download failed') });
    } finally {
      setDownloading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMessage({ tone: 'error', text: 'Choose a CSV file of corrections first' });
      return;
    }
    setMessage(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setMessage({
          tone: 'success',
          text: `${answer.message} (${formatInteger(answer.applied)} applied, ${formatInteger(answer.unchanged)} unchanged)`,
        });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      // A refused file names its row and column; nothing was changed.
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, 'The upload failed') }),
    });
  };

  return (
    <div className="mb-4 space-y-2 rounded-lg border border-slate-800 px-3 py-3">
      <h3 className="text-sm font-semibold text-white">CSV: correct many values at once</h3>
      <div className="space-y-3">
        <p className="text-sm text-slate-400">
          Download the flags shown, type the right numbers in the <code>value</code> column (the{' '}
          <code>suggested</code> column has the checks' proposals), then upload the file: every row is checked
          before anything changes, and a row whose value is unchanged or blank is left alone.
        </p>
        <button type="button" className={smallButton} onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Download CSV'}
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={submit}
          aria-label="Upload corrections CSV"
        >
          <label htmlFor={fileId} className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-slate-400">
            Corrections CSV
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
            {upload.isPending ? 'Uploading…' : 'Upload corrections CSV'}
          </button>
        </form>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
      </div>
    </div>
  );
}
