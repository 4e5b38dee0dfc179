import { alignSeasons, seasonSeries } from '@kingdom-stats/core';
import type { GovernorResponse } from '@kingdom-stats/core/api';
import { useId, useMemo, useState } from 'react';
import { pillButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber, signedNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAddressParams } from '../dashboard/useAddressParams.ts';
import { CHART_PARAM, chartCounterOf, seasonPairOf } from './chart-address.ts';
import { LineChart } from './LineChart.tsx';
import { CHART_METRICS, type MetricKey } from './series.ts';

const COLORS = ['#38bdf8', '#f97316'] as const;
const select =
  'rounded-md border border-slate-700 bg-slate-900 px-2 py-1 text-sm text-white focus-visible:outline-2 focus-visible:outline-sky-400';

type Season = GovernorResponse['seasons'][number];

/**
 * One governor across two KvK seasons, aligned by day of season (docs/governor.md "Season against season"): each
 * line is the gain since that season's first scan of the governor, so a season's pace can be read against another's.
 */
export function SeasonCompare({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const withScans = useMemo(
    () =>
      [...data.seasons]
        .filter((s) => data.scans.some((scan) => scan.takenAt >= s.openTime && scan.takenAt <= s.closeTime))
        .sort((a, b) => b.openTime - a.openTime),
    [data],
  );
  // The two seasons and the counter are in the address (chart-address.ts); the latest two and KP by default.
  const { params, setChoices } = useAddressParams();
  const asked = seasonPairOf(params);
  const offered = (kvk: number) => withScans.some((s) => s.kvkNumber === kvk);
  const picked: [number | undefined, number | undefined] = asked?.every(offered)
    ? asked
    : [withScans[0]?.kvkNumber, withScans[1]?.kvkNumber];
  const setPicked = (next: typeof picked) => setChoices({ [CHART_PARAM.seasons]: next.join(',') });
  const metricKey: MetricKey = chartCounterOf(params) ?? 'killPoints';
  const setMetricKey = (key: MetricKey) =>
    setChoices({ [CHART_PARAM.counter]: key === 'killPoints' ? null : key });
  const [hovered, setHovered] = useState<number | null>(null);
  const ids = [useId(), useId()];

  const seasons = picked.map((n) => withScans.find((s) => s.kvkNumber === n));
  const [a, b] = seasons as [Season | undefined, Season | undefined];
  const metrics = CHART_METRICS.filter((m) => data.scans.some((scan) => scan[m.key] !== null));
  const metric = metrics.find((m) => m.key === metricKey) ?? metrics[0] ?? CHART_METRICS[1];
  const chart = useMemo(() => {
    if (!a || !b) return null;
    const aligned = alignSeasons(
      seasonSeries(data.scans, (s) => s[metric.key], a),
      seasonSeries(data.scans, (s) => s[metric.key], b),
    );
    return {
      xs: aligned.days,
      series: [
        { label: `KvK ${a.kvkNumber}`, color: COLORS[0], values: aligned.a },
        { label: `KvK ${b.kvkNumber}`, color: COLORS[1], values: aligned.b },
      ],
    };
  }, [a, b, data.scans, metric.key]);

  if (withScans.length < 2) {
    return (
      <Section id="seasons-compare" title={t('governor.seasons.title')}>
        <p className="text-sm text-slate-400" data-testid="season-compare-empty">
          {withScans.length === 0
            ? t('governor.seasons.none')
            : t('governor.seasons.onlyOne', { kvk: String(withScans[0]!.kvkNumber) })}
        </p>
      </Section>
    );
  }
  const at = hovered ?? (chart ? chart.xs.length - 1 : -1);
  const day = chart?.xs[at];
  const counter = t(metric.message);
  return (
    <Section
      id="seasons-compare"
      title={t('governor.seasons.title')}
      description={t('governor.seasons.description', { counter })}
    >
      <div className="mb-3 flex flex-wrap items-end gap-3">
        {[0, 1].map((side) => (
          <div key={side} className="flex flex-col gap-1">
            <label
              htmlFor={ids[side]}
              className="flex items-center gap-1.5 text-xs font-medium text-slate-400"
            >
              <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: COLORS[side] }} />
              {side === 0 ? t('governor.seasons.season') : t('governor.seasons.against')}
            </label>
            <select
              id={ids[side]}
              className={select}
              value={picked[side]}
              onChange={(event) => {
                const next = [...picked] as typeof picked;
                next[side] = Number(event.target.value);
                setPicked(next);
              }}
            >
              {withScans.map((s) => (
                <option key={s.kvkNumber} value={s.kvkNumber}>
                  KvK {s.kvkNumber}
                </option>
              ))}
            </select>
          </div>
        ))}
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">{t('governor.seasons.counter')}</legend>
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
      </div>
      {chart && (
        <>
          <p
            className="mb-1 flex flex-wrap gap-x-4 text-sm tabular-nums"
            data-testid="season-readout"
            aria-live="polite"
          >
            <span className="text-slate-400">
              {day === undefined ? '-' : t('governor.seasons.day', { day: fullNumber(Math.floor(day) + 1) })}
            </span>
            {chart.series.map((s) => (
              <span key={s.label} dir="ltr" style={{ color: s.color }}>
                {s.label} {signedNumber(s.values[at] ?? null)}
              </span>
            ))}
          </p>
          <LineChart
            xs={chart.xs}
            series={chart.series}
            time={false}
            xLabel={t('governor.seasons.axis')}
            testId="season-chart"
            label={t('governor.seasons.chart', {
              counter,
              a: String(a!.kvkNumber),
              b: String(b!.kvkNumber),
            })}
            onHover={setHovered}
          />
        </>
      )}
    </Section>
  );
}
