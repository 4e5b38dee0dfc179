import type { GovernorScan } from '@kingdom-stats/core/api';
import { pillButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useAddressParams } from '../dashboard/useAddressParams.ts';
import { CHART_PARAM, chartModeOf, chartSeasonOf } from './chart-address.ts';
import { MetricChart } from './MetricChart.tsx';
import { SeasonRangeButtons } from './SeasonRangeButtons.tsx';
import { CHART_METRICS, type ChartMode, hasValues, type ShadedSpan, seasonsWithScans } from './series.ts';

/** Every charted counter the governor has values for, with one totals / gains-per-scan switch for all of them. */
export function GovernorCharts({
  scans,
  spans,
}: {
  scans: readonly GovernorScan[];
  spans: readonly ShadedSpan[];
}) {
  const { t, locale } = useT();
  // The values and the season shown are in the address (chart-address.ts): a shared link shows the same charts.
  const { params, setChoices } = useAddressParams();
  const mode = chartModeOf(params);
  const setMode = (next: ChartMode) => setChoices({ [CHART_PARAM.values]: next === 'gains' ? next : null });
  const seasons = seasonsWithScans(
    spans,
    scans.map((scan) => scan.takenAt),
  );
  const range = seasons.find((span) => span.kvk === chartSeasonOf(params)) ?? null;
  const setShown = (label: string | null) => {
    const kvk = seasons.find((span) => span.label === label)?.kvk;
    setChoices({ [CHART_PARAM.kvk]: kvk === undefined ? null : String(kvk) });
  };
  const metrics = CHART_METRICS.filter((metric) => hasValues(scans, metric.key));
  const missing = CHART_METRICS.filter((metric) => !hasValues(scans, metric.key));
  return (
    <Section
      id="charts"
      title={t('governor.charts.title')}
      description={
        <>
          <span className="me-1 inline-block size-2.5 rounded-sm bg-sky-400/30 align-middle" />
          {t('governor.charts.season')}
          <span className="ms-2 me-1 inline-block size-2.5 rounded-sm bg-red-500/40 align-middle" />
          {t('governor.charts.war')}
          {missing.length > 0 && (
            <span className="block">
              {t('governor.charts.missing', {
                counters: new Intl.ListFormat(locale).format(missing.map((m) => t(m.message))),
              })}
            </span>
          )}
        </>
      }
      actions={
        <fieldset className="inline-flex rounded-lg border border-slate-700 p-0.5">
          <legend className="sr-only">{t('governor.charts.values')}</legend>
          {(['totals', 'gains'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={pillButton(mode === value)}
            >
              {value === 'totals' ? t('governor.charts.totals') : t('governor.charts.gains')}
            </button>
          ))}
        </fieldset>
      }
    >
      <SeasonRangeButtons seasons={seasons} shown={range?.label ?? null} onShow={setShown} />
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {metrics.map((metric) => (
          <MetricChart
            key={metric.key}
            scans={scans}
            metric={metric}
            mode={mode}
            spans={spans}
            range={range}
          />
        ))}
      </div>
    </Section>
  );
}
