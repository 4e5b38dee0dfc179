import {
  correctionsCsvResponseSchema,
  errorBodySchema,
  type ReviewFlag,
  reviewCorrectionsResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGS_CSV_HEADERS, flagsToCsv, parseCorrectionsCsv } from '../../src/features/data-review/csv.ts';
import { bearer } from '../support/auth-world.ts';
import {
  asAdmin,
  createReviewWorld,
  dashboardValue,
  flagValue,
  type ReviewWorld,
  reviewUrl,
} from './review-support.ts';

const flag: ReviewFlag = {
  id: 7,
  scanId: 3,
  scanName: '2026-05-08',
  takenAt: 1_778_198_400,
  governorId: 101,
  governorName: '=HYPERLINK("x")',
  field: 't4_kills',
  check: 'digit_misread',
  reason: 'T4 kills went down from 4,777,297 to 4,177,297, "a 7 read as 1"',
  value: 4_177_297,
  suggested: 4_777_297,
  status: 'open',
  resolvedBy: null,
  resolvedAt: null,
  swapWith: null,
  context: {
    previous: { scanId: 2, scanName: 'a', takenAt: 1, value: 4_700_000 },
    current: { scanId: 3, scanName: 'b', takenAt: 2, value: 4_177_297 },
    next: null,
  },
};

describe('the review CSV, as text', () => {
  it('writes the five correction columns first, then the columns a person reads; names cannot run as formulas', () => {
    const text = flagsToCsv([flag]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, row] = text.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(FLAGS_CSV_HEADERS.join(','));
    expect(header?.startsWith('scan,governor_id,field,value,reason,')).toBe(true);
    expect(row).toContain('3,101,t4_kills,4177297,,4777297,4700000,,');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"T4 kills went down from 4,777,297 to 4,177,297, ""a 7 read as 1"""');
  });

  it('reads back what it wrote: an unedited download asks for its current values', () => {
    const rows = parseCorrectionsCsv(Buffer.from(flagsToCsv([flag])), 'review.csv');
    expect(rows).toEqual([
      { row: 2, scanId: 3, governorId: 101, field: 't4_kills', value: 4_177_297, reason: null },
    ]);
  });

  it('takes the five columns in any order, thousands separators in values, and skips rows left blank', () => {
    const rows = parseCorrectionsCsv(
      Buffer.from(
        'reason,value,field,governor_id,scan\nlost digit,"4,777,297",T4_KILLS,101,3\n,,power,102,3\n',
      ),
      'c.csv',
    );
    expect(rows).toEqual([
      { row: 2, scanId: 3, governorId: 101, field: 't4_kills', value: 4_777_297, reason: 'lost digit' },
    ]);
  });

  it.each([
    ['scan,governor_id,field\n3,101,power\n', /no "value" column/],
    ['scan,governor_id,field,value\nx,101,power,5\n', /row 2, column "scan"/],
    ['scan,governor_id,field,value\n3,abc,power,5\n', /row 2, column "governor_id"/],
    ['scan,governor_id,field,value\n3,101,power,5\n3,101,name,5\n', /row 3, column "field"/],
    ['scan,governor_id,field,value\n3,101,power,-5\n', /row 2, column "value".*whole number/],
    ['scan,governor_id,field,value\n3,101,power,1.5\n', /row 2, column "value"/],
    ['scan,governor_id,field,value\n3,101,power,1000000000000000000\n', /row 2, column "value"/],
    [
      'scan,governor_id,field,value\n3,101,power,5\n3,101,power,6\n',
      /row 3, column "value".*same value as row 2/,
    ],
  ])('refuses %j naming the row and column', (text, message) => {
    expect(() => parseCorrectionsCsv(Buffer.from(text), 'c.csv')).toThrow(message);
    try {
      parseCorrectionsCsv(Buffer.from(text), 'c.csv');
    } catch (error) {
      expect((error as { code?: string }).code).toBe('IMPORT_REFUSED');
      expect((error as Error).message.startsWith('c.csv: ')).toBe(true);
    }
  });
});

