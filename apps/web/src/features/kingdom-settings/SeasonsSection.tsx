import type { AdminKingdomResponse, KvkSeason } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc, parseUtcInput } from '../admin-shared/time.ts';
import { errorText, type Message, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** KvK seasons: when each KvK opens and closes (Kingdom home, DKP dashboard and pre-KvK rankings use them). */
export function SeasonsSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const { t } = useT();
  const [kvk, setKvk] = useState('');
  const [open, setOpen] = useState('');
  const [close, setClose] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [toDelete, setToDelete] = useState<KvkSeason | null>(null);
  const ids = { kvk: useId(), open: useId(), close: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(kvk);
    const openTime = parseUtcInput(open);
    const closeTime = parseUtcInput(close);
    if (!Number.isInteger(number) || number < 1)
      return setMessage({ tone: 'error', text: t('settings.seasons.numberInvalid') });
    if (openTime === null || closeTime === null)
      return setMessage({ tone: 'error', text: t('settings.seasons.timesMissing') });
    if (openTime >= closeTime)
      return setMessage({ tone: 'error', text: t('settings.seasons.timesReversed') });
    actions.addSeason.mutate(
      { kvkNumber: number, openTime, closeTime },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: t('settings.seasons.added', { kvk: String(number) }) });
          setKvk('');
          setOpen('');
          setClose('');
        },
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, t('settings.seasons.addFailed')) }),
      },
    );
  };

  return (
    <Section id="seasons" title={t('settings.seasons.title')} description={t('settings.seasons.description')}>
      {data.seasons.length === 0 ? (
        <p className="text-sm text-slate-400">{t('settings.seasons.empty')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-800 rounded-lg border border-slate-800"
          aria-label={t('settings.seasons.title')}
        >
          {data.seasons.map((season) => (
            <li key={season.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-white">
                  {t('settings.seasons.kvk', { kvk: String(season.kvkNumber) })}
                </p>
                <p className="text-sm text-slate-400" dir="ltr">
                  {formatUtc(season.openTime)} → {formatUtc(season.closeTime)}
                </p>
              </div>
              <button
                type="button"
                className={smallDanger}
                aria-label={t('settings.seasons.deleteLabel', { kvk: String(season.kvkNumber) })}
                onClick={() => {
                  actions.deleteSeason.reset();
                  setToDelete(season);
                }}
              >
                {t('settings.camps.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3" aria-label={t('settings.seasons.form')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('settings.seasons.number')} htmlFor={ids.kvk} className="sm:col-span-2">
            <input
              id={ids.kvk}
              inputMode="numeric"
              value={kvk}
              onChange={(e) => setKvk(e.target.value)}
              className={`${inputClass} sm:max-w-32`}
            />
          </Field>
          <Field label={t('settings.seasons.opens')} htmlFor={ids.open}>
            <input
              id={ids.open}
              type="datetime-local"
              value={open}
              onChange={(e) => setOpen(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label={t('settings.seasons.closes')} htmlFor={ids.close}>
            <input
              id={ids.close}
              type="datetime-local"
              value={close}
              onChange={(e) => setClose(e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
        <button type="submit" className={primaryButton} disabled={actions.addSeason.isPending}>
          {actions.addSeason.isPending ? t('settings.seasons.adding') : t('settings.seasons.add')}
        </button>
      </form>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('settings.seasons.deleteTitle')}
        confirmLabel={t('settings.seasons.deleteConfirmLabel')}
        busyLabel={t('settings.camps.deleting')}
        busy={actions.deleteSeason.isPending}
        error={
          actions.deleteSeason.isError
            ? errorText(actions.deleteSeason.error, t('settings.seasons.deleteFailed'))
            : null
        }
        onConfirm={() =>
          toDelete &&
          actions.deleteSeason.mutate(toDelete.kvkNumber, {
            onSuccess: () => {
              setToDelete(null);
              setMessage({
                tone: 'success',
                text: t('settings.seasons.deleted', { kvk: String(toDelete.kvkNumber) }),
              });
            },
          })
        }
        onClose={() => setToDelete(null)}
      >
        <p>{t('settings.seasons.deleteConfirm', { kvk: String(toDelete?.kvkNumber ?? '') })}</p>
      </ConfirmDialog>
    </Section>
  );
}
