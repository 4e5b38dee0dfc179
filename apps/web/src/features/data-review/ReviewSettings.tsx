import {
  type DataQualitySettings,
  formatInteger,
  KILL_POINTS_TOLERANCE_BOUNDS,
  MAX_POWER_CHANGE_PER_DAY_BOUNDS,
  MIN_POWER_CHANGE_BOUNDS,
} from '@kingdom-stats/core';
import { REVIEW_CHECKS, type ReviewCheck } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import { useReviewSettings, useSettingsActions } from './api.ts';
import { FieldSensitivitySettings } from './FieldSensitivitySettings.tsx';
import { CHECK_WORDS } from './words.ts';

/**
 * The kingdom's data-quality settings (docs/data-quality.md): which checks the import runs and their bounds, and a
 * re-check of the stored scans with them. Collapsed, so the flags stay first; read when opened.
 */
export function ReviewSettings({ kd, code }: { kd: string; code: string }) {
  const [open, setOpen] = useState(false);
  const settings = useReviewSettings(kd, code, open);
  return (
    <details
      className="mb-4 rounded-lg border border-slate-800 px-3 py-2"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-200">Data-quality settings</summary>
      <div className="mt-3">
        {settings.isPending ? (
          open && <Spinner label="Loading the settings..." />
        ) : settings.isError ? (
          <Notice tone="error">{errorText(settings.error, 'Failed to load the settings')}</Notice>
        ) : (
          <SettingsForm
            kd={kd}
            code={code}
            settings={settings.data.settings}
            defaults={settings.data.defaults}
          />
        )}
      </div>
    </details>
  );
}

/** Power per day is stored as a fraction (0.5) and typed as a percentage (50). */
const percent = (fraction: number) => String(Math.round(fraction * 10_000) / 100);

function SettingsForm({
  kd,
  code,
  settings,
  defaults,
}: {
  kd: string;
  code: string;
  settings: DataQualitySettings;
  defaults: DataQualitySettings;
}) {
  const actions = useSettingsActions(kd, code);
  const [enabled, setEnabled] = useState<Record<ReviewCheck, boolean>>({ ...settings.enabled });
  const [sensitivity, setSensitivity] = useState({ ...settings.sensitivity });
  const [perDay, setPerDay] = useState(percent(settings.maxPowerChangePerDay));
  const [minPower, setMinPower] = useState(String(settings.minPowerChange));
  const [tolerance, setTolerance] = useState(String(settings.killPointsTolerance));
  const [message, setMessage] = useState<Message>(null);
  const ids = { perDay: useId(), minPower: useId(), tolerance: useId() };
  const number = (text: string) => Number(text.replace(/[\s,_]/g, ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change = {
      enabled,
      sensitivity,
      maxPowerChangePerDay: number(perDay) / 100,
      minPowerChange: number(minPower),
      killPointsTolerance: number(tolerance),
    };
    if (!Number.isFinite(change.maxPowerChangePerDay) || perDay.trim() === '') {
      setMessage({ tone: 'error', text: 'Largest power change per day must be a number' });
      return;
    }
    for (const [label, value] of [
      ['Smallest power change flagged', change.minPowerChange],
      ['Kill points tolerance', change.killPointsTolerance],
    ] as const) {
      if (!Number.isSafeInteger(value)) {
        setMessage({ tone: 'error', text: `${label} must be a whole number` });
        return;
      }
    }
    setMessage(null);
    // Out-of-range values are the API's to refuse: its message names the setting and the range.
    actions.save.mutate(change, {
      onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
      onError: (error) =>
        setMessage({ tone: 'error', text: errorText(error, 'Failed to save the settings') }),
    });
  };

  const recheck = () => {
    setMessage(null);
    actions.recheck.mutate(undefined, {
      onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, 'The re-check failed') }),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Data-quality settings">
      <fieldset className="space-y-1.5">
        <legend className="mb-1 text-sm font-medium text-slate-200">Checks the import runs</legend>
        {REVIEW_CHECKS.map((check) => (
          <label key={check} className="flex items-start gap-2 text-sm text-slate-300">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-sky-500"
              checked={enabled[check]}
              onChange={(e) => setEnabled({ ...enabled, [check]: e.target.checked })}
            />
            {CHECK_WORDS[check]}
          </label>
        ))}
      </fieldset>
      <FieldSensitivitySettings
        value={sensitivity}
        defaults={defaults.sensitivity}
        onChange={setSensitivity}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Largest power change per day (%)"
          htmlFor={ids.perDay}
          hint={`Of the earlier power, per day of the period (a day at least). Default ${percent(defaults.maxPowerChangePerDay)} %; ${percent(MAX_POWER_CHANGE_PER_DAY_BOUNDS.min)}–${percent(MAX_POWER_CHANGE_PER_DAY_BOUNDS.max)} %.`}
        >
          <input
            id={ids.perDay}
            inputMode="decimal"
            className={`${inputClass} w-full`}
            value={perDay}
            onChange={(e) => setPerDay(e.target.value)}
          />
        </Field>
        <Field
          label="Smallest power change flagged"
          htmlFor={ids.minPower}
          hint={`Power; smaller changes are never flagged. Default ${formatInteger(defaults.minPowerChange)}; ${formatInteger(MIN_POWER_CHANGE_BOUNDS.min)}–${formatInteger(MIN_POWER_CHANGE_BOUNDS.max)}.`}
        >
          <input
            id={ids.minPower}
            inputMode="numeric"
            className={`${inputClass} w-full`}
            value={minPower}
            onChange={(e) => setMinPower(e.target.value)}
          />
        </Field>
        <Field
          label="Kill points tolerance"
          htmlFor={ids.tolerance}
          hint={`Points the kill points may differ from the kills' sum. Default ${formatInteger(defaults.killPointsTolerance)}; ${formatInteger(KILL_POINTS_TOLERANCE_BOUNDS.min)}–${formatInteger(KILL_POINTS_TOLERANCE_BOUNDS.max)}.`}
        >
          <input
            id={ids.tolerance}
            inputMode="numeric"
            className={`${inputClass} w-full`}
            value={tolerance}
            onChange={(e) => setTolerance(e.target.value)}
          />
        </Field>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={actions.save.isPending}>
          {actions.save.isPending ? 'Saving...' : 'Save settings'}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={actions.recheck.isPending}
          onClick={recheck}
        >
          {actions.recheck.isPending ? 'Re-checking...' : 'Re-check stored scans'}
        </button>
      </div>
      <p className="text-xs text-slate-400">
        Saved settings apply to the next imports. Re-check runs them over the scans already imported: flags
        still to review are replaced; accepted, corrected and excluded values are kept.
      </p>
    </form>
  );
}