describe('the review CSV through the API', () => {
  let r: ReviewWorld;

  beforeAll(async () => {
    r = await createReviewWorld();
    await flagValue(r.db, {
      scanId: r.scans[2]!,
      governorId: 101,
      field: 't4_kills',
      value: 4_850_000,
      suggested: 4_880_000,
    });
    await flagValue(r.db, {
      scanId: r.scans[1]!,
      governorId: 103,
      field: 'power',
      check: 'power_jump',
      value: 20_100_000,
    });
  });
  afterAll(() => r.t.close());

  const upload = (text: string, fileName = 'fixes.csv') =>
    r.t.app.inject({
      method: 'POST',
      url: reviewUrl(r, `/corrections.csv?fileName=${fileName}`),
      headers: { ...bearer(r.admin), 'content-type': 'text/csv' },
      payload: Buffer.from(text),
    });
  const activeCorrections = async () =>
    reviewCorrectionsResponseSchema.parse((await asAdmin(r, 'GET', '/corrections?state=active')).json())
      .total;

  it('round trip: download the open flags, edit a value, upload: only that value is corrected', async () => {
    const download = await asAdmin(r, 'GET', '/flags.csv');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="review-2101-open\.csv"/);
    const lines = download.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const edited = lines
      .map((line) =>
        line.startsWith(`${r.scans[2]},101,t4_kills,4850000,`)
          ? line.replace(
              `${r.scans[2]},101,t4_kills,4850000,`,
              `${r.scans[2]},101,t4_kills,4880000,from the screenshot`,
            )
          : line,
      )
      .join('\r\n');
    expect(await dashboardValue(r, 101, 'T4 Kills')).toBe(150_000);
    const answer = await upload(edited);
    expect(answer.statusCode).toBe(200);
    expect(correctionsCsvResponseSchema.parse(answer.json())).toMatchObject({ applied: 1, unchanged: 1 });
    expect(await dashboardValue(r, 101, 'T4 Kills')).toBe(180_000);
    const list = reviewCorrectionsResponseSchema.parse((await asAdmin(r, 'GET', '/corrections')).json());
    expect(list.corrections[0]).toMatchObject({
      governorId: 101,
      field: 't4_kills',
      oldValue: 4_850_000,
      newValue: 4_880_000,
      reason: 'from the screenshot',
    });
  });

  it('all or nothing: a file with a good row and a governor without a row in the scan changes nothing', async () => {
    const before = await activeCorrections();
    const answer = await upload(
      `scan,governor_id,field,value,reason\n${r.scans[0]},102,power,30000001,ok\n${r.scans[0]},999,power,5,no such governor\n`,
    );
    expect(answer.statusCode).toBe(422);
    const error = errorBodySchema.parse(answer.json());
    expect(error.message).toMatch(
      /^fixes\.csv: row 3, column "governor_id": governor 999 has no row in scan/,
    );
    expect(await activeCorrections()).toBe(before);
    expect(await dashboardValue(r, 102, 'Start Power')).toBe(30_000_000);
  });

  it('refuses a scan of another kingdom, naming the column', async () => {
    const answer = await upload('scan,governor_id,field,value\n987654,101,power,5\n');
    expect(answer.statusCode).toBe(422);
    expect(errorBodySchema.parse(answer.json()).message).toMatch(
      /row 2, column "scan": kingdom 2101 has no scan 987654/,
    );
  });

  it('refuses an empty upload, and strangers before reading the file', async () => {
    expect((await upload('')).statusCode).toBe(400);
    const stranger = await r.t.app.inject({
      method: 'POST',
      url: reviewUrl(r, '/corrections.csv'),
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from('x'),
    });
    expect(stranger.statusCode).toBe(401);
    const other = await r.t.app.inject({
      method: 'POST',
      url: reviewUrl(r, '/corrections.csv'),
      headers: { ...bearer(r.world.otherAdmin), 'content-type': 'text/csv' },
      payload: Buffer.from('x'),
    });
    expect(other.statusCode).toBe(403);
  });
});
