import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../import/import-support.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/** `npm run cli -- prekvk import` and `hoh import`: csv and xlsx, the real HoH template, refusals that change nothing. */

const TEMPLATE = join(FIXTURES, 'hoh/verified_deaths_template.xlsx');

describe('pre-KvK and Hall of Heroes CLI imports', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);
  const count = async (table: 'hoh_records' | 'prekvk_points') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-kvk-cli-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    expect((await cli(['kingdom', 'add', '3584', '--code', 'code-3584'])).status).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports pre-KvK points from csv, in one go, and says how many', async () => {
    const file = join(dir, 'prekvk.csv');
    writeFileSync(
      file,
      'Governor ID,Governor Name,Stage 1,Stage 2,Stage 3\n11,Ann,100,200,300\n12,Bob,50,0,10\n',
    );
    const result = await cli(['prekvk', 'import', '3584', '5', file]);
    expect(result).toMatchObject({
      status: 0,
      stdout: 'prekvk.csv: 2 governor(s) saved to the pre-KvK points of KvK 5 of kingdom 3584\n',
    });
    const rows = await database.db.selectFrom('prekvk_points').selectAll().orderBy('governor_id').execute();
    expect(
      rows.map((r) => [r.governor_id, r.name, r.stage1_points, r.stage2_points, r.stage3_points]),
    ).toEqual([
      [11, 'Ann', 100, 200, 300],
      [12, 'Bob', 50, 0, 10],
    ]);
    const audit = await database.db.selectFrom('audit_log').select(['action', 'user_id']).execute();
    expect(audit).toContainEqual({ action: 'prekvk.import', user_id: null });
  });

  it('refuses the real HoH template as it is (example rows only), writing nothing', async () => {
    const result = await cli(['hoh', 'import', '3584', '5', TEMPLATE]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('has only example rows; add the governors below the header');
    expect(await count('hoh_records')).toBe(0);
  });

  it('imports the HoH template once governors are filled in below its examples', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(TEMPLATE);
    const sheet = workbook.worksheets[0]!;
    sheet.addRow(['172867508', 1200, 300, 'checked']);
    sheet.addRow([75868465, 0, 45]);
    const file = join(dir, 'verified_deaths.xlsx');
    await workbook.xlsx.writeFile(file);
    const result = await cli(['hoh', 'import', '3584', '5', file]);
    expect(result).toMatchObject({
      status: 0,
      stdout:
        'verified_deaths.xlsx: 2 governor(s) saved to the Hall of Heroes records of KvK 5 of kingdom 3584, 2 example row(s) skipped\n',
    });
    const rows = await database.db.selectFrom('hoh_records').selectAll().orderBy('governor_id').execute();
    expect(rows.map((r) => [r.governor_id, r.t4_dead, r.t5_dead, r.notes])).toEqual([
      [75868465, 0, 45, null],
      [172867508, 1200, 300, 'checked'],
    ]);
  });

  it('refuses a bad row naming its row and column, and keeps what was there', async () => {
    const file = join(dir, 'bad-hoh.csv');
    writeFileSync(file, 'governor_id,t4_deaths,t5_deaths\n172867508,5,5\n99,lots,1\n');
    const result = await cli(['hoh', 'import', '3584', '5', file]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/row 3.*t4_deaths.*"lots"/);
    const kept = await database.db
      .selectFrom('hoh_records')
      .select('t4_dead')
      .where('governor_id', '=', 172867508)
      .executeTakeFirstOrThrow();
    expect(kept.t4_dead).toBe(1200);
    expect(await count('hoh_records')).toBe(2);
  });

  it('refuses an unknown kingdom, a missing file and a bad KvK number', async () => {
    const file = join(dir, 'prekvk.csv');
    expect((await cli(['prekvk', 'import', '999', '5', file])).stderr).toContain(
      'Kingdom 999 does not exist',
    );
    expect((await cli(['hoh', 'import', '3584', '5', join(dir, 'nope.csv')])).stderr).toContain(
      'nope.csv: cannot read the file',
    );
    expect((await cli(['hoh', 'import', '3584', 'five', file])).stderr).toContain(
      'kvk-number must be a whole number',
    );
  });
});
