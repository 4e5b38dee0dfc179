import type { AdminKingdomListItem } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { useDeleteKingdom } from '../../api/delete-kingdom.ts';
import { inputClass, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';

const dangerButton =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-red-600 px-4 text-sm font-semibold text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-400 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The superadmin's kingdom deletion. Like hosting tools do for things that cannot be undone, the button stays off
 * until the kingdom number is typed, so a slip of the finger on the wrong row deletes nothing.
 */
export function DeleteKingdomModal({
  kingdom,
  onClose,
  onDeleted,
}: {
  kingdom: AdminKingdomListItem | null;
  onClose: () => void;
  onDeleted: (kd: number) => void;
}) {
  const remove = useDeleteKingdom();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), form: useId() };
  const kd = kingdom?.kdno;
  const confirmed = kd !== undefined && typed.trim() === String(kd);

  const close = () => {
    setTyped('');
    setError(null);
    remove.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || kd === undefined) return;
    setError(null);
    remove.mutate(kd, {
      onSuccess: () => {
        setTyped('');
        onDeleted(kd);
      },
      onError: (e) => setError(isApiError(e) ? e.message : 'Failed to delete the kingdom'),
    });
  };

  return (
    <Modal
      open={kingdom !== null}
      onClose={close}
      title={`Delete kingdom ${kd ?? ''}`}
      description="This cannot be undone."
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            form={ids.form}
            className={dangerButton}
            disabled={!confirmed || remove.isPending}
          >
            {remove.isPending ? 'Deleting...' : 'Delete kingdom'}
          </button>
        </>
      }
    >
      <form id={ids.form} onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-300">
          Kingdom {kd}
          {kingdom?.name ? ` (${kingdom.name})` : ''} and everything of it goes: {kingdom?.scans ?? 0}{' '}
          {kingdom?.scans === 1 ? 'scan' : 'scans'}, its DKP formula, camps, KvK seasons, rallies and rally
          token, Hall of Heroes and pre-KvK uploads. Its viewer links stop working and its admins no longer
          administer it (their accounts stay).
        </p>
        <Field label={`Type ${kd ?? ''} to confirm`} htmlFor={ids.input}>
          <input
            id={ids.input}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={inputClass}
            data-autofocus
          />
        </Field>
        {error && <Notice tone="error">{error}</Notice>}
      </form>
    </Modal>
  );
}
