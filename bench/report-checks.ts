/**
 * The targets of DESIGN.md and issues 7, 13 and 41 as checks: each reads what bench/run.ts collected
 * (bench/results.ts) for one database and says whether it met its target. report.ts prints them as one table.
 */

import type { PeriodResult } from './dashboard.ts';
import {
  type DatabaseResults,
  type Failed,
  failed,
  type Outcome,
  type Section,
  type WebBundleFigures,
} from './results.ts';
import { formatMs, formatPair, type SampleSummary } from './stats.ts';

export interface Cell {
  text: string;
  /** Null: no target, or not measured. */
  met: boolean | null;
}

export interface Check {
  measurement: string;
  target: string;
  /** Whose load average the cell shows; the web build's when absent. */
  section?: Section;
  cell(results: DatabaseResults, web: Outcome<WebBundleFigures>): Cell;
}

const noTarget = (text: string): Cell => ({ text, met: null });

/** "p50 / p95 ms, CPU p50 / p95": wall clock first, the figure held against the target. */
function timing(summary: SampleSummary): string {
  return `${formatPair(summary.wall)} (CPU ${formatPair(summary.cpu)})`;
}

function pick<T, R>(outcome: Outcome<T>, read: (value: T) => R): R | Failed {
  return failed(outcome) ? outcome : read(outcome);
}

function underP95(summary: SampleSummary | Failed, limitMs: number): Cell {
  if (failed(summary)) return { text: `error: ${summary.error}`, met: false };
  return { text: timing(summary), met: summary.wall.p95 < limitMs };
}

function info(summary: SampleSummary | Failed): Cell {
  return failed(summary) ? { text: `error: ${summary.error}`, met: null } : noTarget(timing(summary));
}

function periodChecks(period: 'long' | 'short', label: string): Check[] {
  const read = (r: DatabaseResults) => pick(r.dashboard, (d): PeriodResult => d[period]);
  const part = (r: DatabaseResults, key: 'cold' | 'coldRunning' | 'warm' | 'mixed' | 'export' | 'floor') =>
    pick(read(r), (p) => p[key]);
  return [
    {
      measurement: `main dashboard, ${label}: cold`,
      target: 'p95 < 150 ms',
      cell: (r) => underP95(part(r, 'cold'), 150),
    },
    {
      measurement: `main dashboard, ${label}: warm`,
      target: 'p95 < 50 ms',
      cell: (r) => underP95(part(r, 'warm'), 50),
    },
    {
      measurement: `main dashboard, ${label}: cold period on a running server (as after an import)`,
      target: 'p95 < 100 ms',
      cell: (r) => underP95(part(r, 'coldRunning'), 100),
    },
    { measurement: `main dashboard, ${label}: SQL floor`, target: '—', cell: (r) => info(part(r, 'floor')) },
    {
      measurement: `main dashboard, ${label}: cold p95 ÷ floor p95 (warm)`,
      target: '≤ 1.5×',
      cell: (r) => {
        const p = read(r);
        if (failed(p)) return { text: `error: ${p.error}`, met: false };
        return {
          text: `${p.ratioToFloor.cold.toFixed(2)}× (warm ${p.ratioToFloor.warm.toFixed(2)}×)`,
          met: p.ratioToFloor.cold <= 1.5,
        };
      },
    },
    {
      measurement: `main dashboard, ${label}: cold period on a running server p95 ÷ floor p95`,
      target: '≤ 1.5×',
      cell: (r) => {
        const p = read(r);
        if (failed(p)) return { text: `error: ${p.error}`, met: false };
        return { text: `${p.ratioToFloor.coldRunning.toFixed(2)}×`, met: p.ratioToFloor.coldRunning <= 1.5 };
      },
    },
    ...(period === 'long'
      ? [
          {
            measurement: `main dashboard, ${label}: first kd= view (1 kd of 16), cold; kd floor`,
            target: '—',
            cell: (r: DatabaseResults): Cell => {
              const view = pick(read(r), (p) => p.kdView ?? { error: 'not measured' });
              if (failed(view)) return { text: `error: ${view.error}`, met: null };
              return noTarget(`${timing(view.cold)}; floor ${timing(view.floor)}`);
            },
          },
          {
            measurement: `main dashboard, ${label}: first kd= view cold p95 ÷ kd floor p95`,
            target: '≤ 1.5×',
            cell: (r: DatabaseResults): Cell => {
              const view = pick(read(r), (p) => p.kdView ?? { error: 'not measured' });
              if (failed(view)) return { text: `error: ${view.error}`, met: false };
              return { text: `${view.ratioToFloor.toFixed(2)}×`, met: view.ratioToFloor <= 1.5 };
            },
          },
          {
            measurement: `main dashboard, ${label}: first kd= view on a running server p95 ÷ kd floor p95`,
            target: '≤ 1.5×',
            cell: (r: DatabaseResults): Cell => {
              const view = pick(read(r), (p) => p.kdView ?? { error: 'not measured' });
              if (failed(view)) return { text: `error: ${view.error}`, met: false };
              return {
                text: `${view.ratioRunningToFloor.toFixed(2)}× (${timing(view.coldRunning)})`,
                met: view.ratioRunningToFloor <= 1.5,
              };
            },
          },
        ]
      : []),
    {
      measurement: `main dashboard, ${label}: warm, mixed interactions`,
      target: '—',
      cell: (r) => info(part(r, 'mixed')),
    },
    {
      measurement: `player export (pageSize 50,000), ${label}, warm`,
      target: '—',
      cell: (r) => info(part(r, 'export')),
    },
  ];
}

