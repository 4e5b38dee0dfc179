import type { AdminKingdomResponse, KvkSeason } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc, parseUtcInput } from '../admin-shared/time.ts';
import { errorText, type Message, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** KvK seasons: when each KvK opens and closes (Kingdom home, DKP dashboard and pre-KvK rankings use them). */
export function SeasonsSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
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
      return setMessage({ tone: 'error', text: 'KvK number must be a positive whole number' });
    if (openTime === null || closeTime === null)
      return setMessage({ tone: 'error', text: 'Choose when the KvK opens and closes' });
    if (openTime >= closeTime) return setMessage({ tone: 'error', text: 'KvK must open before it closes' });
    actions.addSeason.mutate(
      { kvkNumber: number, openTime, closeTime },
      {
        onSuccess: (answer) => {
          setMessage({ tone: 'success', text: answer.message });
          setKvk('');
          setOpen('');
          setClose('');
        },
        onError: (error) => setMessage({ tone: 'error', text: errorText(error, 'Failed to add the KvK') }),
      },
    );
  };

  return (
    <Section id="seasons" title="KvK seasons" description="Times are UTC, the game's clock.">
      {data.seasons.length === 0 ? (
        <p className="text-sm text-slate-400">No KvK seasons yet.</p>
      ) : (
        <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800" aria-label="KvK seasons">
          {data.seasons.map((season) => (
            <li key={season.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-white">KvK {season.kvkNumber}</p>
                <p className="text-sm text-slate-400">
                  {formatUtc(season.openTime)} → {formatUtc(season.closeTime)}
                </p>
              </div>
              <button
                type="button"
                className={smallDanger}
                aria-label={`Delete KvK ${season.kvkNumber}`}
                onClick={() => {
                  actions.deleteSeason.reset();
                  setToDelete(season);
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3" aria-label="Add a KvK season">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="KvK number" htmlFor={ids.kvk} className="sm:col-span-2">
            <input
              id={ids.kvk}
              inputMode="numeric"
              value={kvk}
              onChange={(e) => setKvk(e.target.value)}
              className={`${inputClass} sm:max-w-32`}
            />
          </Field>
          <Field label="Opens (UTC)" htmlFor={ids.open}>
            <input
              id={ids.open}
              type="datetime-local"
              value={open}
              onChange={(e) => setOpen(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label="Closes (UTC)" htmlFor={ids.close}>
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
          {actions.addSeason.isPending ? 'Adding...' : 'Add KvK'}
        </button>
      </form>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete KvK season"
        confirmLabel="Delete KvK"
        busyLabel="Deleting..."
        busy={actions.deleteSeason.isPending}
        error={
          actions.deleteSeason.isError
            ? errorText(actions.deleteSeason.error, 'Failed to delete the KvK')
            : null
        }
        onConfirm={() =>
          toDelete &&
          actions.deleteSeason.mutate(toDelete.kvkNumber, {
            onSuccess: (answer) => {
              setToDelete(null);
              setMessage({ tone: 'success', text: answer.message });
            },
          })
        }
        onClose={() => setToDelete(null)}
      >
        <p>
          Delete <strong className="text-white">KvK {toDelete?.kvkNumber}</strong>? Its scans, pre-KvK points
          and Hall of Heroes records stay.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
