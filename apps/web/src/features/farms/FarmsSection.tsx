import type { FarmLinkItem } from '@kingdom-stats/core/api';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, smallDanger } from '../kingdom-settings/shared.ts';
import { useFarmActions, useFarms } from './api.ts';
import { FarmLinkForm } from './FarmLinkForm.tsx';
import { FarmPolicyForm } from './FarmPolicyForm.tsx';
import { FarmSuggestions } from './FarmSuggestions.tsx';

/**
 * Farm and alt accounts of the kingdom (docs/farms.md): how farms count on the dashboards, the links to main
 * accounts, and the links a Hero Scrolls Rolled Up sheet suggests.
 */
export function FarmsSection({ kd, code }: { kd: string; code: string }) {
  const farms = useFarms(kd, code);
  const actions = useFarmActions(kd, code);
  return (
    <Section
      id="farms"
      title="Farm accounts"
      description="Link farm and alt accounts to their main account, and choose how farms count on the dashboards."
    >
      {farms.isPending ? (
        <Spinner label="Loading farm links..." />
      ) : farms.isError ? (
        <Notice tone="error">{errorText(farms.error, 'Failed to load the farm links')}</Notice>
      ) : (
        <div className="space-y-6">
          {/* Starts from the saved policy; a save answers the same values, so the form keeps its own state. */}
          <FarmPolicyForm policy={farms.data.policy} actions={actions} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-white">Links</h3>
            <LinkList links={farms.data.links} actions={actions} />
            <FarmLinkForm kd={kd} code={code} actions={actions} />
          </div>
          <FarmSuggestions suggestions={farms.data.suggestions} actions={actions} />
        </div>
      )}
    </Section>
  );
}

type Actions = ReturnType<typeof useFarmActions>;

function LinkList({ links, actions }: { links: FarmLinkItem[]; actions: Actions }) {
  if (links.length === 0) {
    return (
      <p className="text-sm text-slate-400">No farm links yet: every account counts as its own governor.</p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800" aria-label="Farm links">
        {links.map((link) => (
          <li
            key={link.farmId}
            className="flex flex-wrap items-center gap-3 px-3 py-2.5"
            data-farm={link.farmId}
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="break-words text-white">
                <span className="font-medium">{link.farmName ?? 'Not in any scan'}</span>{' '}
                <span className="text-slate-400">({link.farmId})</span>
              </p>
              <p className="break-words text-slate-400">
                Farm of <span className="text-slate-200">{link.mainName ?? 'an account in no scan'}</span> (
                {link.mainId}) · {SOURCE_LABELS[link.source]}
              </p>
            </div>
            <button
              type="button"
              className={smallDanger}
              aria-label={`Remove the link of ${link.farmName ?? link.farmId}`}
              disabled={actions.unlink.isPending}
              onClick={() => actions.unlink.mutate(link.farmId)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {actions.unlink.isError && (
        <Notice tone="error" className="mt-2">
          {errorText(actions.unlink.error, 'Failed to remove the link')}
        </Notice>
      )}
    </>
  );
}

const SOURCE_LABELS: Record<FarmLinkItem['source'], string> = {
  admin: 'added here',
  cli: 'added with the CLI',
  'suggestion-accepted': 'from a Rolled Up sheet',
};
