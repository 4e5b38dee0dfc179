import type { AdminKingdomResponse, Camp } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, type Message, parseKingdomList, smallButton, smallDanger } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

/** The camps on this kingdom's KvK map and the home kingdoms in each. */
export function CampsSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const [name, setName] = useState('');
  const [members, setMembers] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [toDelete, setToDelete] = useState<Camp | null>(null);
  const ids = { name: useId(), members: useId() };
  const { t } = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kds = parseKingdomList(members);
    const campName = name.trim();
    if (!campName) return setMessage({ tone: 'error', text: t('settings.camps.nameEmpty') });
    if (!kds || kds.length === 0) {
      return setMessage({ tone: 'error', text: t('settings.camps.membersInvalid') });
    }
    actions.saveCamp.mutate(
      { name: campName, members: kds },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: t('settings.camps.saved', { name: campName }) });
          setName('');
          setMembers('');
        },
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, t('settings.camps.saveFailed')) }),
      },
    );
  };

  return (
    <Section id="camps" title={t('settings.camps.title')} description={t('settings.camps.description')}>
      {data.camps.length === 0 ? (
        <p className="text-sm text-slate-400">{t('settings.camps.empty')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-800 rounded-lg border border-slate-800"
          aria-label={t('settings.camps.title')}
        >
          {data.camps.map((camp) => (
            <li key={camp.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5" data-camp={camp.name}>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-white">{camp.name}</p>
                <p className="text-sm text-slate-400">{camp.members.join(', ')}</p>
              </div>
              <button
                type="button"
                className={smallButton}
                onClick={() => {
                  setName(camp.name);
                  setMembers(camp.members.join(', '));
                  setMessage(null);
                }}
              >
                {t('settings.camps.edit')}
              </button>
              <button
                type="button"
                className={smallDanger}
                aria-label={t('settings.camps.deleteLabel', { name: camp.name })}
                onClick={() => {
                  actions.deleteCamp.reset();
                  setToDelete(camp);
                }}
              >
                {t('settings.camps.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3" aria-label={t('settings.camps.form')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('settings.camps.name')} htmlFor={ids.name}>
            <input
              id={ids.name}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label={t('settings.camps.members')} htmlFor={ids.members}>
            <input
              id={ids.members}
              value={members}
              onChange={(e) => setMembers(e.target.value)}
              placeholder={`${data.kingdom.kd}, …`}
              className={inputClass}
            />
          </Field>
        </div>
        <button type="submit" className={primaryButton} disabled={actions.saveCamp.isPending}>
          {actions.saveCamp.isPending ? t('settings.saving') : t('settings.camps.save')}
        </button>
      </form>
      <p className="mt-2 text-xs text-slate-400">{t('settings.camps.hint')}</p>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('settings.camps.deleteTitle')}
        confirmLabel={t('settings.camps.deleteTitle')}
        busyLabel={t('settings.camps.deleting')}
        busy={actions.deleteCamp.isPending}
        error={
          actions.deleteCamp.isError
            ? errorText(actions.deleteCamp.error, t('settings.camps.deleteFailed'))
            : null
        }
        onConfirm={() =>
          toDelete &&
          actions.deleteCamp.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              setMessage({ tone: 'success', text: t('settings.camps.deleted', { name: toDelete.name }) });
            },
          })
        }
        onClose={() => setToDelete(null)}
      >
        <p>{t('settings.camps.deleteConfirm', { name: toDelete?.name ?? '' })}</p>
      </ConfirmDialog>
    </Section>
  );
}