const inSection = (section: Section, checks: Check[]): Check[] =>
  checks.map((check) => ({ ...check, section }));

const KB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export const CHECKS: Check[] = [
  ...inSection('dashboard', [
    ...periodChecks('long', 'long period'),
    ...periodChecks('short', 'short period'),
  ]),
  ...inSection('kdDashboard', [
    {
      measurement: 'KD DKP data, 3 wars: cold',
      target: 'p95 < 150 ms',
      cell: (r) =>
        underP95(
          pick(r.kdDashboard, (k) => k.cold),
          150,
        ),
    },
    {
      measurement: 'KD DKP data, 3 wars: warm',
      target: 'p95 < 50 ms',
      cell: (r) =>
        underP95(
          pick(r.kdDashboard, (k) => k.warm),
          50,
        ),
    },
  ]),
  ...inSection('import', [
    {
      measurement: 'import of a 16,000-row xlsx',
      target: 'p50 < 1,000 ms',
      cell: (r) => {
        const total = pick(r.import, (i) => i.total);
        if (failed(total)) return { text: `error: ${total.error}`, met: false };
        return { text: timing(total), met: total.wall.p50 < 1_000 };
      },
    },
    {
      measurement: 'import of a 5,700-row whole-map xlsx (36 kingdoms, 4 camps)',
      target: 'p50 < 1,000 ms',
      cell: (r) => {
        if (r.mapImport === undefined) return { text: 'not measured', met: null };
        const total = pick(r.mapImport, (i) => i.total);
        if (failed(total)) return { text: `error: ${total.error}`, met: false };
        return { text: timing(total), met: total.wall.p50 < 1_000 };
      },
    },
  ]),
  ...inSection('load', [
    {
      measurement: 'viewers on loopback: requests/s',
      target: '—',
      cell: (r) =>
        failed(r.load)
          ? { text: `error: ${r.load.error}`, met: null }
          : noTarget(
              `${r.load.requestsPerSecond.toFixed(0)}/s (${r.load.connections} viewers for ${r.load.durationSeconds} s, ` +
                `${r.load.pacePerConnection ?? '∞'} requests/s each at most)`,
            ),
    },
    {
      measurement: 'viewers on loopback: latency p99',
      target: '< 250 ms',
      cell: (r) =>
        failed(r.load)
          ? { text: `error: ${r.load.error}`, met: false }
          : {
              text: `${formatMs(r.load.latencyMs.p99)} ms (p50 ${formatMs(r.load.latencyMs.p50)}, max ${formatMs(r.load.latencyMs.max)})`,
              met: r.load.latencyMs.p99 < 250,
            },
    },
    {
      measurement: 'viewers on loopback: errors, non-2xx, timeouts',
      target: '0',
      cell: (r) => {
        if (failed(r.load)) return { text: `error: ${r.load.error}`, met: false };
        const { errors, non2xx, timeouts } = r.load;
        return { text: `${errors}, ${non2xx}, ${timeouts}`, met: errors + non2xx + timeouts === 0 };
      },
    },
  ]),
  ...inSection('saturation', [
    {
      measurement: 'saturation: the same connections without a pause',
      target: '—',
      cell: (r) => {
        const l = r.saturation;
        if (failed(l)) return { text: `error: ${l.error}`, met: null };
        return noTarget(
          `${l.requestsPerSecond.toFixed(0)}/s, p50 ${formatMs(l.latencyMs.p50)} ms, p99 ${formatMs(l.latencyMs.p99)} ms, ` +
            `${l.errors} errors (${l.durationSeconds} s)`,
        );
      },
    },
  ]),
  ...inSection('startup', [
    {
      measurement: 'server start-up (spawn to /api/health 200)',
      target: '< 1,000 ms',
      cell: (r) =>
        r.startMs.length === 0
          ? { text: 'error: no server started', met: false }
          : {
              text: `${r.startMs.map((ms) => formatMs(ms)).join(', ')} ms`,
              met: Math.max(...r.startMs) < 1_000,
            },
    },
  ]),
  ...inSection('firstScreen', [
    {
      measurement: 'first screen of a dashboard (cold)',
      target: 'p95 < 600 ms',
      cell: (r) => {
        const f = r.firstScreen;
        if (failed(f)) return { text: `error: ${f.error}`, met: false };
        if ('skipped' in f) return { text: `skipped: ${f.skipped}`, met: null };
        return {
          text: `${formatPair(f.cold)} (${freshServers(f.coldMs.length)}; warm ${formatPair(f.warm)})`,
          met: f.cold.p95 < 600,
        };
      },
    },
  ]),
  ...inSection(
    'firstScreen',
    ['Latin', 'CJK', 'Thai', 'Arabic'].map(
      (script): Check => ({
        measurement: `first screen in a ${script} script language (new browser, period computed)`,
        target: 'p95 < 600 ms',
        cell: (r) => {
          const f = r.firstScreen;
          if (failed(f)) return { text: `error: ${f.error}`, met: false };
          if ('skipped' in f) return { text: `skipped: ${f.skipped}`, met: null };
          const figures = f.byScript?.find((one) => one.script === script);
          if (!figures) return { text: 'not measured', met: null };
          return { text: `${figures.lang}: ${formatPair(figures)}`, met: figures.p95 < 600 };
        },
      }),
    ),
  ),
  ...inSection('newcomer', [
    {
      measurement: "a newcomer's first screen (npm start, fresh database, demo, first visit)",
      target: 'p95 < 1,000 ms',
      cell: (r) => {
        const f = r.newcomer;
        if (failed(f)) return { text: `error: ${f.error}`, met: false };
        if ('skipped' in f) return { text: `skipped: ${f.skipped}`, met: null };
        return {
          text: `${formatPair(f.cold)} (${freshServers(f.coldMs.length)}; warm ${formatPair(f.warm)})`,
          met: f.cold.p95 < 1_000,
        };
      },
    },
  ]),
  ...inSection('governorPage', [
    {
      measurement: 'governor page data (120 scans): cold',
      target: 'p95 < 150 ms',
      cell: (r) =>
        underP95(
          pick(r.governorPage, (g) => g.cold),
          150,
        ),
    },
    {
      measurement: 'governor page data (120 scans): warm',
      target: 'p95 < 50 ms',
      cell: (r) =>
        underP95(
          pick(r.governorPage, (g) => g.warm),
          50,
        ),
    },
  ]),
  ...inSection('discord', [
    {
      measurement: 'Discord /stats (signed interaction), warm',
      target: 'p95 < 100 ms',
      cell: (r) =>
        underP95(
          pick(r.discord, (d) => d.stats),
          100,
        ),
    },
    {
      measurement: 'Discord /top (signed interaction), warm',
      target: 'p95 < 100 ms',
      cell: (r) =>
        underP95(
          pick(r.discord, (d) => d.top),
          100,
        ),
    },
  ]),
  ...inSection('wireBytes', [
    {
      measurement: 'bytes on the wire: dashboard page, JS and CSS',
      target: '—',
      cell: (r) => {
        const w = r.wireBytes;
        if (failed(w)) return { text: `error: ${w.error}`, met: null };
        const a = w.dashboardAssets;
        return noTarget(
          `brotli ${KB(a.brotliBytes)}, gzip ${KB(a.gzipBytes)}, none ${KB(a.identityBytes)} (${a.files} files)`,
        );
      },
    },
    {
      measurement: 'bytes on the wire: largest player export page',
      target: '—',
      cell: (r) => {
        const w = r.wireBytes;
        if (failed(w)) return { text: `error: ${w.error}`, met: null };
        const e = w.exportPage;
        return noTarget(
          `gzip ${KB(e.gzipBytes)}, none ${KB(e.identityBytes)} (${e.rows.toLocaleString('en')} rows)`,
        );
      },
    },
  ]),
  {
    measurement: 'initial JavaScript, gzipped',
    target: '< 250 kB',
    cell: (_r, web) =>
      failed(web)
        ? { text: `error: ${web.error}`, met: false }
        : {
            text: `${(web.initialJsGzipBytes / 1000).toFixed(1)} kB (${web.initialJsFiles.length} files)`,
            met: web.initialJsGzipBytes < 250_000,
          },
  },
  {
    measurement: 'dashboard route JavaScript, gzipped',
    target: '< 250 kB',
    cell: (_r, web) =>
      failed(web)
        ? { text: `error: ${web.error}`, met: false }
        : { text: KB(web.dashboardJsGzipBytes), met: web.dashboardJsGzipBytes < 250_000 },
  },
];

export function freshServers(count: number): string {
  return `${count} fresh server${count === 1 ? '' : 's'}`;
}
