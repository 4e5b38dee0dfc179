import type { AdminKingdomListItem } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { useDeleteKingdom } from '../../api/delete-kingdom.ts';
import { inputClass, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
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
  const { t } = useT();
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
      onError: (e) => setError(isApiError(e) ? e.message : t('management.deleteFailed')),
    });
  };

  return (
    <Modal
      open={kingdom !== null}
      onClose={close}
      title={t('management.deleteTitle', { kd: String(kd ?? '') })}
      description={t('management.cannotUndo')}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form={ids.form}
            className={dangerButton}
            disabled={!confirmed || remove.isPending}
          >
            {remove.isPending ? t('settings.camps.deleting') : t('management.deleteKingdom')}
          </button>
        </>
      }
    >
      <form id={ids.form} onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-300">
          {t('management.deleteWhat', {
            kingdom: `${t('kingdom.label', { kd: String(kd ?? '') })}${kingdom?.name ? ` (${kingdom.name})` : ''}`,
            scans: t('settings.scanCount', {
              count: kingdom?.scans ?? 0,
              n: fullNumber(kingdom?.scans ?? 0),
            }),
          })}
        </p>
        <Field label={t('management.typeToConfirm', { kd: String(kd ?? '') })} htmlFor={ids.input}>
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
        {error && (
          <Notice tone="error">
            <bdi>{error}</bdi>
          </Notice>
        )}
      </form>
    </Modal>
  );
}
