import { FARM_MODE_LABELS, FARM_MODES, type FarmMode } from '@kingdom-stats/core';
import type { FarmPolicyBody } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import type { useFarmActions } from './api.ts';

const MODE_HINTS: Record<FarmMode, string> = {
  counted: 'Farms rank, score and have goals like any governor (the default).',
  excluded: 'Farms are left out of the tables, rankings, goals and exports.',
  apart: 'Farms stay in the tables, but on KD DKP they have no goal and come after every main.',
  'rolled-up':
    "A share of each farm's kills and deaths is added to its main; the farm's own row is then left out. Power is never added.",
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weightPct = Number(weight);
    if (!Number.isInteger(weightPct) || weightPct < 0 || weightPct > 100) {
      return setMessage({ tone: 'error', text: 'Weight must be a whole number from 0 to 100' });
    }
    actions.policy.mutate(
      { mode, weightPct },
      {
        onSuccess: () => setMessage({ tone: 'success', text: 'Farm policy saved' }),
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, 'Failed to save the policy') }),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Farm policy" className="space-y-3">
      <fieldset aria-labelledby={ids.legend}>
        <legend id={ids.legend} className="mb-2 text-sm font-semibold text-white">
          How farms count
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
                <span className="font-medium text-slate-100">{FARM_MODE_LABELS[option]}</span>
                <span className="block text-xs text-slate-400">{MODE_HINTS[option]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'rolled-up' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.weight} className="text-sm font-medium text-slate-200">
            Weight (%)
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
          <p className="text-xs text-slate-400">
            Share of a farm's kills and deaths added to its main, 0 to 100.
          </p>
        </div>
      )}
      <button type="submit" className={primaryButton} disabled={actions.policy.isPending}>
        {actions.policy.isPending ? 'Saving...' : 'Save policy'}
      </button>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </form>
  );
}
