import { type CheckedField, FIELD_SENSITIVITIES, type FieldSensitivity } from '@kingdom-stats/core';
import { REVIEW_FIELDS } from '@kingdom-stats/core/api';
import { selectClass } from '../../components/controls/styles.ts';
import { shownFieldLabel } from '../../components/table/ReviewMark.tsx';
import { type MessageId, translate } from '../../i18n/i18n.ts';

const LEVEL_MESSAGES: Readonly<Record<FieldSensitivity, MessageId>> = {
  normal: 'review.sensitivity.normal',
  low: 'review.sensitivity.low',
  off: 'review.sensitivity.off',
};

/**
 * How closely each field is checked (docs/data-quality.md, "Per-field sensitivity"): one select per field; a field
 * off its default is set apart. Part of the data-quality settings form, which saves it with the rest.
 */
export function FieldSensitivitySettings({
  value,
  defaults,
  onChange,
}: {
  value: Record<CheckedField, FieldSensitivity>;
  defaults: Record<CheckedField, FieldSensitivity>;
  onChange: (next: Record<CheckedField, FieldSensitivity>) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-200">
        {translate('review.sensitivity.legend')}
      </legend>
      <p className="text-xs text-slate-400">{translate('review.sensitivity.hint')}</p>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
        {REVIEW_FIELDS.map((field) => {
          const label = shownFieldLabel(field);
          return (
            <label
              key={field}
              className={`flex items-center justify-between gap-2 text-sm ${value[field] === defaults[field] ? 'text-slate-300' : 'font-medium text-amber-200'}`}
            >
              <span className="min-w-0 truncate" title={label}>
                {label}
              </span>
              <select
                className={`${selectClass} w-36 shrink-0`}
                aria-label={translate('review.sensitivity.field', { field: label })}
                value={value[field]}
                data-sensitivity-field={field}
                onChange={(e) => onChange({ ...value, [field]: e.target.value as FieldSensitivity })}
              >
                {FIELD_SENSITIVITIES.map((level) => (
                  <option key={level} value={level}>
                    {translate(LEVEL_MESSAGES[level])}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
