import type { GovernorResponse } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { GovernorLink } from './GovernorLink.tsx';

type Account = GovernorResponse['linkedAccounts']['farms'][number];

const linkLook = 'text-sky-300 underline-offset-4 hover:underline';

function AccountName({ account }: { account: Account }) {
  const { t } = useT();
  return (
    <GovernorLink governorId={account.governorId} className={linkLook}>
      {account.name ?? t('governor.unnamed', { id: String(account.governorId) })}
    </GovernorLink>
  );
}

/**
 * The farm links of the governor (docs/farms.md): its main account when it is a farm, its farms when it is a main,
 * each linking to its own page. Nothing is shown for a governor without links.
 */
export function LinkedAccounts({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const { main, farms } = data.linkedAccounts;
  if (!main && farms.length === 0) return null;
  return (
    <Section
      id="linked-accounts"
      title={t('governor.linked.title')}
      description={t('governor.linked.description')}
    >
      {main && (
        <p className="text-sm text-slate-300">
          <Trans
            id="governor.linked.farmOf"
            values={{
              name: main.name ?? t('governor.unnamed', { id: String(main.governorId) }),
              id: String(main.governorId),
            }}
            components={{
              0: <GovernorLink governorId={main.governorId} className={linkLook} />,
              1: <span className="text-slate-400" />,
            }}
          />
        </p>
      )}
      {farms.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-white">{t('governor.linked.farms')}</h3>
          <ul className="space-y-1 text-sm" aria-label={t('governor.linked.farms')}>
            {farms.map((farm) => (
              <li key={farm.governorId} className="flex flex-wrap gap-x-2 break-all">
                <AccountName account={farm} />
                <span className="text-slate-400">({farm.governorId})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
