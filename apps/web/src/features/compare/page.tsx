import {
  type ComparedGovernor,
  type GovernorCompareResponse,
  MAX_COMPARED_GOVERNORS,
} from '@kingdom-stats/core/api';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useGovernorCompare } from '../../api/compare.ts';
import { pillButton } from '../../components/controls/styles.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber, signedNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { AddressNotice } from '../dashboard/AddressNotice.tsx';
import { useAddressCheck } from '../dashboard/useAddressCheck.ts';
import { useAddressParams } from '../dashboard/useAddressParams.ts';
import {
  CHART_PARAM,
  type ChartOffer,
  chartAddressProblems,
  chartCounterOf,
  chartModeOf,
  chartSeasonOf,
} from '../governor/chart-address.ts';
import { scanTime } from '../governor/format.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { LineChart, type LineSeries } from '../governor/LineChart.tsx';
import { SeasonRangeButtons } from '../governor/SeasonRangeButtons.tsx';
import {
  CHART_METRICS,
  type ChartMode,
  indexesWithin,
  type MetricKey,
  metricValues,
  seasonSpan,
  seasonsWithScans,
} from '../governor/series.ts';
import { kingdomLabel } from '../kingdom.ts';

/** Line colours, one per governor (up to six), told apart on the dark background. */
export const COMPARE_COLORS = ['#38bdf8', '#f97316', '#a3e635', '#f472b6', '#facc15', '#c4b5fd'] as const;

/** The IDs of `?ids=`, each once, in order, at most six. */
function idsOf(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, MAX_COMPARED_GOVERNORS);
}

/** `/{kd}/compare/{code}?ids=1,2,3`: two to six governors on one chart (docs/governor.md "Compare"). */
export function Component() {
  const { t } = useT();
  const { kd = '', code = '' } = useParams();
  const [search] = useSearchParams();
  const ids = idsOf(search.get('ids'));
  const compare = useGovernorCompare(kd, code, ids);
  // Chart choices in the address the compared governors' chart does not offer: said, the default, taken out.
  const offer = useMemo(() => compareOffer(compare.data), [compare.data]);
  const addressCheck = useAddressCheck(useCallback((search) => chartAddressProblems(search, offer), [offer]));
  let body: React.ReactNode;
  if (compare.isError && isInvalidLinkError(compare.error)) return <InvalidLinkPanel />;
  if (ids.length < 2) {
    body = (
      <Panel title={t('compare.pickTitle')}>
        <p>{t('compare.pickText', { max: fullNumber(MAX_COMPARED_GOVERNORS) })}</p>
      </Panel>
    );
  } else if (compare.data === undefined && compare.isError) {
    const message = compare.error instanceof Error ? compare.error.message : t('compare.loadFailed');
    body = (
      <ErrorPanel message={message} onRetry={() => void compare.refetch()} retrying={compare.isFetching} />
    );
  } else if (compare.data === undefined) {
    body = <Spinner label={t('compare.loading')} />;
  } else {
    body = <CompareView governors={compare.data.governors} seasons={compare.data.seasons} />;
  }
  return (
    <>
      <KingdomNav kd={kd} code={code} />
      <PageHeader
        title={t('compare.title')}
        description={t('compare.description', {
          kingdom: kingdomLabel(kd),
          n: ids.length,
          count: fullNumber(ids.length),
        })}
      />
      <div className="mb-4 empty:hidden">
        <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
      </div>
      {body}
    </>
  );
}

/** The counters with values and the seasons with scans of the compared governors; null until they are known. */
function compareOffer(data: GovernorCompareResponse | undefined): ChartOffer {
  if (!data) return { seasons: null, counters: null };
  const times = data.governors.flatMap((g) => g.scans.map((scan) => scan.takenAt));
  return {
    seasons: seasonsWithScans(data.seasons.map(seasonSpan), times).flatMap((span) =>
      span.kvk === undefined ? [] : [span.kvk],
    ),
    counters: CHART_METRICS.filter((m) =>
      data.governors.some((g) => g.scans.some((s) => s[m.key] !== null)),
    ).map((m) => m.key),
  };
}

