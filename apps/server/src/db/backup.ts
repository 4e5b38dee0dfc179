import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase, isPostgresUrl } from './database.ts';

/**
 * `db backup` and `db restore` (docs/operations.md). SQLite: better-sqlite3's online backup, consistent while the
 * server writes; a restore copies the file into place. PostgreSQL: pg_dump of the installation's schema in the custom
 * format, and pg_restore. Each answers a line saying what it did.
 */
export async function backupDatabase(url: string, file: string): Promise<string> {
  if (existsSync(file)) throw new Error(`${file} exists already: choose a new file name for the backup`);
  if (isPostgresUrl(url)) {
    const { connection, schema } = postgresConnection(url);
    await runTool(
      'pg_dump',
      ['--format=custom', `--schema=${schema}`, `--file=${file}`, ...connection.args],
      connection.env,
    );
    return `Backed up PostgreSQL schema ${schema} to ${file} (pg_dump, custom format).`;
  }
  const location = sqliteFile(url);
  if (!existsSync(location)) throw new Error(`there is no SQLite database at ${location}`);
  const sqlite = new SQLite(location, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await sqlite.backup(file);
    return `Backed up SQLite ${location} to ${file} (${totalPages} pages, online backup).`;
  } finally {
    sqlite.close();
  }
}

export async function restoreDatabase(url: string, file: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`there is no backup at ${file}`);
  await refuseSiteWithData(url);
  if (isPostgresUrl(url)) {
    const { connection, schema } = postgresConnection(url);
    const backupSchema = await dumpedSchema(file, connection.env);
    if (backupSchema !== schema)
      throw new Error(
        `${file} holds schema ${backupSchema}, DATABASE_URL names schema ${schema}: ` +
          `restore with ?schema=${backupSchema} in DATABASE_URL`,
      );
    await runTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        ...connection.args,
        file,
      ],
      connection.env,
    );
    return `Restored ${file} into PostgreSQL schema ${schema} (pg_restore). Start the server again.`;
  }
  const location = sqliteFile(url);
  assertSiteBackup(file);
  // A write-ahead log left beside the old file would be replayed onto the restored one.
  for (const leftover of [location, `${location}-wal`, `${location}-shm`]) rmSync(leftover, { force: true });
  copyFileSync(file, location);
  return `Restored ${file} into SQLite ${location}. The server must have been stopped for this: start it again now.`;
}

/** A restore replaces the target whole: refuse one that already holds a site (kingdoms or users). */
async function refuseSiteWithData(url: string): Promise<void> {
  if (!isPostgresUrl(url) && !existsSync(sqliteFile(url))) return;
  const handle = createDatabase(url);
  try {
    for (const table of ['kingdoms', 'users'] as const) {
      const exists =
        handle.dialect === 'postgres'
          ? (await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(handle.db))
              .rows[0]?.t
          : (
              await sql<{
                name: string;
              }>`select name from sqlite_master where type = 'table' and name = ${table}`.execute(handle.db)
            ).rows[0];
      if (!exists) continue;
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
        handle.db,
      );
      if (Number(rows[0]?.n ?? 0) > 0)
        throw new Error(
          `${handle.description} already holds ${table}: restore into an empty database (a new file or schema), ` +
            'so that nothing there is overwritten',
        );
    }
  } finally {
    await handle.close();
  }
}

function assertSiteBackup(file: string): void {
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    const table = sqlite
      .prepare(`select name from sqlite_master where type = 'table' and name = 'kingdoms'`)
      .get();
    if (!table) throw new Error('no kingdoms table');
  } catch (error) {
    throw new Error(
      `${file} is not a Kingdom Stats SQLite backup (${error instanceof Error ? error.message : error})`,
    );
  } finally {
    sqlite?.close();
  }
}

function sqliteFile(url: string): string {
  const location = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (location === ':memory:' || location === '')
    throw new Error('DATABASE_URL is an in-memory SQLite database: there is nothing to back up or restore');
  return resolve(location);
}

interface PgConnection {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** pg_dump's and pg_restore's connection: the URL without ?schema, and its password through PGPASSWORD, not argv. */
function postgresConnection(url: string): { connection: PgConnection; schema: string } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? 'public';
  parsed.searchParams.delete('schema');
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    schema,
    connection: {
      args: [`--dbname=${parsed.toString()}`],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    },
  };
}

async function dumpedSchema(file: string, env: NodeJS.ProcessEnv): Promise<string> {
  const listing = await runTool('pg_restore', ['--list', file], env);
  const schema = /\bTABLE (\S+) kingdoms\b/.exec(listing)?.[1];
  if (!schema) throw new Error(`${file} is not a Kingdom Stats PostgreSQL backup (no kingdoms table in it)`);
  return schema;
}

/** Runs a PostgreSQL client tool and answers its output; a missing tool is named with what to install. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not installed or not on PATH: install PostgreSQL's client tools ` +
                `(e.g. apt-get install postgresql-client), of the server's major version or newer`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) done(stdout);
      else fail(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
