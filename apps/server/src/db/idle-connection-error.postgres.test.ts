import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './database.ts';

// PostgreSQL only (vitest.config.ts runs *.postgres.test.ts in the server-postgres project alone).
const url = process.env.TEST_DATABASE_URL ?? '';

async function endBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

const backendPid = async (handle: ReturnType<typeof createDatabase>) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a pooled PostgreSQL connection ended while idle (a restart, idle_session_timeout, a pooler)', () => {
  it('is reported on stderr and dropped; the process keeps running and the next query opens another', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const handle = createDatabase(url);
    try {
      const first = await backendPid(handle);
      await endBackend(first);
      await vi.waitFor(() =>
        expect(written.join('')).toMatch(/database connection lost while idle: .*terminat/i),
      );
      const next = await backendPid(handle);
      expect(next).not.toBe(first);
    } finally {
      await handle.close();
    }
  });

  it('goes to the handler the caller gives instead', async () => {
    const reported: Error[] = [];
    const handle = createDatabase(url, { onIdleConnectionError: (error) => reported.push(error) });
    try {
      await endBackend(await backendPid(handle));
      await vi.waitFor(() => expect(reported).toHaveLength(1));
      expect(await backendPid(handle)).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});
