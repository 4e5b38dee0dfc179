import { alignSeasons, formatInteger, seasonSeries } from '@kingdom-stats/core';
import type { GovernorResponse } from '@kingdom-stats/core/api';
import { useId, useMemo, useState } from 'react';
import { pillButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { LineChart } from './LineChart.tsx';
import { CHART_METRICS, type MetricKey } from './series.ts';

const COLORS = ['#38bdf8', '#f97316'] as const;
const select =
  'rounded-md border border-slate-700 bg-slate-900 px-2 py-1 text-sm text-white focus-visible:outline-2 focus-visible:outline-sky-400';

type Season = GovernorResponse['seasons'][number];

const signed = (value: number | null) =>
  value === null ? '-' : value > 0 ? `+${formatInteger(value)}` : formatInteger(value);

/**
 * One governor across two KvK seasons, aligned by day of season (docs/governor.md "Season against season"): each
 * line is the gain since that season's first scan of the governor, so a season's pace can be read against another's.
 */
export function SeasonCompare({ data }: { data: GovernorResponse }) {
  const withScans = useMemo(
    () =>
      [...data.seasons]
        .filter((s) => data.scans.some((scan) => scan.takenAt >= s.openTime && scan.takenAt <= s.closeTime))
        .sort((a, b) => b.openTime - a.openTime),
    [data],
  );
  const [picked, setPicked] = useState<[number | undefined, number | undefined]>([
    withScans[0]?.kvkNumber,
    withScans[1]?.kvkNumber,
  ]);
  const [metricKey, setMetricKey] = useState<MetricKey>('killPoints');
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
      <Section id="seasons-compare" title="Season against season">
        <p className="text-sm text-slate-400" data-testid="season-compare-empty">
          {withScans.length === 0
            ? 'No KvK season of the kingdom has a scan of this governor.'
            : `Only KvK ${withScans[0]!.kvkNumber} has scans of this governor: a second season is needed to compare.`}
        </p>
      </Section>
    );
  }
  const at = hovered ?? (chart ? chart.xs.length - 1 : -1);
  const day = chart?.xs[at];
  return (
    <Section
      id="seasons-compare"
      title="Season against season"
      description={`${metric.label} gained since each season's first scan, by days since the KvK opened`}
    >
      <div className="mb-3 flex flex-wrap items-end gap-3">
        {[0, 1].map((side) => (
          <div key={side} className="flex flex-col gap-1">
            <label
              htmlFor={ids[side]}
              className="flex items-center gap-1.5 text-xs font-medium text-slate-400"
            >
              <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: COLORS[side] }} />
              {side === 0 ? 'Season' : 'Against'}
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
          <legend className="sr-only">Counter</legend>
          {metrics.map((m) => (
            <button
              key={m.key}
              type="button"
              aria-pressed={m.key === metric.key}
              onClick={() => setMetricKey(m.key)}
              className={pillButton(m.key === metric.key, true)}
            >
              {m.label}
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
              {day === undefined ? '-' : `Day ${Math.floor(day) + 1} of KvK`}
            </span>
            {chart.series.map((s) => (
              <span key={s.label} style={{ color: s.color }}>
                {s.label} {signed(s.values[at] ?? null)}
              </span>
            ))}
          </p>
          <LineChart
            xs={chart.xs}
            series={chart.series}
            time={false}
            xLabel="Days since the KvK opened"
            testId="season-chart"
            label={`${metric.label} by day, KvK ${a!.kvkNumber} and KvK ${b!.kvkNumber}`}
            onHover={setHovered}
          />
        </>
      )}
    </Section>
  );
}
