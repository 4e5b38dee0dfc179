import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { type DatabaseSnapshot, snapshot } from '../import/import-support.ts';

/** Every row a hostile file could have changed: scans and their stat rows, and the pre-KvK points. */
export interface HostileSnapshot extends DatabaseSnapshot {
  prekvk: number;
}

export async function hostileSnapshot(db: Kysely<Database>): Promise<HostileSnapshot> {
  const { count } = await db
    .selectFrom('prekvk_points')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { ...(await snapshot(db)), prekvk: Number(count) };
}

/** Names and alliances as stored, for the files whose bad characters may be stripped instead of refused. */
export async function storedTexts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('governor_stats').select(['name', 'alliance']).execute();
  const scans = await db.selectFrom('scans').select('name').execute();
  return [...rows.flatMap((row) => [row.name ?? '', row.alliance ?? '']), ...scans.map((scan) => scan.name)];
}

/**
 * The time given with a scan file, so that the file itself, not a missing time, is what gets judged: a day of its
 * own for each case, so that a file that is imported (a name cleaned of a bad character) never meets another.
 */
export function scanTime(caseIndex: number): string {
  return new Date(Date.UTC(2026, 9, 5 + caseIndex)).toISOString();
}
export const KVK = '5';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- <args>` as its own process, like runCli, but without blocking this one: the test's server keeps
 * answering while the CLI reads its file.
 */
export function runCliAsync(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(SERVER_ROOT, 'src/cli.ts'), ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, INIT_CWD: SERVER_ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

const SERVER_ROOT = resolve(import.meta.dirname, '../..');
