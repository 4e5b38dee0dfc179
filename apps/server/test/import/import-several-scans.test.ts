import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { addTestKingdom, refusal, snapshot } from './import-support.ts';

/** A file holding several scans (a long table with a date column) is imported whole or not at all. */
const KD = 4501;
const day = (d: number) => Date.UTC(2026, 9, d) / 1000;

describe('a file of several scans', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  const longTable = (lines: string[]) => Buffer.from(`date,governor_id,name,power\n${lines.join('\n')}\n`);
  const importLong = (content: Buffer, fileName = 'long.csv') =>
    importScanFile(db.db, { kingdomKd: KD, filePath: fileName, content });

  it('imports one scan per date and lists each in the result', async () => {
    const result = await importLong(
      longTable([
        '2026-10-03,1,One,100',
        '2026-10-03,2,Two,200',
        '2026-10-04,1,One,150',
        '2026-10-04,2,Two,260',
      ]),
    );
    expect(result.scans).toEqual([
      expect.objectContaining({ status: 'imported', takenAt: day(3), takenAtSource: 'date-column', rows: 2 }),
      expect.objectContaining({ status: 'imported', takenAt: day(4), takenAtSource: 'date-column', rows: 2 }),
    ]);
    expect(result.scans[0]?.scanId).not.toBe(result.scans[1]?.scanId);
    const again = await importLong(
      longTable([
        '2026-10-03,1,One,100',
        '2026-10-03,2,Two,200',
        '2026-10-04,1,One,150',
        '2026-10-04,2,Two,260',
      ]),
    );
    expect(again.scans.map((scan) => scan.status)).toEqual(['already-imported', 'already-imported']);
  });

  it('refuses the whole file when one of its scans contradicts what is stored, storing none of the others', async () => {
    const before = await snapshot(db.db);
    const message = await refusal(() =>
      importLong(
        longTable([
          '2026-10-05,1,One,170',
          '2026-10-05,2,Two,280',
          '2026-10-04,1,One,151',
          '2026-10-04,2,Two,260',
        ]),
        'long-2.csv',
      ),
    );
    expect(message).toContain('long-2.csv: these governors are already in scan');
    expect(message).toContain('governor 1 ("One") has power 150 stored and 151 in this file');
    // The 5 October scan, read before the contradiction was found, is not stored either.
    expect(await snapshot(db.db)).toEqual(before);
  });
});
