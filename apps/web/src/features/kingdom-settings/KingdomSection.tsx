import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { segment } from '../../api/client.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { kingdomLabel } from '../kingdom.ts';
import { errorText, type Message } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

export function KingdomSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const { kingdom } = data;
  const { t } = useT();
  const [name, setName] = useState(kingdom.name ?? '');
  const [message, setMessage] = useState<Message>(null);
  const nameId = useId();
  const kd = segment(kingdom.kd);
  const code = segment(kingdom.code);
  const links = [
    { label: t('settings.link.dashboard'), to: `/${kd}/dashboard/${code}` },
    { label: t('settings.link.kvkDkp'), to: `/${kd}/kd-dashboard/${code}` },
    { label: t('settings.link.rallies'), to: `/${kd}/rallydata/${code}` },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const saved = name.trim();
    actions.rename.mutate(saved || null, {
      onSuccess: () =>
        setMessage({
          tone: 'success',
          text: t('settings.nameSaved', { named: saved ? 'yes' : 'no', kd: String(kingdom.kd), name: saved }),
        }),
      onError: (error) => setMessage({ tone: 'error', text: errorText(error, t('settings.nameFailed')) }),
    });
  };

  return (
    <Section
      id="kingdom"
      title={t('settings.kingdom')}
      description={
        // The UTC time stays left to right inside Arabic, else 'UTC' moves to its front (docs/i18n.md).
        <Trans id="settings.added" values={{ time: <bdi>{formatUtc(kingdom.createdAt)}</bdi> }} />
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('settings.name')} htmlFor={nameId} className="flex-1" hint={t('settings.nameHint')}>
          <input
            id={nameId}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
            placeholder={kingdomLabel(kingdom.kd)}
          />
        </Field>
        <button type="submit" className={`${primaryButton} sm:mb-5`} disabled={actions.rename.isPending}>
          {actions.rename.isPending ? t('settings.saving') : t('settings.saveName')}
        </button>
      </form>
      {message && (
        <Notice tone={message.tone} className="mt-3">
          {message.text}
        </Notice>
      )}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-400 uppercase">{t('settings.table')}</dt>
          <dd className="mt-0.5 font-mono text-xs text-slate-300">{kingdom.data_tablename}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400 uppercase">{t('settings.viewerPages')}</dt>
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
