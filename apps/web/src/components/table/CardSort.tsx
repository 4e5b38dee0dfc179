import type { SortDirection } from '@kingdom-stats/core';
import { useId } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { secondaryButton, selectClass } from '../controls/styles.ts';

interface CardSortProps {
  /** The sortable fields, as [key, label]. */
  options: readonly (readonly [string, string])[];
  /** The current sort; null for the list's own order. */
  sort: { key: string; direction: SortDirection } | null;
  /** The label of the "no sort" choice; without it the select always names a field. */
  unsortedLabel?: string;
  onSort: (sort: { key: string; direction: SortDirection } | null) => void;
}

/**
 * Sorting for a card list on a phone, where there are no column headers to click: a field and a direction. A
 * newly chosen field starts highest first, as the readers of these lists want the top of a ranking.
 */
export function CardSort({ options, sort, unsortedLabel, onSort }: CardSortProps) {
  const { t } = useT();
  const id = useId();
  const known = sort !== null && options.some(([key]) => key === sort.key);
  const value = known ? sort.key : '';
  return (
    <div className="flex items-end gap-2 md:hidden" data-testid="card-sort">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-slate-400">
          {t('table.sortBy')}
        </label>
        <select
          id={id}
          className={`${selectClass} w-full`}
          value={value}
          onChange={(event) => {
            const key = event.target.value;
            onSort(key === '' ? null : { key, direction: 'desc' });
          }}
        >
          {(unsortedLabel !== undefined || !known) && (
            <option value="">{unsortedLabel ?? t('table.choose')}</option>
          )}
          {options.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={secondaryButton}
        disabled={!known}
        onClick={() =>
          sort && onSort({ key: sort.key, direction: sort.direction === 'desc' ? 'asc' : 'desc' })
        }
        aria-label={sort?.direction === 'asc' ? t('table.sortedLowestFirst') : t('table.sortedHighestFirst')}
      >
        {sort?.direction === 'asc' ? t('table.lowestFirst') : t('table.highestFirst')}
      </button>
    </div>
  );
}
