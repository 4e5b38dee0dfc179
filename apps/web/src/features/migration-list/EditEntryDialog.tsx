import {
  MIGRATION_NAME_MAX,
  MIGRATION_NOTE_MAX,
  MIGRATION_REASON_MAX,
  type MigrationDirection,
  type MigrationEntry,
} from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import type { MigrationActions } from './api.ts';
import { DirectionField } from './DirectionField.tsx';

interface EditEntryDialogProps {
  entry: MigrationEntry;
  actions: MigrationActions;
  onDone: (message: Message) => void;
  onClose: () => void;
}

/** Changes an entry's name, direction, reason and note (its flags switch in the list itself). */
export function EditEntryDialog({ entry, actions, onDone, onClose }: EditEntryDialogProps) {
  const { t } = useT();
  const [name, setName] = useState(entry.name);
  const [direction, setDirection] = useState<MigrationDirection>(entry.direction);
  const [reason, setReason] = useState(entry.reason);
  const [note, setNote] = useState(entry.note);
  const formId = useId();
  const ids = { name: useId(), reason: useId(), note: useId() };
  const shownName = entry.name || t('migrationList.unknownName');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.update.mutate(
      { governorId: entry.governorId, change: { name, direction, reason, note } },
      {
        onSuccess: ({ entry: saved }) =>
          onDone({
            tone: 'success',
            text: t('migrationList.saved', { name: saved.name || String(saved.governorId) }),
          }),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('migrationList.editTitle', { name: shownName, id: String(entry.governorId) })}
      footer={
        <>
          <button
            type="button"
            className={secondaryButton}
            onClick={onClose}
            disabled={actions.update.isPending}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className={primaryButton} disabled={actions.update.isPending}>
            {actions.update.isPending ? t('migrationList.saving') : t('migrationList.save')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="grid gap-3">
        <Field label={t('migrationList.add.name')} htmlFor={ids.name}>
          <input
            id={ids.name}
            value={name}
            maxLength={MIGRATION_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
            data-autofocus
          />
        </Field>
        <DirectionField value={direction} onChange={setDirection} />
        <Field label={t('migrationList.add.reason')} htmlFor={ids.reason}>
          <textarea
            id={ids.reason}
            value={reason}
            maxLength={MIGRATION_REASON_MAX}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            className={`${inputClass} h-auto py-2`}
          />
        </Field>
        <Field label={t('migrationList.add.note')} htmlFor={ids.note}>
          <textarea
            id={ids.note}
            value={note}
            maxLength={MIGRATION_NOTE_MAX}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            className={`${inputClass} h-auto py-2`}
          />
        </Field>
      </form>
      {actions.update.isError && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
        >
          {errorText(actions.update.error, t('migrationList.saveFailed'))}
        </p>
      )}
    </Modal>
  );
}
