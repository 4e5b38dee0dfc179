import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { rallyData } from '../../src/features/rally/service.ts';
import { parseRallyCsv } from '../../src/import/rally-csv.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { at, NOW } from './rally-fixture.ts';

const KD = 4001;

const GOOD_CSV = `rally_id,launched_at,launcher_id,launcher_name,participant_id,participant_name
r-100,2026-11-17T10:00:00Z,501,Leader,502,Joiner A
r-100,2026-11-17T10:00:00Z,501,Leader,503,"Joiner, B"
r-101,1794916800,502,Joiner A,501,Leader
r-102,2026-11-18 08:00,503,"Joiner, B",,
r-102,2026-11-18 08:00,503,"Joiner, B",503,"Joiner, B"
`;

describe('rally CSV import', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-rally-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'rally.sqlite') });
    await addKingdom(database.db, { kd: KD, code: 'import-code' });
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const thisWeek = () => rallyData(database.db, KD, { date_filter: 'this_week', page: 1, pageSize: 50 }, NOW);

  it('imports one line per participant, a launcher-only line, unix and ISO times', async () => {
    const path = file('rallies.csv', GOOD_CSV);
    const result = await cli(['rally', 'import', String(KD), path]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`rallies.csv: 3 rallies for kingdom ${KD} (3 new, 0 replaced), 3 joins\n`);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'after_json'])
      .where('kingdom_kd', '=', KD)
      .execute();
    expect(audit.map((a) => [a.action, a.user_id])).toEqual([['rally.import', null]]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      fileName: 'rallies.csv',
      rallies: 3,
      via: 'cli',
    });

    const week = await thisWeek();
    expect(week.summaryStats).toEqual({ total_rallies: 3, total_participants: 3, average_per_day: 1 });
    expect(
      week.rallyData.map((r) => [r.participant_name, r.total_rallies, r.total_joined, r.total_launched]),
    ).toEqual([
      ['Joiner A', 2, 1, 1],
      ['Joiner, B', 2, 1, 1],
      ['Leader', 2, 1, 1],
    ]);
    const r101 = await database.db
      .selectFrom('rallies')
      .select('launched_at')
      .where('rally_id', '=', 'r-101')
      .executeTakeFirstOrThrow();
    expect(Number(r101.launched_at)).toBe(at('2026-11-17T12:00:00Z'));
    const r102 = await database.db
      .selectFrom('rallies')
      .select('launched_at')
      .where('rally_id', '=', 'r-102')
      .executeTakeFirstOrThrow();
    expect(Number(r102.launched_at)).toBe(at('2026-11-18T08:00:00Z'));
  });

  it('counts a rally imported twice once', async () => {
    const again = await cli(['rally', 'import', String(KD), join(dir, 'rallies.csv')]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('(0 new, 3 replaced)');
    const week = await thisWeek();
    expect(week.summaryStats.total_rallies).toBe(3);
    expect(week.rallyData.map((r) => r.total_rallies)).toEqual([2, 2, 2]);
  });

  it('reads columns by name in any order, with ; as delimiter, and reports unknown columns', async () => {
    const path = file(
      'reordered.csv',
      'Participant Name;Participant ID;Rally ID;Launcher Name;Launcher ID;Launched At;Note\n' +
        'Joiner A;502;r-200;Leader;501;2026-11-16T12:00:00Z;first\n',
    );
    const result = await cli(['rally', 'import', String(KD), path]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 rallies');
    expect(result.stdout).toContain('columns not imported (unknown headers): Note');
  });

  it('resolves the file against the directory the command was typed in', async () => {
    writeFileSync(join(dir, 'relative.csv'), GOOD_CSV);
    const result = await runCli(database.url, ['rally', 'import', String(KD), 'relative.csv']);
    // run-cli sets INIT_CWD to the server folder, where relative.csv does not exist.
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: relative.csv: cannot be read (no such file)\n');
  });

  const refusals: [string, string, string][] = [
    ['empty.csv', '', 'empty.csv: is empty'],
    [
      'header-only.csv',
      'rally_id,launched_at,launcher_id,launcher_name\n',
      'header-only.csv: has a header line but no rally lines',
    ],
    [
      'no-time.csv',
      'rally_id,launcher_id,launcher_name\nr1,5,A\n',
      'no-time.csv: has no "launched_at" column; a rally CSV has the columns rally_id, launched_at, launcher_id, launcher_name, participant_id, participant_name',
    ],
    [
      'half-participant.csv',
      'rally_id,launched_at,launcher_id,launcher_name,participant_id\nr1,1763460000,5,A,6\n',
      'half-participant.csv: has a "participant_id" column but no "participant_name" column; give both or neither',
    ],
    [
      'bad-time.csv',
      'rally_id,launched_at,launcher_id,launcher_name\nr1,1763460000,5,A\nr2,17/11/2026,5,A\n',
      'bad-time.csv: line 3, column "launched_at": "17/11/2026" is not unix seconds or an ISO-8601 time such as 2026-11-20T14:05:00Z',
    ],
    [
      'bad-id.csv',
      'rally_id,launched_at,launcher_id,launcher_name\nr1,1763460000,5x,A\n',
      'bad-id.csv: line 2, column "launcher_id": "5x" is not a governor ID',
    ],
    [
      'empty-name.csv',
      'rally_id,launched_at,launcher_id,launcher_name\nr1,1763460000,5,\n',
      'empty-name.csv: line 2, column "launcher_name": is empty',
    ],
    [
      'inconsistent.csv',
      'rally_id,launched_at,launcher_id,launcher_name,participant_id,participant_name\n' +
        'r1,1763460000,5,A,6,B\nr1,1763460060,5,A,7,C\n',
      'inconsistent.csv: line 3, column "launched_at": rally r1 has a different launch time on line 2',
    ],
    [
      'repeat.csv',
      'rally_id,launched_at,launcher_id,launcher_name,participant_id,participant_name\n' +
        'r1,1763460000,5,A,6,B\nr1,1763460000,5,A,6,B\n',
      'repeat.csv: line 3, column "participant_id": participant 6 of rally r1 is already on line 2',
    ],
    [
      'no-participant-name.csv',
      'rally_id,launched_at,launcher_id,launcher_name,participant_id,participant_name\nr1,1763460000,5,A,6,\n',
      'no-participant-name.csv: line 2, column "participant_name": is empty while the participant has an ID',
    ],
    [
      'millis.csv',
      'rally_id,launched_at,launcher_id,launcher_name\nr1,1763460000000,5,A\n',
      'millis.csv: line 2, column "launched_at": "1763460000000" looks like milliseconds; give unix seconds',
    ],
  ];

  it.each(refusals)('refuses %s naming the line and column', (name, text, message) => {
    expect(() => parseRallyCsv(Buffer.from(text), name)).toThrow(message);
  });

  it('refuses a bad file from the CLI with one line and imports none of it', async () => {
    const before = (await thisWeek()).summaryStats.total_rallies;
    const path = file(
      'half-bad.csv',
      'rally_id,launched_at,launcher_id,launcher_name\nr-300,2026-11-17T11:00:00Z,5,A\nr-301,never,5,A\n',
    );
    const result = await cli(['rally', 'import', String(KD), path]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Error: half-bad.csv: line 3, column "launched_at": "never" is not unix seconds or an ISO-8601 time such as 2026-11-20T14:05:00Z\n',
    );
    expect((await thisWeek()).summaryStats.total_rallies).toBe(before);
  });

  it('refuses a kingdom that does not exist', async () => {
    const result = await cli(['rally', 'import', '9999', join(dir, 'rallies.csv')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Kingdom 9999 does not exist');
  });

  it('creates and rotates the ingestion token, printing it once', async () => {
    const first = await cli(['rally', 'token', String(KD)]);
    expect(first.status).toBe(0);
    const token = first.stdout.split('\n')[1]!;
    expect(token).toMatch(/^ksr_/);
    expect(first.stdout).toContain(`POST /api/rally/${KD}/events`);
    const second = (await cli(['rally', 'token', String(KD)])).stdout.split('\n')[1]!;
    expect(second).not.toBe(token);
    const rows = await database.db
      .selectFrom('rally_tokens')
      .selectAll()
      .where('kingdom_kd', '=', KD)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_by).toBeNull();
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['user_id', 'action'])
      .where('kingdom_kd', '=', KD)
      .where('action', '=', 'rally.token.rotate')
      .execute();
    expect(audit).toEqual([
      { user_id: null, action: 'rally.token.rotate' },
      { user_id: null, action: 'rally.token.rotate' },
    ]);
    expect(await cli(['rally', 'token', '9999'])).toMatchObject({
      status: 1,
      stderr: 'Error: Kingdom not found\n',
    });
  });
});
