import type { Blocker } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';

/** Why the editor asks its author to sign in: never signed in here, or the session ran out while editing. */
export type SignInReason = 'signed-out' | 'expired';

export const SIGN_IN_TEXTS: Record<SignInReason, { title: MessageId; body: MessageId }> = {
  'signed-out': { title: 'formula.signInTitle', body: 'formula.signInBody' },
  expired: { title: 'formula.expiredTitle', body: 'formula.expiredBody' },
};

interface SignInDialogProps {
  reason: SignInReason | null;
  onSignIn: () => void;
  onClose: () => void;
}

/** Offers the sign-in round trip; the editor keeps the draft before it leaves for the login page. */
export function SignInDialog({ reason, onSignIn, onClose }: SignInDialogProps) {
  const { t } = useT();
  const text = SIGN_IN_TEXTS[reason ?? 'signed-out'];
  return (
    <Modal
      open={reason !== null}
      onClose={onClose}
      title={t(text.title)}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('formula.keepEditing')}
          </button>
          <button type="button" className={primaryButton} onClick={onSignIn} data-autofocus>
            {t('formula.signIn')}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-300">{t(text.body)}</p>
    </Modal>
  );
}

/** "Leave without saving?" while the router holds a navigation away from an editor with unsaved changes. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useT();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('formula.leaveTitle')}
      confirmLabel={t('formula.leave')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <p>{t('formula.leaveBody')}</p>
    </ConfirmDialog>
  );
}
