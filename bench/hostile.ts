/**
 * Hostile files (issue 15): how long the server takes to refuse each file of the hostile-input suite
 * (apps/server/test/hostile/hostile-files.ts), uploaded over HTTP to the real server in its own process, and how
 * fast it answers /api/health meanwhile (a request every 10 ms, one at a time, from the upload's start to its answer).
 * The bound: health within 100 ms while a file is read. Load average is recorded before and after, as the
 * machine is shared. SQLite: a fresh file in a temp folder; PostgreSQL: the schema `bench_hostile`, dropped after.
 * Alone: npx tsx bench/hostile.ts [--postgres URL]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { createSession } from '../apps/server/src/auth/sessions.ts';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { addKingdom } from '../apps/server/src/features/kingdoms/service.ts';
import { addUser } from '../apps/server/src/features/users/service.ts';
import { HOSTILE_FILES } from '../apps/server/test/hostile/hostile-files.ts';
import { KVK, scanTime } from '../apps/server/test/hostile/hostile-support.ts';
import { startBenchServer } from './server.ts';
import { formatMs, loadAverage, percentile, round } from './stats.ts';

const KD = 2101;
const CODE = 'bench-hostile';
const SCHEMA = 'bench_hostile';
const HEALTH_INTERVAL_MS = 10;
export const HEALTH_TARGET_MS = 100;

export interface HostileFileFigures {
  file: string;
  title: string;
  bytes: number;
  status: number;
  /** The answer's message, shortened: what the person is told. */
  message: string;
  /** Upload sent to answer received. */
  refusalMs: number;
  healthChecks: number;
  health: { p50: number; p99: number; max: number };
}

export interface HostileFigures {
  loadAverage: { before: [number, number, number]; after: [number, number, number] };
  /** /api/health with no upload under way, for comparison. */
  idleHealth: { p50: number; p99: number; max: number };
  files: HostileFileFigures[];
}

export async function measureHostileFiles(
  options: { postgresUrl?: string | undefined } = {},
): Promise<HostileFigures> {
  const before = loadAverage();
  const { databaseUrl, handle, cleanUp } = await openDatabase(options.postgresUrl);
  try {
    await migrateToLatest(handle.db);
    await addKingdom(handle.db, { kd: KD, code: CODE, name: 'Bench' });
    const { id } = await addUser(handle.db, {
      username: 'bench-admin',
      password: `bench-${Math.random().toString(36).slice(2)}-password`,
      role: 'admin',
      kingdoms: [KD],
    });
    const token = await createSession(handle.db, id);
    // No web app: only the API is measured, and building it would take the cores the figures need.
    const server = await startBenchServer({ databaseUrl, webApp: false });
    try {
      const idle = await healthDuring(server.baseUrl, new Promise((resolve) => setTimeout(resolve, 2_000)));
      const files: HostileFileFigures[] = [];
      for (const [index, file] of HOSTILE_FILES.entries()) {
        const content = file.content();
        const query: Record<string, string> =
          file.target === 'scan'
            ? { fileName: file.fileName, at: scanTime(index) }
            : { fileName: file.fileName, kvk: KVK };
        const path = file.target === 'scan' ? 'scans' : 'prekvk';
        const started = performance.now();
        const upload = fetch(
          `${server.baseUrl}/api/admin/kingdoms/${KD}/${CODE}/${path}?${new URLSearchParams(query)}`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
            body: new Uint8Array(content),
          },
        ).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { message?: string },
          ms: performance.now() - started,
        }));
        const health = await healthDuring(server.baseUrl, upload);
        const answer = await upload;
        files.push({
          file: file.fileName,
          title: file.title,
          bytes: content.length,
          status: answer.status,
          message: (answer.body.message ?? '').slice(0, 160),
          refusalMs: round(answer.ms),
          healthChecks: health.count,
          health: health.figures,
        });
        console.log(
          `  ${file.fileName}: ${answer.status} in ${formatMs(answer.ms)} ms; health p50 ${formatMs(health.figures.p50)}, ` +
            `p99 ${formatMs(health.figures.p99)} ms (${health.count} checks)`,
        );
      }
      return { loadAverage: { before, after: loadAverage() }, idleHealth: idle.figures, files };
    } finally {
      await server.stop();
    }
  } finally {
    await cleanUp();
  }
}

/** /api/health, one request at a time every HEALTH_INTERVAL_MS, until `until` settles; at least one request. */
async function healthDuring(
  baseUrl: string,
  until: Promise<unknown>,
): Promise<{ count: number; figures: { p50: number; p99: number; max: number } }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  do {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health answered ${response.status} while a file was read`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_INTERVAL_MS));
  } while (!done);
  return {
    count: latencies.length,
    figures: {
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(Math.max(...latencies)),
    },
  };
}

async function openDatabase(
  postgresUrl: string | undefined,
): Promise<{ databaseUrl: string; handle: DatabaseHandle; cleanUp(): Promise<void> }> {
  if (postgresUrl) {
    const admin = createDatabase(postgresUrl);
    await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(SCHEMA)}`.execute(admin.db);
    const url = new URL(postgresUrl);
    url.searchParams.set('schema', SCHEMA);
    const handle = createDatabase(url.toString());
    return {
      databaseUrl: url.toString(),
      handle,
      async cleanUp() {
        await handle.close();
        await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(admin.db);
        await admin.close();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const databaseUrl = `sqlite:${join(folder, 'hostile.sqlite')}`;
  const handle = createDatabase(databaseUrl);
  return {
    databaseUrl,
    handle,
    async cleanUp() {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The figures as a table for the console and docs/benchmarks.md. */
export function formatHostileTable(figures: HostileFigures): string {
  const lines = [
    '| file | size | answer | refused in | /api/health p50 / p99 / max (checks) |',
    '| --- | ---: | --- | ---: | --- |',
    ...figures.files.map(
      (f) =>
        `| ${f.title} | ${formatBytes(f.bytes)} | ${f.status} | ${formatMs(f.refusalMs)} ms | ` +
        `${formatMs(f.health.p50)} / ${formatMs(f.health.p99)} / ${formatMs(f.health.max)} ms (${f.healthChecks}) |`,
    ),
  ];
  const idle = figures.idleHealth;
  lines.push(
    '',
    `idle /api/health p50 / p99 / max: ${formatMs(idle.p50)} / ${formatMs(idle.p99)} / ${formatMs(idle.max)} ms; ` +
      `load average before ${figures.loadAverage.before.join(' ')}, after ${figures.loadAverage.after.join(' ')}`,
  );
  return lines.join('\n');
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${bytes} B`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const postgresIndex = args.indexOf('--postgres');
  const postgresUrl = postgresIndex >= 0 ? args[postgresIndex + 1] : undefined;
  if (args.length > 0 && !(postgresIndex === 0 && postgresUrl && args.length === 2)) {
    console.error('usage: npx tsx bench/hostile.ts [--postgres URL]');
    process.exit(2);
  }
  const figures = await measureHostileFiles({ postgresUrl });
  console.log(formatHostileTable(figures));
  const mayImport = new Set(
    HOSTILE_FILES.filter((file) => file.expect.kind === 'cleanedOrRefused').map((file) => file.fileName),
  );
  const refusedWrongly = (f: HostileFileFigures) =>
    f.status >= 500 || (f.status < 400 && !(f.status === 200 && mayImport.has(f.file)));
  const slow = figures.files.filter((f) => f.health.p99 > HEALTH_TARGET_MS || refusedWrongly(f));
  process.exitCode = slow.length > 0 ? 1 : 0;
}
