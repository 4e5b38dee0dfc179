import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useMemo, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { Switch } from '../../components/controls/Switch.tsx';
import { inputClass, primaryButton, selectClass } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText, type Message } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** The dashboard's defaults (GET /settings/{kd}/{code}) and the autarch switch (showAutarchSwitcher). */
export function DefaultsSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const { settings } = data;
  const { t } = useT();
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
      setMessage({ tone: 'error', text: t('settings.defaults.topInvalid') });
      return;
    }
    if (start && end && Number(start) > Number(end)) {
      setMessage({ tone: 'error', text: t('settings.defaults.datesReversed') });
      return;
    }
    actions.saveSettings.mutate(
      {
        defaultTopFilter: topValue,
        defaultDates: { start: start || null, end: end || null },
        showAutarchSwitcher: autarch,
      },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t('settings.defaults.saved') }),
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, t('settings.defaults.failed')) }),
      },
    );
  };

  return (
    <Section
      id="defaults"
      title={t('settings.defaults.title')}
      description={t('settings.defaults.description')}
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label={t('settings.defaults.top')} htmlFor={ids.top} hint={t('settings.defaults.topHint')}>
          <input
            id={ids.top}
            inputMode="numeric"
            value={top}
            onChange={(e) => setTop(e.target.value)}
            placeholder={t('settings.defaults.everyone')}
            className={`${inputClass} max-w-40`}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('settings.defaults.start')} htmlFor={ids.start}>
            <select
              id={ids.start}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              className={selectClass}
            >
              <option value="">{t('settings.defaults.startAuto')}</option>
              {scanTimes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('settings.defaults.end')} htmlFor={ids.end}>
            <select id={ids.end} value={end} onChange={(e) => setEnd(e.target.value)} className={selectClass}>
              <option value="">{t('settings.defaults.endAuto')}</option>
              {scanTimes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div>
          <Switch checked={autarch} onChange={setAutarch} label={t('settings.defaults.autarch')} />
          <p className="mt-1 text-xs text-slate-400">{t('settings.defaults.autarchHint')}</p>
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <button type="submit" className={primaryButton} disabled={actions.saveSettings.isPending}>
          {actions.saveSettings.isPending ? t('settings.saving') : t('settings.defaults.save')}
        </button>
      </form>
    </Section>
  );
}
