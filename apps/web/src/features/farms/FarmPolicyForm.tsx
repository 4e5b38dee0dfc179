import { FARM_MODES, type FarmMode } from '@kingdom-stats/core';
import type { FarmPolicyBody } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import type { useFarmActions } from './api.ts';

const MODE_LABELS: Record<FarmMode, MessageId> = {
  counted: 'farms.mode.counted',
  excluded: 'farms.mode.excluded',
  apart: 'farms.mode.apart',
  'rolled-up': 'farms.mode.rolledUp',
};

const MODE_HINTS: Record<FarmMode, MessageId> = {
  counted: 'farms.modeHint.counted',
  excluded: 'farms.modeHint.excluded',
  apart: 'farms.modeHint.apart',
  'rolled-up': 'farms.modeHint.rolledUp',
};

/** How farms count on the dashboards: a mode and, for rolled-up, the weight in percent. */
export function FarmPolicyForm({
  policy,
  actions,
}: {
  policy: FarmPolicyBody;
  actions: ReturnType<typeof useFarmActions>;
}) {
  const [mode, setMode] = useState<FarmMode>(policy.mode);
  const [weight, setWeight] = useState(String(policy.weightPct));
  const [message, setMessage] = useState<Message>(null);
  const ids = { legend: useId(), weight: useId() };
  const { t } = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weightPct = Number(weight);
    if (!Number.isInteger(weightPct) || weightPct < 0 || weightPct > 100) {
      return setMessage({ tone: 'error', text: t('farms.weightInvalid') });
    }
    actions.policy.mutate(
      { mode, weightPct },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t('farms.policySaved') }),
        onError: (error) => setMessage({ tone: 'error', text: errorText(error, t('farms.policyFailed')) }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('farms.policy')} className="space-y-3">
      <fieldset aria-labelledby={ids.legend}>
        <legend id={ids.legend} className="mb-2 text-sm font-semibold text-white">
          {t('farms.howCount')}
        </legend>
        <div className="space-y-2">
          {FARM_MODES.map((option) => (
            <label key={option} className="flex cursor-pointer items-start gap-2 text-sm">
              <input
                type="radio"
                name="farm-mode"
                value={option}
                checked={mode === option}
                onChange={() => setMode(option)}
                className="mt-0.5 size-4 accent-sky-500"
              />
              <span>
                <span className="font-medium text-slate-100">{t(MODE_LABELS[option])}</span>
                <span className="block text-xs text-slate-400">{t(MODE_HINTS[option])}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'rolled-up' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.weight} className="text-sm font-medium text-slate-200">
            {t('farms.weight')}
          </label>
          <input
            id={ids.weight}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
            className={`${inputClass} w-28`}
          />
          <p className="text-xs text-slate-400">{t('farms.weightHint')}</p>
        </div>
      )}
      <button type="submit" className={primaryButton} disabled={actions.policy.isPending}>
        {actions.policy.isPending ? t('farms.saving') : t('farms.savePolicy')}
      </button>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </form>
  );
}
