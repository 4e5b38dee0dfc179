/**
 * Many viewers on one kingdom's dashboard during KvK, with autocannon: each connection is a viewer who opens the
 * dashboard (the page, then the calls the page makes on load), pages through, sorts, filters by kd, searches, and
 * switches to two other periods, then starts over. Bounded by `durationSeconds`; every answer's status is checked.
 */
import { DEFAULT_TABLE_PAGE_SIZE } from '@kingdom-stats/core';
import type { DashboardResponse, SettingsResponse } from '@kingdom-stats/core/api';
import autocannon from 'autocannon';
import { type Timeline, TimelineRecorder } from './load-timeline.ts';

export interface LoadOptions {
  baseUrl: string;
  kd: number;
  code: string;
  connections: number;
  durationSeconds: number;
  /** Requests each connection sends per second at most (a viewer's pace); none: back to back. */
  requestsPerSecondPerConnection?: number;
  /** Also answer the run second by second and step by step (bench/load-timeline.ts). */
  timeline?: boolean;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  /** Of every answer, non-2xx included; a request that timed out has none (see `timeouts`). */
  latencyMs: { p50: number; p99: number; max: number };
  /** Everything that is not a 2xx answer: socket errors, timeouts and non-2xx answers. */
  errors: number;
  non2xx: number;
  timeouts: number;
  timeline?: Timeline;
}

/** Groups of viewers started apart (see measureLoad). */
const VIEWER_GROUPS = 20;

/** Seconds without an answer before a request counts as a timeout (and an error). */
const REQUEST_TIMEOUT_S = 10;

type Query = Record<string, string | number | undefined>;
interface Period {
  start: string;
  end: string;
}
/** What viewers learn from the first dashboard answer, as the browser does: no separate call lists the dates. */
interface Learned {
  /** Last two scans (the latest gains) and middle to last scan: the periods viewers switch to. */
  periods: [Period, Period] | null;
  kds: number[];
  searches: string[];
}
/** Per connection; autocannon starts it afresh on every pass through the steps. */
interface ViewerContext {
  kd?: string;
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const { baseUrl, kd, code } = options;
  const codePart = encodeURIComponent(code);
  const pagePath = `/${kd}/dashboard/${codePart}`;
  // A short connectivity check that computes no period: the measured run must pay the cold computation itself.
  await expectOk(`${baseUrl}/api/health`);
  const settings = (await (
    await expectOk(`${baseUrl}/api/settings/${kd}/${codePart}`)
  ).json()) as SettingsResponse;
  await expectOk(`${baseUrl}${pagePath}`);