function CompareView({
  governors,
  seasons: kvkSeasons,
}: {
  governors: readonly ComparedGovernor[];
  seasons: GovernorCompareResponse['seasons'];
}) {
  const { t } = useT();
  const [hovered, setHovered] = useState<number | null>(null);
  // The counter, the values and the season shown are in the address (governor/chart-address.ts).
  const { params, setChoices } = useAddressParams();
  const metricKey: MetricKey = chartCounterOf(params) ?? 'killPoints';
  const setMetricKey = (key: MetricKey) =>
    setChoices({ [CHART_PARAM.counter]: key === 'killPoints' ? null : key });
  const mode = chartModeOf(params);
  const setMode = (next: ChartMode) => setChoices({ [CHART_PARAM.values]: next === 'gains' ? next : null });
  const metrics = CHART_METRICS.filter((m) => governors.some((g) => g.scans.some((s) => s[m.key] !== null)));
  const metric = metrics.find((m) => m.key === metricKey) ?? metrics[0] ?? CHART_METRICS[0];
  // Every scan time any of them has: the x axis with every scan shown.
  const allTimes = useMemo(
    () => [...new Set(governors.flatMap((g) => g.scans.map((s) => s.takenAt)))].sort((a, b) => a - b),
    [governors],
  );
  const seasons = useMemo(
    () => seasonsWithScans(kvkSeasons.map(seasonSpan), allTimes),
    [kvkSeasons, allTimes],
  );
  const range = seasons.find((span) => span.kvk === chartSeasonOf(params)) ?? null;

  // Each line has its governor's values at the axis' times (null elsewhere). Gains are taken over every scan before
  // cutting to a season, as on the governor page: a season's first scan keeps its gain over the scan before it.
  const chart = useMemo(() => {
    const inside = indexesWithin(allTimes, range);
    const series: LineSeries[] = governors.map((g, i) => {
      const values = metricValues(g.scans, metric.key, mode);
      const byTime = new Map(g.scans.map((s, k) => [s.takenAt, values[k] ?? null]));
      return {
        label: g.name ?? String(g.governorId),
        color: COMPARE_COLORS[i % COMPARE_COLORS.length]!,
        values: inside.map((k) => byTime.get(allTimes[k]!) ?? null),
      };
    });
    return { xs: inside.map((k) => allTimes[k]!), series };
  }, [governors, allTimes, range, metric.key, mode]);

  const at = Math.min(hovered ?? chart.xs.length - 1, chart.xs.length - 1);
  const time = chart.xs[at];
  const showScans = (label: string | null) => {
    // The read-out's index belongs to the axis being left: start again at the latest scan shown.
    setHovered(null);
    const kvk = seasons.find((span) => span.label === label)?.kvk;
    setChoices({ [CHART_PARAM.kvk]: kvk === undefined ? null : String(kvk) });
  };
  return (
    <Section
      id="compare"
      title={t(metric.message)}
      description={
        range
          ? t('compare.inSeason', {
              values: mode === 'gains' ? t('compare.gains') : t('compare.totals'),
              season: range.label,
            })
          : mode === 'gains'
            ? t('compare.gains')
            : t('compare.totals')
      }
      actions={
        <fieldset className="inline-flex rounded-lg border border-slate-700 p-0.5">
          <legend className="sr-only">{t('compare.chartValues')}</legend>
          {(['totals', 'gains'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={pillButton(mode === value)}
            >
              {value === 'totals' ? t('compare.totalsButton') : t('compare.gainsButton')}
            </button>
          ))}
        </fieldset>
      }
    >
      <SeasonRangeButtons seasons={seasons} shown={range?.label ?? null} onShow={showScans} />
      <fieldset className="mb-3 flex flex-wrap gap-1">
        <legend className="sr-only">{t('compare.counter')}</legend>
        {metrics.map((m) => (
          <button
            key={m.key}
            type="button"
            aria-pressed={m.key === metric.key}
            onClick={() => setMetricKey(m.key)}
            className={pillButton(m.key === metric.key, true)}
          >
            {t(m.message)}
          </button>
        ))}
      </fieldset>
      <p
        className="mb-1 text-sm text-slate-300 tabular-nums"
        data-testid="compare-readout-time"
        aria-live="polite"
      >
        {/* Left to right inside Arabic too, else 'UTC' moves to the time's front (docs/i18n.md). */}
        {time === undefined ? '-' : <bdi>{scanTime(time)}</bdi>}
      </p>
      <LineChart
        xs={chart.xs}
        series={chart.series}
        time
        testId="compare-chart"
        label={t('compare.chartLabel', { metric: t(metric.message) })}
        onHover={setHovered}
      />
      <ul
        className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3"
        aria-label={t('compare.list')}
      >
        {governors.map((g, i) => {
          const value = chart.series[i]?.values[at] ?? null;
          return (
            <li
              key={g.governorId}
              data-testid="compare-governor"
              className="flex items-center gap-2 rounded-lg border border-slate-800 bg-slate-950/40 px-3 py-2"
            >
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm"
                style={{ background: COMPARE_COLORS[i % COMPARE_COLORS.length] }}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-white">
                  <GovernorLink governorId={g.governorId}>
                    {g.name ?? t('compare.unnamed', { id: String(g.governorId) })}
                  </GovernorLink>
                </span>
                <span className="block text-xs text-slate-400">
                  {/* A list of facts about the governor, not a sentence: each part is its own message. */}
                  {[
                    String(g.governorId),
                    ...(g.alliance ? [g.alliance] : []),
                    g.scans.length === 0
                      ? t('compare.noScans')
                      : t('compare.scans', { n: g.scans.length, count: fullNumber(g.scans.length) }),
                  ].join(' · ')}
                </span>
              </span>
              <span
                className="shrink-0 font-semibold text-slate-100 tabular-nums"
                data-testid="compare-value"
              >
                {value === null ? '-' : mode === 'gains' ? signedNumber(value) : fullNumber(value)}
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
