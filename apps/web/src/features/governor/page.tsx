import type { GovernorResponse } from '@kingdom-stats/core/api';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useGovernor } from '../../api/governor.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { fullNumber, shortNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { AddressNotice } from '../dashboard/AddressNotice.tsx';
import { useAddressCheck } from '../dashboard/useAddressCheck.ts';
import { kingdomLabel } from '../kingdom.ts';
import { type ChartOffer, chartAddressProblems } from './chart-address.ts';
import { DiscordPlayers } from './DiscordPlayers.tsx';
import { ExportActivity } from './ExportActivity.tsx';
import { scanTime } from './format.ts';
import { GovernorCharts } from './GovernorCharts.tsx';
import { HistoryLists } from './HistoryLists.tsx';
import { LinkedAccounts } from './LinkedAccounts.tsx';
import { PeriodResults } from './PeriodResults.tsx';
import { ProfileAndActivity } from './ProfileAndActivity.tsx';
import { SeasonCompare } from './SeasonCompare.tsx';
import { CHART_METRICS, hasValues, type ShadedSpan, seasonSpan, seasonsWithScans } from './series.ts';

/** `/{kd}/governor/{id}/{code}`: one governor's story in the kingdom (docs/governor.md). */
export function Component() {
  const { kd = '', id = '', code = '' } = useParams();
  return <GovernorView key={`${kd}/${id}/${code}`} kd={kd} governorId={id} code={code} />;
}

function GovernorView({ kd, governorId, code }: { kd: string; governorId: string; code: string }) {
  const { t } = useT();
  const governor = useGovernor(kd, governorId, code);
  const data = governor.data;
  // Chart choices in the address that this governor's charts do not offer: said, the default shown, taken out.
  const offer = useMemo(() => chartOffer(data), [data]);
  const addressCheck = useAddressCheck(useCallback((search) => chartAddressProblems(search, offer), [offer]));
  let body: React.ReactNode;
  if (governor.isError && isInvalidLinkError(governor.error)) {
    return <InvalidLinkPanel />;
  }
  if (governor.isError && isApiError(governor.error, 400)) {
    // The server refuses an ID that is not a number (a link cut short or mistyped): retrying cannot help.
    body = (
      <Panel title={t('governor.notAnId.title')}>
        <p>{t('governor.notAnId.text', { id: governorId })}</p>
      </Panel>
    );
  } else if (data === undefined && governor.isError) {
    const message = governor.error instanceof Error ? governor.error.message : t('governor.loadFailed');
    body = (
      <ErrorPanel message={message} onRetry={() => void governor.refetch()} retrying={governor.isFetching} />
    );
  } else if (data === undefined) {
    body = <Spinner label={t('governor.loading')} />;
  } else if (data.header === null) {
    body = (
      <Panel title={t('governor.noScans.title')}>
        <p>{t('governor.noScans.text', { kingdom: kingdomLabel(kd), id: governorId })}</p>
      </Panel>
    );
  } else {
    body = <GovernorStory data={data} />;
  }
  const title = data?.header?.name ?? t('governor.unnamed', { id: governorId });
  return (
    <>
      <KingdomNav kd={kd} code={code} />
      <PageHeader
        title={title}
        description={t('governor.subtitle', { kingdom: kingdomLabel(kd), id: governorId })}
      />
      <div className="mb-4 empty:hidden">
        <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
      </div>
      {body}
    </>
  );
}

/** The seasons and counters the governor's charts offer (every choice unchecked until the answer is known). */
function chartOffer(data: GovernorResponse | undefined): ChartOffer {
  if (!data || data.header === null) return { seasons: null, counters: null, pairSeasons: null };
  const times = data.scans.map((scan) => scan.takenAt);
  const seasons = seasonsWithScans(data.seasons.map(seasonSpan), times).flatMap((span) =>
    span.kvk === undefined ? [] : [span.kvk],
  );
  const counters = CHART_METRICS.filter((metric) => hasValues(data.scans, metric.key)).map((m) => m.key);
  return { seasons, counters, pairSeasons: seasons };
}

function GovernorStory({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const header = data.header!;
  const spans = useMemo<ShadedSpan[]>(
    () => [
      ...data.seasons.map(seasonSpan),
      ...data.wars.map((w) => ({ kind: 'war' as const, label: w.name, start: w.start, end: w.end })),
    ],
    [data],
  );
  const facts: [string, string][] = [
    [t('column.alliance'), header.alliance ?? '-'],
    [t('governor.homeKingdom'), header.homeKd === null ? '-' : t('card.kd', { kd: String(header.homeKd) })],
    [t('column.power'), fullNumber(header.power)],
    [
      t('governor.goalTier'),
      header.goalTier
        ? t('governor.goalTier.value', {
            from: fullNumber(header.goalTier.from),
            to: fullNumber(header.goalTier.to),
            goal: shortNumber(header.goalTier.dkpGoal),
          })
        : '-',
    ],
    [t('governor.lastSeen'), scanTime(header.lastSeen)],
    [t('governor.scans'), fullNumber(data.scans.length)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl
        data-testid="governor-header"
        className="grid grid-cols-2 gap-3 rounded-xl border border-slate-800 bg-slate-900/50 p-3 sm:grid-cols-3 sm:p-5 lg:grid-cols-6"
      >
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="font-semibold break-words text-white tabular-nums">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <GovernorCharts scans={data.scans} spans={spans} />
      <PeriodResults data={data} />
      <SeasonCompare data={data} />
      <ProfileAndActivity data={data} />
      <ExportActivity data={data} />
      <HistoryLists data={data} />
      <LinkedAccounts data={data} />
      <DiscordPlayers data={data} />
    </div>
  );
}
