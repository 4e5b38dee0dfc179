import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { segment } from '../../api/client.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText, type Message } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

export function KingdomSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const { kingdom } = data;
  const [name, setName] = useState(kingdom.name ?? '');
  const [message, setMessage] = useState<Message>(null);
  const nameId = useId();
  const kd = segment(kingdom.kd);
  const code = segment(kingdom.code);
  const links = [
    { label: 'Dashboard', to: `/${kd}/dashboard/${code}` },
    { label: 'KvK DKP dashboard', to: `/${kd}/kd-dashboard/${code}` },
    { label: 'Rally Data', to: `/${kd}/rallydata/${code}` },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.rename.mutate(name.trim() || null, {
      onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, 'Failed to save the name') }),
    });
  };

  return (
    <Section id="kingdom" title="Kingdom" description={`Added ${formatUtc(kingdom.createdAt)}`}>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label="Name"
          htmlFor={nameId}
          className="flex-1"
          hint="Shown beside the kingdom number; optional."
        >
          <input
            id={nameId}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
            placeholder={`Kingdom ${kingdom.kd}`}
          />
        </Field>
        <button type="submit" className={`${primaryButton} sm:mb-5`} disabled={actions.rename.isPending}>
          {actions.rename.isPending ? 'Saving...' : 'Save name'}
        </button>
      </form>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-400 uppercase">Database table</dt>
          <dd className="mt-0.5 font-mono text-xs text-slate-300">{kingdom.data_tablename}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400 uppercase">Viewer pages</dt>
          <dd className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1">
            {links.map((link) => (
              <Link key={link.label} to={link.to} className="text-sky-400 underline-offset-4 hover:underline">
                {link.label}
              </Link>
            ))}
          </dd>
        </div>
      </dl>
    </Section>
  );
}
