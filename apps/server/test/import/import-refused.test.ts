import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import {
  addTestKingdom,
  ROKTRACKER,
  ROKTRACKER_END,
  ROKTRACKER_START_XLSX,
  refusal,
  snapshot,
} from './import-support.ts';

const KD = 1234;
const BAD = resolve(ROKTRACKER, 'bad');

// Every file in fixtures/scans/roktracker/bad/, and what its message must say beyond the file's name.
const BAD_FILES: ReadonlyArray<[file: string, says: RegExp]> = [
  [
    'duplicate-ids.csv',
    /rows 4 and 7 both have governor ID 40015838 with different values \(first difference: column "Deads"/,
  ],
  ['empty.csv', /is empty/],
  ['header-only.csv', /has a header row but no governor rows/],
  ['no-id-column.csv', /has no governor ID column.*"Governor ID"/],
  ['not-a-spreadsheet.xlsx', /is not a readable xlsx file/],
  ['text-in-number.csv', /row 5, column "Power": "lots" is not a number/],
];

describe.each([
  ['an empty database', false],
  ['a database with scans', true],
])('refused files leave %s unchanged', (_label, withScans) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
    if (withScans) {
      await importScanFile(db.db, { kingdomKd: KD, filePath: resolve(ROKTRACKER, ROKTRACKER_START_XLSX) });
      await importScanFile(db.db, { kingdomKd: KD, filePath: resolve(ROKTRACKER, ROKTRACKER_END.csv) });
    }
  });
  afterAll(() => db.drop());

  it.each(BAD_FILES)('%s is refused with a message naming it', async (file, says) => {
    const before = await snapshot(db.db);
    expect(before.scans).toBe(withScans ? 2 : 0);
    // --at is given so that the file itself, not a missing time, is what gets refused.
    const message = await refusal(() =>
      importScanFile(db.db, { kingdomKd: KD, filePath: resolve(BAD, file), at: '2026-10-05T00:00:00Z' }),
    );
    expect(message.startsWith(`${file}: `)).toBe(true);
    expect(message).toMatch(says);
    expect(await snapshot(db.db)).toEqual(before);
  });

  it('covers every file in the bad folder', async () => {
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(BAD).sort()).toEqual(BAD_FILES.map(([file]) => file).sort());
  });

  it('refuses a file whose refusal comes late (last row) without writing any of it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-refused-'));
    try {
      const lines = ['ID,Name,Power'];
      for (let i = 1; i <= 1200; i++) lines.push(`${1000 + i},Gov ${i},${i * 1000}`);
      lines.push('9999,Last,12abc');
      const file = join(folder, 'late-error.csv');
      writeFileSync(file, lines.join('\n'));
      const before = await snapshot(db.db);
      const message = await refusal(() =>
        importScanFile(db.db, { kingdomKd: KD, filePath: file, at: '2026-11-01T00:00:00Z' }),
      );
      expect(message).toBe('late-error.csv: row 1202, column "Power": "12abc" is not a number');
      expect(await snapshot(db.db)).toEqual(before);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('refusals that need no bad fixture', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await addTestKingdom(db.db, KD);
  });
  afterAll(() => db.drop());

  it('refuses a file without any scan time, saying how to give one', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-time-'));
    try {
      const file = join(folder, 'my-scan.csv');
      writeFileSync(file, 'ID,Name,Power\n1,A,100\n');
      const message = await refusal(() => importScanFile(db.db, { kingdomKd: KD, filePath: file }));
      expect(message).toBe(
        "my-scan.csv: no scan time found in the file; give one with --at 2026-10-01T12:00:00Z (or in the upload's " +
          'time field)',
      );
      const given = await importScanFile(db.db, {
        kingdomKd: KD,
        filePath: file,
        at: '2026-10-03T08:30:00Z',
      });
      expect(given.scans[0]).toMatchObject({
        status: 'imported',
        takenAt: Date.UTC(2026, 9, 3, 8, 30) / 1000,
        name: 'my-scan',
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a bad --at with an example, before reading the file', async () => {
    const before = await snapshot(db.db);
    for (const at of ['yesterday', '2026-13-01', '2026-02-30T10:00:00Z', '2026-10-01T25:00']) {
      const message = await refusal(() =>
        importScanFile(db.db, { kingdomKd: KD, filePath: resolve(ROKTRACKER, ROKTRACKER_END.csv), at }),
      );
      expect(message).toContain(`the scan time "${at}" is not a date and time`);
      expect(message).toContain('--at 2026-10-01T12:00:00Z');
    }
    expect(await snapshot(db.db)).toEqual(before);
  });

  it('refuses a missing file', async () => {
    const message = await refusal(() =>
      importScanFile(db.db, { kingdomKd: KD, filePath: join(BAD, 'nope.csv') }),
    );
    expect(message).toBe('nope.csv: cannot be read (no such file)');
  });

  it('answers NOT_FOUND for a kingdom that does not exist, writing nothing', async () => {
    const before = await snapshot(db.db);
    const message = await refusal(
      () => importScanFile(db.db, { kingdomKd: 4321, filePath: resolve(ROKTRACKER, ROKTRACKER_END.csv) }),
      'NOT_FOUND',
    );
    expect(message).toBe('Kingdom 4321 does not exist. Add it first in Kingdom Management.');
    expect(await snapshot(db.db)).toEqual(before);
  });

  it('refuses --rolled-up on a file without a Rolled Up sheet', async () => {
    const message = await refusal(() =>
      importScanFile(db.db, {
        kingdomKd: KD,
        filePath: resolve(ROKTRACKER, ROKTRACKER_START_XLSX),
        rolledUp: true,
      }),
    );
    expect(message).toMatch(/has no "Rolled Up" sheet \(it has "2026-10-01"\)/);
  });
});
