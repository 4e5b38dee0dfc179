/**
 * The player export's largest page: GET /api/dashboard/{kd}/data/{code}?pageSize=50000 (SPEC §7's
 * MAX_EXPORT_PAGE_SIZE) on a kingdom of 50,000 governors, over HTTP on loopback, with the period already computed
 * (the export follows the table the viewer is looking at). Measures the answer's time, its size on the wire with and
 * without gzip, and the longest the event loop went without a turn while it was being answered: what every other
 * viewer of the server waits at worst.
 *
 *   npx tsx bench/export-page.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_EXPORT_PAGE_SIZE } from '@kingdom-stats/core';
import { buildApp } from '../apps/server/src/app.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { importScanFile } from '../apps/server/src/features/imports/import-scan.ts';
import { addKingdom } from '../apps/server/src/features/kingdoms/service.ts';

const KD = 1901;
const CODE = 'export-bench';
const GOVERNORS = MAX_EXPORT_PAGE_SIZE;
const SAMPLES = 5;

function scanCsv(scan: number): Buffer {
  const lines = ['governor_id,name,power,kill_points,t4_kills,t5_kills,dead,alliance'];
  for (let id = 1; id <= GOVERNORS; id++) {
    const grow = scan * (id % 97);
    lines.push(
      `${id},Governor ${id},${10_000_000 + id * 13 + grow},${id * 1000 + grow},${id * 3 + grow},${id + grow},${id * 2},[A${id % 40}]`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The longest gap between turns of the event loop while `work` runs, probed every millisecond. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { result, stallMs: Math.max(longest, performance.now() - last) };
  } finally {
    clearInterval(probe);
  }
}

/** One GET over HTTP, reading the raw (possibly compressed) body; answers its status and bytes. */
function fetchRaw(base: string, path: string, encoding: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ks-export-bench-'));
  const handle = createDatabase(`sqlite:${join(dir, 'bench.sqlite')}`);
  try {
    await migrateToLatest(handle.db);
    await addKingdom(handle.db, { kd: KD, code: CODE });
    for (const scan of [1, 2]) {
      await importScanFile(handle.db, {
        kingdomKd: KD,
        filePath: `scan-${scan}.csv`,
        content: scanCsv(scan),
        at: new Date(Date.UTC(2025, 0, scan)).toISOString(),
      });
    }
    const app = await buildApp({ loginEnabled: false, logLevel: 'silent', webDistDir: undefined }, handle);
    const url = `/api/dashboard/${KD}/data/${CODE}?pageSize=${MAX_EXPORT_PAGE_SIZE}`;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await fetchRaw(base, url, 'gzip'); // computes and caches the period
    const runs = [
      {
        label: 'a table page (20 rows)',
        url: url.replace(`pageSize=${MAX_EXPORT_PAGE_SIZE}`, 'pageSize=20'),
        encoding: 'gzip',
      },
      { label: 'export, no gzip', url, encoding: 'identity' },
      { label: 'export, gzip', url, encoding: 'gzip' },
    ];
    for (const { label, url, encoding } of runs) {
      const times: number[] = [];
      const stalls: number[] = [];
      let bytes = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const { result, stallMs } = await longestStall(() => fetchRaw(base, url, encoding));
        times.push(performance.now() - started);
        stalls.push(stallMs);
        if (result.status !== 200) throw new Error(`${url} answered ${result.status}`);
        bytes = result.bytes;
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      console.log(
        `${label}: ${(bytes / 1e6).toFixed(1)} MB on the wire, answer ${median(times).toFixed(0)} ms (median of ${SAMPLES}), ` +
          `longest event-loop stall ${median(stalls).toFixed(0)} ms (median), worst ${Math.max(...stalls).toFixed(0)} ms`,
      );
    }
    await app.close();
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
