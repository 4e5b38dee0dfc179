import {
  type DataQualitySettings,
  KILL_POINTS_TOLERANCE_BOUNDS,
  MAX_POWER_CHANGE_PER_DAY_BOUNDS,
  MIN_POWER_CHANGE_BOUNDS,
} from '@kingdom-stats/core';
import { REVIEW_CHECKS, type ReviewCheck } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import { useReviewSettings, useSettingsActions } from './api.ts';
import { FieldSensitivitySettings } from './FieldSensitivitySettings.tsx';
import { checkLabel } from './words.ts';

/**
 * The kingdom's data-quality settings (docs/data-quality.md): which checks the import runs and their bounds, and a
 * re-check of the stored scans with them. Collapsed, so the flags stay first; read when opened.
 */
export function ReviewSettings({ kd, code }: { kd: string; code: string }) {
  const [open, setOpen] = useState(false);
  const settings = useReviewSettings(kd, code, open);
  const { t } = useT();
  return (
    <details
      className="mb-4 rounded-lg border border-slate-800 px-3 py-2"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-200">
        {t('review.settings.title')}
      </summary>
      <div className="mt-3">
        {settings.isPending ? (
          open && <Spinner label={t('review.settings.loading')} />
        ) : settings.isError ? (
          <Notice tone="error">
            <bdi>{errorText(settings.error, t('review.settings.loadFailed'))}</bdi>
          </Notice>
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
  const { t } = useT();

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
      setMessage({ tone: 'error', text: t('review.settings.perDayInvalid') });
      return;
    }
    for (const [invalid, value] of [
      ['review.settings.minPowerInvalid', change.minPowerChange],
      ['review.settings.toleranceInvalid', change.killPointsTolerance],
    ] as const) {
      if (!Number.isSafeInteger(value)) {
        setMessage({ tone: 'error', text: t(invalid) });
        return;
      }
    }
    setMessage(null);
    // Out-of-range values are the API's to refuse: its message names the setting and the range.
    actions.save.mutate(change, {
      onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
      onError: (error) =>
        setMessage({ tone: 'error', text: errorText(error, t('settings.defaults.failed')) }),
    });
  };

  const recheck = () => {
    setMessage(null);
    actions.recheck.mutate(undefined, {
      onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
      onError: (error) =>
        setMessage({ tone: 'error', text: errorText(error, t('review.settings.recheckFailed')) }),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('review.settings.title')}>
      <fieldset className="space-y-1.5">
        <legend className="mb-1 text-sm font-medium text-slate-200">{t('review.settings.checks')}</legend>
        {REVIEW_CHECKS.map((check) => (
          <label key={check} className="flex items-start gap-2 text-sm text-slate-300">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-sky-500"
              checked={enabled[check]}
              onChange={(e) => setEnabled({ ...enabled, [check]: e.target.checked })}
            />
            {checkLabel(check)}
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
          label={t('review.settings.perDay')}
          htmlFor={ids.perDay}
          hint={t('review.settings.perDayHint', {
            default: percent(defaults.maxPowerChangePerDay),
            min: percent(MAX_POWER_CHANGE_PER_DAY_BOUNDS.min),
            max: percent(MAX_POWER_CHANGE_PER_DAY_BOUNDS.max),
          })}
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
          label={t('review.settings.minPower')}
          htmlFor={ids.minPower}
          hint={t('review.settings.minPowerHint', {
            default: fullNumber(defaults.minPowerChange),
            min: fullNumber(MIN_POWER_CHANGE_BOUNDS.min),
            max: fullNumber(MIN_POWER_CHANGE_BOUNDS.max),
          })}
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
          label={t('review.settings.tolerance')}
          htmlFor={ids.tolerance}
          hint={t('review.settings.toleranceHint', {
            default: fullNumber(defaults.killPointsTolerance),
            min: fullNumber(KILL_POINTS_TOLERANCE_BOUNDS.min),
            max: fullNumber(KILL_POINTS_TOLERANCE_BOUNDS.max),
          })}
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
      {message && (
        <Notice tone={message.tone}>
          <bdi>{message.text}</bdi>
        </Notice>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={actions.save.isPending}>
          {actions.save.isPending ? t('settings.saving') : t('review.settings.save')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={actions.recheck.isPending}
          onClick={recheck}
        >
          {actions.recheck.isPending ? t('review.settings.rechecking') : t('review.settings.recheck')}
        </button>
      </div>
      <p className="text-xs text-slate-400">{t('review.settings.note')}</p>
    </form>
  );
}
