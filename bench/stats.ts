/**
 * Timing helpers shared by the benchmarks: samples with wall-clock and CPU time, percentiles, summaries.
 */
import { loadavg } from 'node:os';

export interface Sample {
  /** Wall-clock milliseconds. */
  wall: number;
  /**
   * CPU milliseconds of this process (user + system). With SQLite the whole request runs here, so this is what the
   * request costs whatever else the machine is doing; with PostgreSQL it leaves out the database server's work.
   */
  cpu: number;
}

export interface Percentiles {
  p50: number;
  p95: number;
}

export interface SampleSummary {
  samples: number;
  wall: Percentiles;
  cpu: Percentiles;
}

/** Nearest-rank percentile (p in 0–100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function percentiles(values: readonly number[]): Percentiles {
  return { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) };
}

export function summarize(samples: readonly Sample[]): SampleSummary {
  return {
    samples: samples.length,
    wall: percentiles(samples.map((s) => s.wall)),
    cpu: percentiles(samples.map((s) => s.cpu)),
  };
}

/** Runs `action` once and measures it. */
export async function timed(action: () => Promise<unknown>): Promise<Sample> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await action();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Runs `action` `count` times in a row and measures each. */
export async function sampleMany(count: number, action: (i: number) => Promise<unknown>): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) samples.push(await timed(() => action(i)));
  return samples;
}

/** Two decimals: enough for milliseconds, and results.json stays readable. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function loadAverage(): [number, number, number] {
  const [one, five, fifteen] = loadavg();
  return [round(one ?? 0), round(five ?? 0), round(fifteen ?? 0)];
}

/** "12.3 / 45.6": p50 / p95 with one decimal (none from 100 on). */
export function formatPair(pair: Percentiles): string {
  return `${formatMs(pair.p50)} / ${formatMs(pair.p95)}`;
}

export function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}
