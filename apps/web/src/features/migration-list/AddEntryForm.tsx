import {
  MIGRATION_NAME_MAX,
  MIGRATION_NOTE_MAX,
  MIGRATION_REASON_MAX,
  type MigrationDirection,
} from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import type { MigrationActions } from './api.ts';
import { DirectionField } from './DirectionField.tsx';

/** Adds one governor by ID to the season's list; the server fills in the name from the latest scan when empty. */
export function AddEntryForm({
  actions,
  onMessage,
}: {
  actions: MigrationActions;
  onMessage: (message: Message) => void;
}) {
  const { t } = useT();
  const [governorId, setGovernorId] = useState('');
  const [name, setName] = useState('');
  const [direction, setDirection] = useState<MigrationDirection>('leave');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const ids = { id: useId(), name: useId(), reason: useId(), note: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(governorId.trim());
    if (!/^\d{1,12}$/.test(governorId.trim()) || id < 1)
      return onMessage({ tone: 'error', text: t('migrationList.add.idInvalid') });
    actions.add.mutate(
      { governorId: id, name, direction, reason, note },
      {
        onSuccess: ({ entry }) => {
          onMessage({
            tone: 'success',
            text: t('migrationList.add.added', { name: entry.name || String(entry.governorId) }),
          });
          setGovernorId('');
          setName('');
          setReason('');
          setNote('');
        },
        onError: (error) =>
          onMessage({ tone: 'error', text: errorText(error, t('migrationList.add.failed')) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t('migrationList.add.title')}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('migrationList.add.governorId')} htmlFor={ids.id}>
          <input
            id={ids.id}
            inputMode="numeric"
            value={governorId}
            onChange={(e) => setGovernorId(e.target.value)}
            className={inputClass}
            required
          />
        </Field>
        <Field label={t('migrationList.add.name')} htmlFor={ids.name} hint={t('migrationList.add.nameHint')}>
          <input
            id={ids.name}
            value={name}
            maxLength={MIGRATION_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
          />
        </Field>
        <DirectionField value={direction} onChange={setDirection} />
        <Field label={t('migrationList.add.reason')} htmlFor={ids.reason} className="sm:col-span-2">
          <input
            id={ids.reason}
            value={reason}
            maxLength={MIGRATION_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field label={t('migrationList.add.note')} htmlFor={ids.note}>
          <input
            id={ids.note}
            value={note}
            maxLength={MIGRATION_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        </Field>
      </div>
      <button type="submit" className={primaryButton} disabled={actions.add.isPending}>
        {actions.add.isPending ? t('migrationList.add.adding') : t('migrationList.add.submit')}
      </button>
    </form>
  );
}
