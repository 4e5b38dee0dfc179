import type { AdminKingdomResponse, AdminScan } from '@kingdom-stats/core/api';
import { useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { Section } from '../../components/layout/Section.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { ScanListItem } from './ScanListItem.tsx';
import { ScanUploadForm } from './ScanUploadForm.tsx';
import { errorText, type Message } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** Upload scanner files (what `scan import` takes), rename and delete scans. */
export function ScansSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const [message, setMessage] = useState<Message>(null);
  const [toDelete, setToDelete] = useState<AdminScan | null>(null);

  const scans = data.scans;
  return (
    <Section
      id="scans"
      title="Scans"
      description="Governor scanner exports: RokTracker (xlsx, xls, csv, jsonl), Hero Scrolls workbooks, any spreadsheet (xlsx, xls, ods) or CSV with a governor ID column."
    >
      <ScanUploadForm actions={actions} scans={scans} />
      {message && <Notice tone={message.tone}>{message.text}</Notice>}

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
            <ScanListItem
              key={scan.id}
              scan={scan}
              actions={actions}
              onDelete={(chosen) => {
                actions.deleteScan.reset();
                setToDelete(chosen);
              }}
              onRenamed={(text) => setMessage({ tone: 'success', text })}
            />
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
