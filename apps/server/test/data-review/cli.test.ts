import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { flagValue, importSeries, KD } from './review-support.ts';

/** `review list / correct / accept / exclude / revert / import`: what a person sees, exit codes, and the records. */
describe('review CLI', () => {
  let database: TestDatabase;
  let dir: string;
  let scans: number[];
  let flagId: number;
  const cli = (args: string[]) => runCli(database.url, args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-review-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await addKingdom(database.db, { kd: KD, code: 'review-cli' });
    await importSeries(database.db, KD);
    scans = (
      await database.db
        .selectFrom('scans')
        .select('id')
        .where('kingdom_kd', '=', KD)
        .orderBy('taken_at')
        .execute()
    ).map((s) => s.id);
    flagId = await flagValue(database.db, {
      scanId: scans[2]!,
      governorId: 101,
      field: 't4_kills',
      reason: 'T4 kills look misread',
      value: 4_850_000,
      suggested: 4_880_000,
    });
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const storedT4 = async (scanId: number, governorId: number) =>
    (
      await database.db
        .selectFrom('governor_stats')
        .select('t4_kills')
        .where('scan_id', '=', scanId)
        .where('governor_id', '=', governorId)
        .executeTakeFirst()
    )?.t4_kills;

  it('lists the open flags with the values around them, and writes them as CSV', async () => {
    const list = await cli(['review', 'list', '--kd', String(KD)]);
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    const [header, row, more] = list.stdout.trimEnd().split('\n');
    expect(header).toMatch(
      /^FLAG\s+STATUS\s+SCAN\s+TIME \(UTC\)\s+GOVERNOR\s+NAME\s+FIELD\s+PREVIOUS\s+VALUE\s+NEXT\s+SUGGESTED\s+REASON$/,
    );
    expect(row).toMatch(
      new RegExp(
        `^${flagId}\\s+open\\s+${scans[2]}\\s+2026-05-15T00:00:00Z\\s+101\\s+Ayla\\s+t4_kills\\s+4,777,297\\s+4,850,000\\s+—\\s+4,880,000\\s+T4 kills look misread$`,
      ),
    );
    expect(more).toBeUndefined();
    const csv = await cli(['review', 'list', '--kd', String(KD), '--csv', join(dir, 'out.csv')]);
    expect(csv.stdout).toBe('Wrote 1 flag to out.csv\n');
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toContain(`${scans[2]},101,t4_kills,4850000,`);
    const none = await cli(['review', 'list', '--kd', String(KD), '--status', 'excluded']);
    expect(none.stdout).toBe(`Kingdom ${KD} has no excluded flags\n`);
  });

  it('refuses a bad option and an unknown kingdom with exit 1 and a sentence', async () => {
    const status = await cli(['review', 'list', '--kd', String(KD), '--status', 'maybe']);
    expect(status.status).toBe(1);
    expect(status.stderr).toMatch(/^Error: --status: /);
    const kingdom = await cli(['review', 'list', '--kd', '4321']);
    expect(kingdom.status).toBe(1);
    expect(kingdom.stderr).toMatch(/Kingdom 4321 does not exist/);
    const field = await cli([
      'review',
      'correct',
      '--kd',
      String(KD),
      '--scan',
      '1',
      '--governor',
      '101',
      '--field',
      'name',
      '--value',
      '1',
    ]);
    expect(field.status).toBe(1);
    expect(field.stderr).toMatch(/--field must be one of power, kill_points/);
    const missing = await cli(['review', 'accept', '--kd', String(KD)]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/--flag/);
  });

  it('corrects a value and reverts it', async () => {
    const correct = await cli([
      'review',
      'correct',
      '--kd',
      String(KD),
      '--scan',
      String(scans[2]),
      '--governor',
      '101',
      '--field',
      't4_kills',
      '--value',
      '4,880,000',
      '--reason',
      'screenshot',
      '--flag',
      String(flagId),
    ]);
    expect(correct.stderr).toBe('');
    expect(correct.status).toBe(0);
    expect(correct.stdout).toMatch(
      /^Governor 101's T4 kills in scan .+ corrected to 4,880,000 \(correction (\d+)\)\n$/,
    );
    expect(await storedT4(scans[2]!, 101)).toBe(4_880_000);
    const correctionId = /correction (\d+)/.exec(correct.stdout)?.[1];
    const revert = await cli(['review', 'revert', '--kd', String(KD), '--correction', String(correctionId)]);
    expect(revert.status).toBe(0);
    expect(revert.stdout).toBe(`Correction ${correctionId} reverted: the imported value stands again\n`);
    expect(await storedT4(scans[2]!, 101)).toBe(4_850_000);
  });

  it('accepts a flag', async () => {
    const other = await flagValue(database.db, {
      scanId: scans[1]!,
      governorId: 102,
      field: 'power',
      check: 'power_jump',
    });
    const accept = await cli(['review', 'accept', '--kd', String(KD), '--flag', String(other)]);
    expect(accept.status).toBe(0);
    expect(accept.stdout).toBe(`Flag ${other} accepted: the value stays as imported\n`);
    const row = await database.db
      .selectFrom('value_flags')
      .select('status')
      .where('id', '=', other)
      .executeTakeFirst();
    expect(row?.status).toBe('accepted');
    const again = await cli(['review', 'accept', '--kd', String(KD), '--flag', '987654']);
    expect(again.status).toBe(1);
  });

  it('excludes a row and puts it back', async () => {
    const exclude = await cli([
      'review',
      'exclude',
      '--kd',
      String(KD),
      '--scan',
      String(scans[1]),
      '--governor',
      '103',
    ]);
    expect(exclude.status).toBe(0);
    expect(exclude.stdout).toMatch(/^Governor 103's row left out of scan .+ \(correction (\d+)\)\n$/);
    expect(await storedT4(scans[1]!, 103)).toBeUndefined();
    const correctionId = /correction (\d+)/.exec(exclude.stdout)?.[1];
    const revert = await cli(['review', 'revert', '--kd', String(KD), '--correction', String(correctionId)]);
    expect(revert.status).toBe(0);
    expect(await storedT4(scans[1]!, 103)).toBe(620_000);
  });

  it('imports a CSV of corrections, and refuses a bad one naming row and column without changing anything', async () => {
    const good = join(dir, 'fixes.csv');
    writeFileSync(good, `scan,governor_id,field,value,reason\n${scans[0]},102,t4_kills,3000500,typo\n`);
    const applied = await cli(['review', 'import', '--kd', String(KD), good]);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toBe('1 correction applied from fixes.csv\n');
    expect(await storedT4(scans[0]!, 102)).toBe(3_000_500);
    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      `scan,governor_id,field,value\n${scans[0]},103,t4_kills,600100\n${scans[0]},103,t4_kills,x\n`,
    );
    const refused = await cli(['review', 'import', '--kd', String(KD), bad]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Error: bad\.csv: row 3, column "value": "x" is not a whole number/);
    expect(await storedT4(scans[0]!, 103)).toBe(600_000);
  });
});