  // The player table's first query, as apps/web/src/api/dashboard.ts builds it from the kingdom's settings.
  const { start, end } = settings.defaultDates;
  const opening: Query = {
    start_date: start && end ? start : undefined,
    end_date: start && end ? end : undefined,
    page: 1,
    pageSize: DEFAULT_TABLE_PAGE_SIZE,
    top: settings.defaultTopFilter && settings.defaultTopFilter > 0 ? settings.defaultTopFilter : undefined,
  };
  const sorted = (key: string, direction: 'asc' | 'desc'): Query => ({
    ...opening,
    sorts: JSON.stringify([{ key, direction, priority: 1 }]),
  });
  const dataPath = (query: Query) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) params.set(name, String(value));
    return `/api/dashboard/${kd}/data/${codePart}?${params}`;
  };

  let learned: Learned | null = null;
  // Viewers spread over the kds and search terms: each list has its own turn.
  const rotation = () => {
    let turn = 0;
    return <T>(values: readonly T[], fallback: T): T => values[turn++ % values.length] ?? fallback;
  };
  const nextKd = rotation();
  const nextSearch = rotation();
  const period = (index: 0 | 1): Query =>
    learned?.periods
      ? { start_date: learned.periods[index].start, end_date: learned.periods[index].end }
      : { start_date: opening.start_date, end_date: opening.end_date };

  const failures = new Map<string, number>();
  // autocannon calls a step's onResponse and then, synchronously, its 'response' event with the latency: the label
  // set here is the one the next latency belongs to.
  let answeredStep = '';
  const timeline = options.timeline ? new TimelineRecorder() : null;
  const step = (label: string, request: autocannon.Request): autocannon.Request => ({
    method: 'GET',
    headers: { accept: 'application/json' },
    ...request,
    onResponse: (status, body) => {
      answeredStep = label;
      if (status < 200 || status >= 300) {
        const key = `${label} ${status}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      if (label === 'dashboard data' && learned === null && status === 200) learned = learn(body);
    },
  });
  const dynamic = (label: string, build: (context: ViewerContext) => Query) =>
    step(label, {
      setupRequest: (request, context) => ({ ...request, path: dataPath(build(context as ViewerContext)) }),
    });
  const warm = (index: 0 | 1) =>
    step('update-tables', {
      method: 'POST',
      path: '/api/dashboard/update-tables',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ kd: String(kd), code, ...period(index) }),
      }),
    });

  const steps = [
    step('page', { path: pagePath, headers: { accept: 'text/html' } }),
    step('config', { path: '/api/config' }),
    step('settings', { path: `/api/settings/${kd}/${codePart}` }),
    step('dashboard data', { path: dataPath(opening) }),
    step('all-kds', { path: `/api/dashboard/${codePart}/all-kds` }),
    step('page 2', { path: dataPath({ ...opening, page: 2 }) }),
    step('page 3', { path: dataPath({ ...opening, page: 3 }) }),
    // A header click sorts ascending, a second one descending (cycleSort).
    step('sort', { path: dataPath(sorted('DKP', 'asc')) }),
    step('sort', { path: dataPath(sorted('DKP', 'desc')) }),
    step('sort', { path: dataPath(sorted('T4 Kills', 'asc')) }),
    step('sort', { path: dataPath(sorted('T4 Kills', 'desc')) }),
    dynamic('kd filter', (context) => {
      context.kd = String(nextKd(learned?.kds ?? [], kd));
      return { ...opening, kd: context.kd };
    }),
    dynamic('kd filter', (context) => ({ ...opening, kd: context.kd ?? String(kd), page: 2 })),
    dynamic('search', () => ({ ...opening, search: nextSearch(learned?.searches ?? [], '1') })),
    warm(0),
    dynamic('other period', () => ({ ...opening, ...period(0) })),
    dynamic('other period', () => ({ ...opening, ...period(0), sorts: sorted('DKP', 'desc').sorts })),
    warm(1),
    dynamic('other period', () => ({ ...opening, ...period(1) })),
    dynamic('other period', () => ({ ...opening, ...period(1), page: 2 })),
  ];

  const pace = options.requestsPerSecondPerConnection;
  // autocannon's rate lets each connection send its requests at the start of every second; connections opened
  // together would all fire at the same instant, a herd no set of people makes. Viewers are split into groups
  // started a fraction of a second apart, so their requests arrive spread over each second.
  const groups = pace ? Math.min(VIEWER_GROUPS, options.connections) : 1;
  const latencies: number[] = [];
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: groups }, async (_, group) => {
      const connections =
        Math.floor(options.connections / groups) + (group < options.connections % groups ? 1 : 0);
      await sleep((group * 1000) / groups);
      return run(
        {
          url: baseUrl,
          connections,
          duration: options.durationSeconds,
          timeout: REQUEST_TIMEOUT_S,
          requests: steps,
          // Each response's own time is recorded below; autocannon's correction for a set rate would add made-up
          // samples (it takes the expected interval in ms as 1 / rate).
          ...(pace ? { connectionRate: pace, ignoreCoordinatedOmission: true } : {}),
        },
        (ms) => {
          latencies.push(ms);
          timeline?.record(answeredStep, performance.now() - started, ms);
        },
      );
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (failures.size > 0) {
    const list = [...failures].map(([key, count]) => `${key} ×${count}`).join(', ');
    process.stderr.write(`[load] answers that were not 2xx: ${list}\n`);
  }
  const total = (pick: (result: autocannon.Result) => number) => results.reduce((sum, r) => sum + pick(r), 0);
  const requests = total((r) => r.requests.total);
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
  return {
    requests,
    requestsPerSecond: requests / seconds,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 },
    errors: total((r) => r.errors + r.non2xx),
    non2xx: total((r) => r.non2xx),
    timeouts: total((r) => r.timeouts),
    ...(timeline ? { timeline: timeline.summarise() } : {}),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function expectOk(url: string): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) {
    const body = (await response.text()).slice(0, 300);
    throw new Error(`Connectivity check: GET ${url} answered ${response.status}: ${body}`);
  }
  return response;
}

/** Null for an answer it cannot read: it runs inside autocannon's response parser, which must not throw. */
function learn(body: string): Learned | null {
  let answer: Pick<DashboardResponse, 'dates' | 'availableKds' | 'playerData'>;
  try {
    answer = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(answer.dates) || !Array.isArray(answer.playerData)) return null;
  const times = answer.dates.map((date) => date.timestamp).sort((a, b) => a - b);
  const at = (index: number) => String(times[Math.max(0, Math.min(times.length - 1, index))]);
  const searches = answer.playerData.slice(0, 10).flatMap((row) => {
    // A few typed characters of a name (whole characters: names are full of emoji and CJK), or an id.
    const typed = Array.from(row.Name.trim()).slice(0, 3).join('');
    return typed === '' ? [String(row['Gov ID'])] : [typed, String(row['Gov ID'])];
  });
  return {
    periods:
      times.length > 0
        ? [
            { start: at(times.length - 2), end: at(times.length - 1) },
            { start: at(Math.floor(times.length / 2)), end: at(times.length - 1) },
          ]
        : null,
    kds: answer.availableKds ?? [],
    searches,
  };
}

/** autocannon, with a stop of our own should it ever outlive its duration (a stuck socket, say). */
function run(options: autocannon.Options, onLatency: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const seconds = Number(options.duration) + REQUEST_TIMEOUT_S + 30;
    let guard: NodeJS.Timeout | undefined;
    // autocannon may call back at once (a refused option), before the guard exists.
    const instance = autocannon(options, (error: Error | null, result) => {
      clearTimeout(guard);
      if (error) reject(error);
      else resolve(result);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
    guard = setTimeout(() => instance.stop(), seconds * 1000);
  });
}
