import type { ReactNode } from 'react';
import { secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { useT } from '../../i18n/i18n.ts';

export const dangerButton =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-red-600 px-4 text-sm font-semibold whitespace-nowrap text-white hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-400';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** An error from the last attempt, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before something that cannot be undone (delete a user, a scan; rotate a code). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className={dangerButton} onClick={onConfirm} disabled={busy} data-autofocus>
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-300">{children}</div>
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
        >
          <bdi>{error}</bdi>
        </p>
      )}
    </Modal>
  );
}
