import type { Blocker } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';

/** Why the editor asks its author to sign in: never signed in here, or the session ran out while editing. */
export type SignInReason = 'signed-out' | 'expired';

export const SIGN_IN_TEXTS: Record<SignInReason, { title: string; body: string }> = {
  'signed-out': {
    title: 'Sign in to save',
    body: 'Only an admin of this kingdom can save its formula. Sign in and you come back here with your changes.',
  },
  expired: {
    title: 'Your session has expired',
    body: 'Nothing was saved. Sign in again and you come back here with your changes kept, then save.',
  },
};

interface SignInDialogProps {
  reason: SignInReason | null;
  onSignIn: () => void;
  onClose: () => void;
}

/** Offers the sign-in round trip; the editor keeps the draft before it leaves for the login page. */
export function SignInDialog({ reason, onSignIn, onClose }: SignInDialogProps) {
  const text = SIGN_IN_TEXTS[reason ?? 'signed-out'];
  return (
    <Modal
      open={reason !== null}
      onClose={onClose}
      title={text.title}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Keep editing
          </button>
          <button type="button" className={primaryButton} onClick={onSignIn} data-autofocus>
            Sign in
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-300">{text.body}</p>
    </Modal>
  );
}

/** "Leave without saving?" while the router holds a navigation away from an editor with unsaved changes. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <p>
        Your changes to the formula, goals or wars are not saved. They are lost if you leave this page now.
      </p>
    </ConfirmDialog>
  );
}
