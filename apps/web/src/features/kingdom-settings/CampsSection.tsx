import type { AdminKingdomResponse, Camp } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kds = parseKingdomList(members);
    if (!name.trim()) return setMessage({ tone: 'error', text: 'Camp name cannot be empty' });
    if (!kds || kds.length === 0) {
      return setMessage({ tone: 'error', text: 'List the camp’s kingdoms as numbers separated by commas' });
    }
    actions.saveCamp.mutate(
      { name: name.trim(), members: kds },
      {
        onSuccess: (answer) => {
          setMessage({ tone: 'success', text: answer.message });
          setName('');
          setMembers('');
        },
        onError: (error) => setMessage({ tone: 'error', text: errorText(error, 'Failed to save the camp') }),
      },
    );
  };

  return (
    <Section
      id="camps"
      title="Camps"
      description="Which kingdoms fight together in KvK; the dashboard groups them so."
    >
      {data.camps.length === 0 ? (
        <p className="text-sm text-slate-400">No camps yet: every kingdom is shown on its own.</p>
      ) : (
        <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800" aria-label="Camps">
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
                Edit
              </button>
              <button
                type="button"
                className={smallDanger}
                aria-label={`Delete camp ${camp.name}`}
                onClick={() => {
                  actions.deleteCamp.reset();
                  setToDelete(camp);
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3" aria-label="Save a camp">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Camp name" htmlFor={ids.name}>
            <input
              id={ids.name}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label="Kingdoms in the camp" htmlFor={ids.members}>
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
          {actions.saveCamp.isPending ? 'Saving...' : 'Save camp'}
        </button>
      </form>
      <p className="mt-2 text-xs text-slate-400">
        Saving a camp with an existing name replaces its kingdoms; a kingdom moves from any other camp.
      </p>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete camp"
        confirmLabel="Delete camp"
        busyLabel="Deleting..."
        busy={actions.deleteCamp.isPending}
        error={
          actions.deleteCamp.isError ? errorText(actions.deleteCamp.error, 'Failed to delete the camp') : null
        }
        onConfirm={() =>
          toDelete &&
          actions.deleteCamp.mutate(toDelete.id, {
            onSuccess: (answer) => {
              setToDelete(null);
              setMessage({ tone: 'success', text: answer.message });
            },
          })
        }
        onClose={() => setToDelete(null)}
      >
        <p>
          Delete <strong className="text-white">{toDelete?.name}</strong>? Its kingdoms are then shown without
          a camp.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
