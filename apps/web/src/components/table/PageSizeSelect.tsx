import { TABLE_PAGE_SIZES } from '@kingdom-stats/core';
import { useId } from 'react';
import { selectClass } from '../controls/styles.ts';

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
  sizes?: readonly number[];
  disabled?: boolean;
}

import { useT } from '../../i18n/i18n.ts';

export function PageSizeSelect({ value, onChange, sizes = TABLE_PAGE_SIZES, disabled }: PageSizeSelectProps) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-400">
      <label htmlFor={id}>{t('table.rowsPerPage')}</label>
      <select
        id={id}
        className={`${selectClass} h-8 py-0`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
