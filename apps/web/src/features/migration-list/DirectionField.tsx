import type { MigrationDirection } from '@kingdom-stats/core/api';
import { useId } from 'react';
import { selectClass } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';

/** Whether a governor is proposed to leave or to arrive: the add form's and the edit dialog's select. */
export function DirectionField({
  value,
  onChange,
}: {
  value: MigrationDirection;
  onChange: (direction: MigrationDirection) => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <Field label={t('migrationList.col.direction')} htmlFor={id}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value === 'arrive' ? 'arrive' : 'leave')}
        className={selectClass}
      >
        <option value="leave">{t('migrationList.direction.leave')}</option>
        <option value="arrive">{t('migrationList.direction.arrive')}</option>
      </select>
    </Field>
  );
}
