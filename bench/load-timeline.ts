/**
 * The viewer benchmark's answers second by second and step by step (`timeline: true` in bench/load.ts): which
 * seconds of the run and which of a viewer's steps make the p99. Each answer is counted in the second its request
 * was sent, so a slow second is the one whose requests met the slowness.
 */

/** An answer slower than this is "slow" in the tables: DESIGN's bound for the viewers' p99. */
export const SLOW_MS = 250;

export interface LatencyFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers slower than SLOW_MS. */
  slow: number;
}

export interface TimelineSecond extends LatencyFigures {
  /** Seconds since the run started: 0 is [0, 1). */
  second: number;
  /** Step labels of this second's slow answers, most first, e.g. "dashboard data 40, sort 12". */
  slowSteps: string;
}

export interface StepFigures extends LatencyFigures {
  label: string;
  /** The same figures without the run's first `warmupSeconds`: the step on a server whose periods are computed. */
  afterWarmup: LatencyFigures;
}

export interface Timeline {
  seconds: TimelineSecond[];
  steps: StepFigures[];
  /** Where `afterWarmup` starts. */
  warmupSeconds: number;
}

interface Sample {
  sentAtMs: number;
  latencyMs: number;
  label: string;
}

export class TimelineRecorder {
  private readonly samples: Sample[] = [];

  record(label: string, answeredAtMs: number, latencyMs: number): void {
    this.samples.push({ sentAtMs: answeredAtMs - latencyMs, latencyMs, label });
  }

  summarise(warmupSeconds = 5): Timeline {
    const bySecond = new Map<number, Sample[]>();
    const byLabel = new Map<string, Sample[]>();
    for (const sample of this.samples) {
      const second = Math.max(0, Math.floor(sample.sentAtMs / 1000));
      push(bySecond, second, sample);
      push(byLabel, sample.label, sample);
    }
    const last = Math.max(-1, ...bySecond.keys());
    const seconds = Array.from({ length: last + 1 }, (_, second) => {
      const samples = bySecond.get(second) ?? [];
      const slowByLabel = new Map<string, number>();
      for (const sample of samples) {
        if (sample.latencyMs > SLOW_MS)
          slowByLabel.set(sample.label, (slowByLabel.get(sample.label) ?? 0) + 1);
      }
      const slowSteps = [...slowByLabel]
        .sort((a, b) => b[1] - a[1])
        .map(([label, count]) => `${label} ${count}`)
        .join(', ');
      return { second, ...figures(samples), slowSteps };
    });
    const steps = [...byLabel]
      .map(([label, samples]) => ({
        label,
        ...figures(samples),
        afterWarmup: figures(samples.filter((sample) => sample.sentAtMs >= warmupSeconds * 1000)),
      }))
      .sort((a, b) => b.p99 - a.p99);
    return { seconds, steps, warmupSeconds };
  }
}

function push<K>(map: Map<K, Sample[]>, key: K, sample: Sample): void {
  const list = map.get(key);
  if (list) list.push(sample);
  else map.set(key, [sample]);
}

function figures(samples: readonly Sample[]): LatencyFigures {
  const sorted = samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return {
    requests: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    slow: sorted.filter((ms) => ms > SLOW_MS).length,
  };
}

/** Plain-text tables: the run second by second, then each step (slowest p99 first). */
export function formatTimeline(timeline: Timeline): string {
  const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
  const lines = [`second  requests/s  p50 ms  p99 ms  max ms  >${SLOW_MS} ms  slow steps`];
  for (const s of timeline.seconds) {
    lines.push(
      `${String(s.second).padStart(6)}  ${String(s.requests).padStart(10)}  ${ms(s.p50).padStart(6)}  ` +
        `${ms(s.p99).padStart(6)}  ${ms(s.max).padStart(6)}  ${String(s.slow).padStart(7)}  ${s.slowSteps}`,
    );
  }
  lines.push(
    '',
    `step              requests  p50 ms  p99 ms  max ms  >${SLOW_MS} ms  | after ${timeline.warmupSeconds} s: p50  p99  max  >${SLOW_MS}`,
  );
  for (const step of timeline.steps) {
    const w = step.afterWarmup;
    lines.push(
      `${step.label.padEnd(16)}  ${String(step.requests).padStart(8)}  ${ms(step.p50).padStart(6)}  ` +
        `${ms(step.p99).padStart(6)}  ${ms(step.max).padStart(6)}  ${String(step.slow).padStart(7)}  | ` +
        `${ms(w.p50)}  ${ms(w.p99)}  ${ms(w.max)}  ${w.slow}`,
    );
  }
  return lines.join('\n');
}
