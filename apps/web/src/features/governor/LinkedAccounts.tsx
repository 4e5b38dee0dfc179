import type { GovernorResponse } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { GovernorLink } from './GovernorLink.tsx';

type Account = GovernorResponse['linkedAccounts']['farms'][number];

function AccountName({ account }: { account: Account }) {
  return (
    <GovernorLink governorId={account.governorId} className="text-sky-300 underline-offset-4 hover:underline">
      {account.name ?? `Governor ${account.governorId}`}
    </GovernorLink>
  );
}

/**
 * The farm links of the governor (docs/farms.md): its main account when it is a farm, its farms when it is a main,
 * each linking to its own page. Nothing is shown for a governor without links.
 */
export function LinkedAccounts({ data }: { data: GovernorResponse }) {
  const { main, farms } = data.linkedAccounts;
  if (!main && farms.length === 0) return null;
  return (
    <Section
      id="linked-accounts"
      title="Linked accounts"
      description="Farm links an admin of the kingdom made"
    >
      {main && (
        <p className="text-sm text-slate-300">
          Farm of <AccountName account={main} /> <span className="text-slate-400">({main.governorId})</span>
        </p>
      )}
      {farms.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-white">Farm accounts</h3>
          <ul className="space-y-1 text-sm" aria-label="Farm accounts">
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
