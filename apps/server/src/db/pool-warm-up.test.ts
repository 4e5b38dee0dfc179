import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { warmUpPool } from './pool-warm-up.ts';
import type { Database } from './schema.ts';

/** A PostgreSQL handle over a stand-in pool: `connect` is what the pool does when asked for a connection. */
function postgresHandle(connect: () => Promise<unknown>): DatabaseHandle {
  const pool = { connect, end: async () => undefined };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
  return { db, dialect: 'postgres', description: 'stand-in', close: () => db.destroy() };
}

const client = () => ({
  query: async () => ({ rows: [], command: 'SELECT', rowCount: 0 }),
  release: () => {},
});

describe('warmUpPool', () => {
  it('asks the pool for every connection at once, before any has opened', async () => {
    let asked = 0;
    let opened = 0;
    let askedBeforeFirstOpened = 0;
    const handle = postgresHandle(async () => {
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (opened++ === 0) askedBeforeFirstOpened = asked;
      return client();
    });
    await warmUpPool(handle, 5, 5_000, () => expect.fail('no failure expected'));
    expect(asked).toBe(5);
    expect(askedBeforeFirstOpened).toBe(5);
  });

  it('gives up waiting after its limit when the database does not answer, and reports nothing', async () => {
    const warnings: unknown[] = [];
    const handle = postgresHandle(() => new Promise(() => {}));
    const started = performance.now();
    await warmUpPool(handle, 3, 100, (error) => warnings.push(error));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(warnings).toEqual([]);
  });

  it('reports a connection that fails, without failing itself', async () => {
    const warnings: unknown[] = [];
    const handle = postgresHandle(async () => {
      throw new Error('connection refused');
    });
    await warmUpPool(handle, 2, 5_000, (error) => warnings.push(error));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0])).toContain('connection refused');
  });

  it('does nothing on SQLite (one connection, already open)', async () => {
    const handle = createDatabase('sqlite::memory:');
    try {
      await warmUpPool(handle, 5, 100, () => expect.fail('no failure expected'));
    } finally {
      await handle.close();
    }
  });
});
