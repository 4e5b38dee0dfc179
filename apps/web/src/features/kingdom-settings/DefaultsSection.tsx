import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useMemo, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { Switch } from '../../components/controls/Switch.tsx';
import { inputClass, primaryButton, selectClass } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText, type Message } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** The dashboard's defaults (GET /settings/{kd}/{code}) and the autarch switch (showAutarchSwitcher). */
export function DefaultsSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const { settings } = data;
  const [top, setTop] = useState(settings.defaultTopFilter === null ? '' : String(settings.defaultTopFilter));
  const [start, setStart] = useState(settings.defaultDates.start ?? '');
  const [end, setEnd] = useState(settings.defaultDates.end ?? '');
  const [autarch, setAutarch] = useState(settings.showAutarchSwitcher);
  const [message, setMessage] = useState<Message>(null);
  const ids = { top: useId(), start: useId(), end: useId() };
  const scanTimes = useMemo(
    () =>
      [...new Set(data.scans.filter((s) => s.kind === 'kingdom').map((s) => s.takenAt))]
        .sort((a, b) => a - b)
        .map((t) => ({ value: String(t), label: formatUtc(t) })),
    [data.scans],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const topValue = top.trim() === '' ? null : Number(top);
    if (topValue !== null && (!Number.isInteger(topValue) || topValue < 1)) {
      setMessage({
        tone: 'error',
        text: 'Default top filter must be a whole number of players, or empty for everyone',
      });
      return;
    }
    if (start && end && Number(start) > Number(end)) {
      setMessage({ tone: 'error', text: 'Start date cannot be later than end date' });
      return;
    }
    actions.saveSettings.mutate(
      {
        defaultTopFilter: topValue,
        defaultDates: { start: start || null, end: end || null },
        showAutarchSwitcher: autarch,
      },
      {
        onSuccess: () => setMessage({ tone: 'success', text: 'Settings saved' }),
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, 'Failed to save the settings') }),
      },
    );
  };

  return (
    <Section
      id="defaults"
      title="Dashboard defaults"
      description="What viewers see when they open the dashboard."
    >
      <form onSubmit={submit} className="space-y-4">
        <Field
          label="Default top filter"
          htmlFor={ids.top}
          hint="Show the top N governors by power at first; empty shows everyone."
        >
          <input
            id={ids.top}
            inputMode="numeric"
            value={top}
            onChange={(e) => setTop(e.target.value)}
            placeholder="Everyone"
            className={`${inputClass} max-w-40`}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Default start scan" htmlFor={ids.start}>
            <select
              id={ids.start}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              className={selectClass}
            >
              <option value="">Automatic (first scan)</option>
              {scanTimes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Default end scan" htmlFor={ids.end}>
            <select id={ids.end} value={end} onChange={(e) => setEnd(e.target.value)} className={selectClass}>
              <option value="">Automatic (latest scan)</option>
              {scanTimes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div>
          <Switch checked={autarch} onChange={setAutarch} label="Show the autarch data switch to viewers" />
          <p className="mt-1 text-xs text-slate-400">
            Viewers can switch between normal and autarch data on the dashboard (needs autarch scans).
          </p>
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <button type="submit" className={primaryButton} disabled={actions.saveSettings.isPending}>
          {actions.saveSettings.isPending ? 'Saving...' : 'Save defaults'}
        </button>
      </form>
    </Section>
  );
}
