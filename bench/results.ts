/**
 * What bench/run.ts collects per database (bench/results.json's shape): the outcome of each measurement, and the load
 * average it was taken under. The targets checked against them and the printed table: bench/report.ts.
 */

import type { DashboardResult } from './dashboard.ts';
import type { DiscordBenchResult } from './discord.ts';
import type { FirstScreenBreakdown } from './first-screen.ts';
import type { GovernorBenchResult } from './governor.ts';
import type { MapImportResult } from './import-map.ts';
import type { ImportResult } from './import-xlsx.ts';
import type { KdDashboardResult } from './kd-dashboard.ts';
import type { Generation } from './scale-data.ts';
import type { Percentiles } from './stats.ts';
import type { WireBytes } from './wire-bytes.ts';

export type DatabaseName = 'sqlite' | 'postgres';
export const DATABASE_LABELS: Record<DatabaseName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** A measurement that could not be made: the run goes on and the table says why. */
export interface Failed {
  error: string;
}
export type Outcome<T> = T | Failed;

export function failed(value: unknown): value is Failed {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/** The 1, 5 and 15-minute load averages before and after one measurement. */
export interface LoadDuring {
  before: [number, number, number];
  after: [number, number, number];
}

/** The measurements of one database that record their load average (DatabaseResults.loadAverages). */
export type Section =
  | 'import'
  | 'dashboard'
  | 'kdDashboard'
  | 'startup'
  | 'firstScreen'
  | 'newcomer'
  | 'wireBytes'
  | 'governorPage'
  | 'discord'
  | 'load'
  | 'saturation';

export interface LoadFigures {
  connections: number;
  durationSeconds: number;
  /** Requests per second per connection at most; null: back to back. */
  pacePerConnection: number | null;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}

export type FirstScreenFigures =
  | {
      path: string;
      coldMs: number[];
      warmMs: number[];
      cold: Percentiles;
      warm: Percentiles;
      /**
       * Where each cold sample's time went, one per fresh server in order, ms rounded: a p95 of five is their
       * slowest, and this says whether the server, the network or the page made it so.
       */
      coldBreakdowns: ColdFirstScreen[];
      /** The first server's first screen in a language of each script family (bench/run.ts measureScripts). */
      byScript?: ScriptFirstScreen[];
    }
  | { path: string; skipped: string };

export interface ScriptFirstScreen extends Percentiles {
  script: string;
  lang: string;
  ms: number[];
}

export interface ColdFirstScreen extends FirstScreenBreakdown {
  /** The server's start-up (spawn to /api/health 200) and the 1-minute load average after the sample. */
  serverStartMs: number;
  load: number;
}

export interface WebBundleFigures {
  initialJsGzipBytes: number;
  initialJsFiles: string[];
  dashboardJsGzipBytes: number;
  totalJsGzipBytes: number;
  dashboardFiles: string[];
}

export interface DatabaseResults {
  description: string;
  version: string;
  /** Null when the data of an earlier run was reused. */
  generation: Generation | null;
  scans: number;
  statRows: number;
  import: Outcome<ImportResult>;
  /** A 5,700-row whole-KvK-map file (issue 37); absent in runs before it. */
  mapImport?: Outcome<MapImportResult>;
  dashboard: Outcome<DashboardResult>;
  kdDashboard: Outcome<KdDashboardResult>;
  firstScreen: Outcome<FirstScreenFigures>;
  /** The demo dashboard's first visit after `npm start` on a fresh database (bench/newcomer.ts; SQLite only). */
  newcomer: Outcome<FirstScreenFigures>;
  wireBytes: Outcome<WireBytes>;
  governorPage: Outcome<GovernorBenchResult>;
  /** Warm `/stats` and `/top` through the signed interactions endpoint (issue 39). */
  discord: Outcome<DiscordBenchResult>;
  /** Each bench server's start, spawn to /api/health answering 200, ms. */
  startMs: number[];
  loadAverages: Partial<Record<Section, LoadDuring>>;
  /** Viewers at a viewer's pace, on a freshly started server (the first requests compute their periods). */
  load: Outcome<LoadFigures>;
  /** The same connections without a pause: what one server process manages at most. */
  saturation: Outcome<LoadFigures>;
}
