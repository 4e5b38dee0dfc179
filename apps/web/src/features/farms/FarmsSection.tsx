import type { FarmLinkItem } from '@kingdom-stats/core/api';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';
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
  const { t } = useT();
  return (
    <Section id="farms" title={t('farms.title')} description={t('farms.description')}>
      {farms.isPending ? (
        <Spinner label={t('farms.loading')} />
      ) : farms.isError ? (
        <Notice tone="error">{errorText(farms.error, t('farms.loadFailed'))}</Notice>
      ) : (
        <div className="space-y-6">
          {/* Starts from the saved policy; a save answers the same values, so the form keeps its own state. */}
          <FarmPolicyForm policy={farms.data.policy} actions={actions} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-white">{t('farms.links')}</h3>
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
  const { t } = useT();
  if (links.length === 0) {
    return <p className="text-sm text-slate-400">{t('farms.noLinks')}</p>;
  }
  return (
    <>
      <ul
        className="divide-y divide-slate-800 rounded-lg border border-slate-800"
        aria-label={t('farms.linksLabel')}
      >
        {links.map((link) => (
          <li
            key={link.farmId}
            className="flex flex-wrap items-center gap-3 px-3 py-2.5"
            data-farm={link.farmId}
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="break-words text-white">
                <span className="font-medium">{link.farmName ?? t('farms.notInScan')}</span>{' '}
                <span className="text-slate-400">({link.farmId})</span>
              </p>
              <p className="break-words text-slate-400">
                {link.mainName === null
                  ? t('farms.farmOfUnknown', { id: String(link.mainId) })
                  : t('farms.farmOf', { main: link.mainName, id: String(link.mainId) })}{' '}
                · {t(SOURCE_LABELS[link.source])}
              </p>
            </div>
            <button
              type="button"
              className={smallDanger}
              aria-label={t('farms.removeLabel', { name: link.farmName ?? String(link.farmId) })}
              disabled={actions.unlink.isPending}
              onClick={() => actions.unlink.mutate(link.farmId)}
            >
              {t('farms.remove')}
            </button>
          </li>
        ))}
      </ul>
      {actions.unlink.isError && (
        <Notice tone="error" className="mt-2">
          {errorText(actions.unlink.error, t('farms.removeFailed'))}
        </Notice>
      )}
    </>
  );
}

const SOURCE_LABELS: Record<FarmLinkItem['source'], MessageId> = {
  admin: 'farms.source.admin',
  cli: 'farms.source.cli',
  'suggestion-accepted': 'farms.source.suggestion',
};
