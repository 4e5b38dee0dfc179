/**
 * The governor page's data call, GET /api/governor/{kd}/{id}/{code} (every kingdom scan of one governor: 120 in the
 * scale case), over HTTP from the running bench server: the first call for a governor (cold) and the same call again
 * (warm), for a few governors taken from the dashboard's first page.
 */
import { percentiles, round } from './stats.ts';

export interface GovernorPageFigures {
  governors: number;
  coldMs: { p50: number; p95: number };
  warmMs: { p50: number; p95: number };
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

export async function measureGovernorPage(options: {
  baseUrl: string;
  kd: number;
  code: string;
  governors: number;
  warmRepeats: number;
}): Promise<GovernorPageFigures> {
  const code = encodeURIComponent(options.code);
  const page = await fetch(
    new URL(
      `/api/dashboard/${options.kd}/data/${code}?page=1&pageSize=${options.governors}`,
      options.baseUrl,
    ),
  );
  const rows = ((await page.json()) as { playerData?: { 'Gov ID': number }[] }).playerData ?? [];
  if (rows.length === 0) throw new Error('the dashboard answered no governors to open');
  const cold: number[] = [];
  const warm: number[] = [];
  for (const row of rows) {
    const url = new URL(`/api/governor/${options.kd}/${row['Gov ID']}/${code}`, options.baseUrl).href;
    cold.push(round(await timedGet(url)));
    for (let i = 0; i < options.warmRepeats; i++) warm.push(round(await timedGet(url)));
  }
  return { governors: rows.length, coldMs: percentiles(cold), warmMs: percentiles(warm) };
}
