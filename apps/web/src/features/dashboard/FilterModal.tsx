import { type ColumnFilter, type FilterOperator, tryParseNumber } from '@kingdom-stats/core';
import { useState } from 'react';
import {
  ghostButton,
  inputClass,
  primaryButton,
  secondaryButton,
  selectClass,
} from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { columnLabel } from '../../i18n/columns.ts';
import { type MessageId, translate, useT } from '../../i18n/i18n.ts';
import { FILTERABLE_NUMBER_FIELDS, FILTERABLE_TEXT_FIELDS } from './player-columns.tsx';

const TEXT_OPERATORS: readonly FilterOperator[] = ['contains', 'equals'];
const NUMBER_OPERATORS: readonly FilterOperator[] = ['greater', 'less', 'equals'];

const OPERATOR_LABELS: Record<FilterOperator, MessageId> = {
  contains: 'filter.op.contains',
  equals: 'filter.op.equals',
  greater: 'filter.op.greater',
  less: 'filter.op.less',
};

function isTextField(column: string): boolean {
  return (FILTERABLE_TEXT_FIELDS as readonly string[]).includes(column);
}

function operatorsFor(column: string): readonly FilterOperator[] {
  return isTextField(column) ? TEXT_OPERATORS : NUMBER_OPERATORS;
}

/**
 * Why a condition cannot be applied, or null: a number column needs a number ('abc' used to become '> 0' while the
 * chip said '> abc'). An empty value is dropped on Apply, not refused.
 */
export function conditionProblem(filter: ColumnFilter): string | null {
  if (isTextField(filter.column) || filter.value.trim() === '') return null;
  return tryParseNumber(filter.value) === null
    ? translate('filter.needsNumber', { column: columnLabel(filter.column) })
    : null;
}

type DraftFilter = ColumnFilter & { id: number };

let nextId = 0;
const withId = (filter: ColumnFilter): DraftFilter => ({ ...filter, id: nextId++ });
const blank = (): DraftFilter => withId({ column: 'Power', operator: 'greater', value: '' });

interface FilterModalProps {
  open: boolean;
  filters: readonly ColumnFilter[];
  onApply: (filters: ColumnFilter[]) => void;
  onClose: () => void;
}

/**
 * The player filter modal: any number of column conditions, all of which must hold. Numbers accept K, M and B
 * ('50M'); text conditions ignore case.
 */
export function FilterModal({ open, filters, onApply, onClose }: FilterModalProps) {
  const { t } = useT();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('filter.title')}
      description={t('filter.description')}
      size="lg"
      footer={null}
    >
      {open && <FilterForm initial={filters} onApply={onApply} onClose={onClose} />}
    </Modal>
  );
}

function FilterForm({
  initial,
  onApply,
  onClose,
}: {
  initial: readonly ColumnFilter[];
  onApply: (filters: ColumnFilter[]) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const [rows, setRows] = useState<DraftFilter[]>(() =>
    initial.length > 0 ? initial.map(withId) : [blank()],
  );
  // Problems show once Apply was tried, then follow the typing.
  const [checked, setChecked] = useState(false);
  const problems = rows.map((row) => conditionProblem(row));

  const update = (index: number, patch: Partial<DraftFilter>) =>
    setRows((current) =>
      current.map((row, i) => {
        if (i !== index) return row;
        const next = { ...row, ...patch };
        if (!operatorsFor(next.column).includes(next.operator)) next.operator = operatorsFor(next.column)[0]!;
        return next;
      }),
    );

  return (
    <form
      aria-label={t('filter.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (problems.some((problem) => problem !== null)) return;
        onApply(
          rows
            .filter((row) => row.value.trim() !== '')
            .map((row) => ({ column: row.column, operator: row.operator, value: row.value.trim() })),
        );
      }}
    >
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li
            key={row.id}
            className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border border-slate-800 p-2 sm:grid-cols-[1fr_10rem_1fr_auto] sm:border-0 sm:p-0"
          >
            <select
              aria-label={t('filter.conditionColumn', { n: String(index + 1) })}
              className={`${selectClass} col-span-1 w-full`}
              value={row.column}
              data-autofocus={index === 0 ? true : undefined}
              onChange={(event) => update(index, { column: event.target.value })}
            >
              <optgroup label={t('filter.groupText')}>
                {FILTERABLE_TEXT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {columnLabel(field)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('filter.groupNumbers')}>
                {FILTERABLE_NUMBER_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {columnLabel(field)}
                  </option>
                ))}
              </optgroup>
            </select>
            <button
              type="button"
              className={`${ghostButton} size-9 px-0 sm:order-last`}
              aria-label={t('filter.removeCondition', { n: String(index + 1) })}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
                <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" />
              </svg>
            </button>
            <select
              aria-label={t('filter.conditionOperator', { n: String(index + 1) })}
              className={`${selectClass} w-full`}
              value={row.operator}
              onChange={(event) => update(index, { operator: event.target.value as FilterOperator })}
            >
              {operatorsFor(row.column).map((operator) => (
                <option key={operator} value={operator}>
                  {t(OPERATOR_LABELS[operator])}
                </option>
              ))}
            </select>
            <input
              aria-label={t('filter.conditionValue', { n: String(index + 1) })}
              className={`${inputClass} col-span-2 w-full sm:col-span-1`}
              value={row.value}
              inputMode={isTextField(row.column) ? 'text' : 'decimal'}
              placeholder={
                isTextField(row.column) ? t('filter.placeholderText') : t('filter.placeholderNumber')
              }
              aria-invalid={checked && problems[index] !== null ? true : undefined}
              aria-describedby={checked && problems[index] ? `condition-${row.id}-problem` : undefined}
              onChange={(event) => update(index, { value: event.target.value })}
            />
            {checked && problems[index] && (
              <p
                id={`condition-${row.id}-problem`}
                role="alert"
                className="col-span-2 text-sm text-red-300 sm:col-span-4"
              >
                {problems[index]}
              </p>
            )}
          </li>
        ))}
      </ol>
      {rows.length === 0 && <p className="py-2 text-sm text-slate-400">{t('filter.none')}</p>}
      <p className="mt-3 text-xs text-slate-400" data-testid="missing-values-note">
        {t('filter.missingValuesPass')}
      </p>
      <button
        type="button"
        className={`${ghostButton} mt-3 text-sky-300`}
        onClick={() => setRows((current) => [...current, blank()])}
        disabled={rows.length >= 20}
      >
        {t('filter.add')}
      </button>
      <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-slate-800 pt-4">
        <button type="button" className={ghostButton} onClick={() => setRows([])}>
          {t('filter.clearAll')}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={primaryButton}>
          {t('filter.apply')}
        </button>
      </div>
    </form>
  );
}
