import type { AllianceActivityResponse } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAllianceActivity } from '../../api/alliance-activity.ts';
import { selectClass } from '../../components/controls/styles.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { kingdomLabel } from '../kingdom.ts';

const COUNTS = [
  ['power', 'column.power'],
  ['killPoints', 'column.killPoints'],
  ['helpTimes', 'governor.activity.helpTimes'],
  ['rssTrading', 'governor.activity.rssTrading'],
  ['building', 'governor.activity.building'],
  ['techDonation', 'governor.activity.techDonation'],
] as const;

/**
 * The kingdom's weekly alliance activity (issue 37): one imported week's governors by alliance, the week in the
 * address (`?week=YYYY-MM-DD`, its Monday) so that a link shows the same week.
 */
export function Component() {
  const { t } = useT();
  const params = useParams();
  const kd = params.kd ?? '';
  const code = params.code ?? '';
  const [search, setSearch] = useSearchParams();
  const week = search.get('week');
  const query = useAllianceActivity(kd, code, week);
  const data = query.data;
  if (isInvalidLinkError(query.error)) return <InvalidLinkPanel />;

  return (
    <div className="space-y-4">
      <KingdomNav kd={kd} code={code} />
      <PageHeader
        title={t('activity.title', { kingdom: kingdomLabel(kd) })}
        description={t('activity.description')}
      />
      {query.isPending ? (
        <Spinner label={t('activity.loading')} />
      ) : !data ? (
        <ErrorPanel
          message={t('activity.fetchFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : data.weeks.length === 0 ? (
        <Panel title={t('activity.none.title')}>
          <p>
            {/* The command stays one left-to-right piece inside Arabic. */}
            <Trans
              id="activity.none.text"
              components={{ 0: <code dir="ltr" className="font-mono whitespace-nowrap text-slate-300" /> }}
            />
          </p>
        </Panel>
      ) : (
        <ActivityWeek
          data={data}
          onWeek={(next) => setSearch(next === data.weeks[0] ? {} : { week: next })}
        />
      )}
    </div>
  );
}

function ActivityWeek({ data, onWeek }: { data: AllianceActivityResponse; onWeek: (week: string) => void }) {
  const { t } = useT();
  const weekId = useId();
  return (
    <section className="rounded-xl border border-slate-800 bg-slate-900/50 p-3 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor={weekId} className="text-sm text-slate-300">
          {t('governor.activity.week')}
        </label>
        <select
          id={weekId}
          className={selectClass}
          value={data.week ?? ''}
          onChange={(event) => onWeek(event.target.value)}
        >
          {data.week === null && <option value="">-</option>}
          {data.weeks.map((week) => (
            <option key={week} value={week}>
              {week}
            </option>
          ))}
        </select>
      </div>
      <div className="-mx-3 overflow-x-auto sm:mx-0">
        <table
          className="w-full min-w-[48rem] text-end text-sm tabular-nums"
          data-testid="alliance-activity-table"
        >
          <thead className="text-xs text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t('column.name')}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t('column.alliance')}
              </th>
              {COUNTS.map(([key, label]) => (
                <th key={key} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.governorId} className="border-t border-slate-800">
                <td className="px-2 py-2 text-start">
                  <GovernorLink governorId={row.governorId}>
                    <bdi>{row.name}</bdi>
                  </GovernorLink>
                </td>
                <td className="px-2 py-2 text-start text-slate-100">
                  <bdi>{row.alliance ?? '-'}</bdi>
                </td>
                {COUNTS.map(([key]) => (
                  <td key={key} className="px-2 py-2 whitespace-nowrap text-slate-100">
                    {fullNumber(row[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
