import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMemberExport } from '../../src/features/member-exports/import-member-export.ts';
import { addTestKingdom, refusal, snapshot } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

// Small exports written from issue 37's column list (the game's 17 columns, in their order), on both databases.
const KD = 1771;
const VIETNAMESE =
  'ID nhân vật,Tên Người Dùng,Sức Mạnh,Kỷ Lục Sức Mạnh,T5 tử vong,T4 tử vong,T3 tử vong,T2 tử vong,T1 tử vong,' +
  'Tổng Điểm Tiêu Diệt,Tổng Tiêu Diệt T5,Tổng Tiêu Diệt T4,Tổng Tiêu Diệt T3,Tổng Tiêu Diệt T2,Tổng Tiêu Diệt T1,' +
  'Tài Nguyên Thu Thập,Hỗ Trợ Liên Minh';
const ROWS =
  '\n70001,Anh Hùng,5000000,6000000,10,20,30,40,50,123456,1,2,3,4,5,900000,77\n70002,Bé,1,2,0,0,0,0,0,0,0,0,0,0,0,0,\n';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await addTestKingdom(db.db, KD);
});
afterAll(() => db.drop());

const importText = (fileName: string, text: string) =>
  importMemberExport(db.db, { kingdomKd: KD, fileName, content: Buffer.from(text) });

describe("the game's member export, stored as a period", () => {
  it('stores each member’s activity between the two dates; the same export again changes nothing', async () => {
    const first = await importText('kingdom-2025-01-01-2025-01-31.csv', VIETNAMESE + ROWS);
    expect(first).toMatchObject({
      status: 'imported',
      from: '2025-01-01',
      to: '2025-01-31',
      members: 2,
      matchedBy: 'vietnamese',
    });
    const rows = await db.db
      .selectFrom('member_export_rows')
      .selectAll()
      .where('export_id', '=', first.exportId)
      .orderBy('governor_id')
      .execute();
    expect(
      rows.map((row) => [
        Number(row.governor_id),
        row.name,
        Number(row.t4_dead),
        Number(row.t5_dead),
        row.helps,
      ]),
    ).toEqual([
      [70001, 'Anh Hùng', 20, 10, 77],
      [70002, 'Bé', 0, 0, null],
    ]);
    const before = await db.db
      .selectFrom('member_export_rows')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    const again = await importText('kingdom-2025-01-01-2025-01-31.csv', VIETNAMESE + ROWS);
    expect(again).toMatchObject({ status: 'already-imported', exportId: first.exportId });
    const after = await db.db
      .selectFrom('member_export_rows')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it('stores an overlapping export beside the first', async () => {
    const overlapping = await importText('kingdom-2025-01-15-2025-02-15.csv', VIETNAMESE + ROWS);
    expect(overlapping.status).toBe('imported');
    const periods = await db.db
      .selectFrom('member_exports')
      .select(['period_from', 'period_to'])
      .where('kingdom_kd', '=', KD)
      .orderBy('period_from')
      .execute();
    expect(periods).toEqual([
      { period_from: '2025-01-01', period_to: '2025-01-31' },
      { period_from: '2025-01-15', period_to: '2025-02-15' },
    ]);
  });

  it('reads an export in a language not listed by column position', async () => {
    const header = Array.from({ length: 17 }, (_, i) => `Kolumn ${i + 1}`).join(',');
    const result = await importText('kingdom-2025-03-01-2025-03-07.csv', header + ROWS);
    expect(result).toMatchObject({ status: 'imported', matchedBy: 'position', members: 2 });
  });

  it.each([
    [
      'members.csv',
      VIETNAMESE + ROWS,
      'its dates cannot be read from its name: the game names its export kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx',
    ],
    ['kingdom-2025-02-30-2025-03-07.csv', VIETNAMESE + ROWS, 'its dates cannot be read from its name'],
    ['kingdom-2025-03-07-2025-03-01.csv', VIETNAMESE + ROWS, 'its dates cannot be read from its name'],
    ['kingdom-2025-01-01-2025-01-02.csv', 'ID,Name,Power\n1,A,5\n', "is not the game's member export"],
    [
      'kingdom-2025-01-01-2025-01-02.csv',
      `${VIETNAMESE}\n70001,A,5,6,x,0,0,0,0,0,0,0,0,0,0,0,0\n`,
      'row 2, column "T5 tử vong": "x" is not a number',
    ],
    [
      'kingdom-2025-01-01-2025-01-02.csv',
      `${VIETNAMESE}${ROWS}70001,A,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1\n`,
      'rows 2 and 4 both have governor ID 70001',
    ],
  ])('refuses %s and stores nothing', async (fileName, text, says) => {
    const before = await snapshot(db.db);
    const exportsBefore = await db.db.selectFrom('member_exports').selectAll().execute();
    expect(await refusal(() => importText(fileName, text))).toContain(says);
    expect(await snapshot(db.db)).toEqual(before);
    expect(await db.db.selectFrom('member_exports').selectAll().execute()).toEqual(exportsBefore);
  });
});
