import type { AdminKingdomResponse, AdminScan } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
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
  const { t } = useT();

  const scans = data.scans;
  return (
    <Section id="scans" title={t('settings.nav.scans')} description={t('scans.description')}>
      <ScanUploadForm actions={actions} scans={scans} />
      {message && (
        <Notice tone={message.tone}>
          <bdi>{message.text}</bdi>
        </Notice>
      )}

      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-200">
        {t('settings.scanCount', { count: scans.length, n: fullNumber(scans.length) })}
      </h3>
      {scans.length === 0 ? (
        <p className="text-sm text-slate-400">{t('scans.empty')}</p>
      ) : (
        <ul
          className="max-h-[28rem] divide-y divide-slate-800 overflow-y-auto rounded-lg border border-slate-800"
          aria-label={t('settings.nav.scans')}
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
        title={t('scans.deleteTitle')}
        confirmLabel={t('scans.deleteTitle')}
        busyLabel={t('settings.camps.deleting')}
        busy={actions.deleteScan.isPending}
        error={
          actions.deleteScan.isError ? errorText(actions.deleteScan.error, t('scans.deleteFailed')) : null
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
          <Trans
            id="scans.deleteConfirm"
            values={{
              name: toDelete?.name ?? '',
              time: formatUtc(toDelete?.takenAt),
              count: toDelete?.rows ?? 0,
              n: fullNumber(toDelete?.rows ?? 0),
            }}
            components={{
              0: <strong className="text-white" />,
              1: <span dir="ltr" className="whitespace-nowrap" />,
            }}
          />
        </p>
      </ConfirmDialog>
    </Section>
  );
}
