import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { DATABASE_BUSY_MESSAGE } from './sqlite-busy.ts';

// Two connections to one SQLite file, as when the CLI imports while the server runs: `other` takes the write lock
// the way the CLI's import transaction does, and the server's connection must wait without stopping its thread.
describe('SQLite busy: another connection holds the write lock', () => {
  let folder: string;
  let file: string;
  let other: SQLite.Database;
  const handles: DatabaseHandle[] = [];

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'sqlite-busy-'));
    file = join(folder, 'data.sqlite');
    other = new SQLite(file);
    other.pragma('journal_mode = WAL');
    other.exec('create table note (text text not null)');
  });
  afterEach(async () => {
    other.close();
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  function open(maxWaitMs: number): Kysely<unknown> {
    const handle = createDatabase(`sqlite:${file}`, { busyWait: { maxWaitMs } });
    handles.push(handle);
    return handle.db as unknown as Kysely<unknown>;
  }

  /** Counts timer callbacks until stopped: a thread blocked inside SQLite would run none. */
  function countTicks(): () => number {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    return () => {
      clearInterval(timer);
      return ticks;
    };
  }

  it('a write waits for the lock while the event loop keeps running, then succeeds', async () => {
    const db = open(10_000);
    other.exec('begin immediate');
    other.exec(`insert into note values ('the import')`);
    const stop = countTicks();
    const write = sql`insert into note values ('a sign-in')`.execute(db);
    setTimeout(() => other.exec('commit'), 300);
    await write;
    expect(stop()).toBeGreaterThan(5);
    const { rows } = await sql<{ text: string }>`select text from note order by rowid`.execute(db);
    expect(rows.map((row) => row.text)).toEqual(['the import', 'a sign-in']);
  });

  it('a transaction that reads before it writes waits at its start and commits', async () => {
    const db = open(10_000);
    other.exec('begin immediate');
    const stop = countTicks();
    const transaction = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from note`.execute(trx);
      await sql`insert into note values (${`after ${rows[0]!.n}`})`.execute(trx);
    });
    setTimeout(() => {
      other.exec(`insert into note values ('the import')`);
      other.exec('commit');
    }, 300);
    await transaction;
    expect(stop()).toBeGreaterThan(5);
    const { rows } = await sql<{ text: string }>`select text from note order by rowid`.execute(db);
    // The transaction counted the import's row: it read after the other connection committed, not before.
    expect(rows.map((row) => row.text)).toEqual(['the import', 'after 1']);
  });

  it("a read on this connection is answered while this connection's write waits for the lock", async () => {
    const db = open(10_000);
    other.exec(`insert into note values ('committed')`);
    other.exec('begin immediate');
    let written = false;
    const write = sql`insert into note values ('waiting')`.execute(db).then(() => {
      written = true;
    });
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    const { rows } = await sql<{ text: string }>`select text from note`.execute(db);
    expect(rows.map((row) => row.text)).toEqual(['committed']);
    expect(written).toBe(false);
    other.exec('commit');
    await write;
    expect(written).toBe(true);
  });

  it('reads answer while the other connection writes', async () => {
    const db = open(10_000);
    other.exec(`insert into note values ('committed')`);
    other.exec('begin immediate');
    other.exec(`insert into note values ('not yet')`);
    const { rows } = await sql<{ text: string }>`select text from note`.execute(db);
    expect(rows.map((row) => row.text)).toEqual(['committed']);
    other.exec('rollback');
  });

  it('past the bounded wait a write is refused as busy (503), not "database is locked" (500)', async () => {
    const db = open(200);
    other.exec('begin immediate');
    const error = await sql`insert into note values ('a sign-in')`.execute(db).then(
      () => undefined,
      (e: unknown) => e,
    );
    other.exec('rollback');
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('UNAVAILABLE');
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).message).toBe(DATABASE_BUSY_MESSAGE);
    // Nothing was written, and the connection works again once the lock is free.
    await sql`insert into note values ('later')`.execute(db);
    const { rows } = await sql<{ text: string }>`select text from note`.execute(db);
    expect(rows.map((row) => row.text)).toEqual(['later']);
  });
});
