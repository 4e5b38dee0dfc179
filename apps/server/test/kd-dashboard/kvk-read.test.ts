import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PeriodStat, selectPeriodStats } from '../../src/features/dashboard/queries.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { readKvkSpans } from '../../src/features/kd-dashboard/kvk-read.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { type ScanInfo, selectKingdomScans } from '../../src/features/scans/kingdom-scans.ts';
import { utc } from '../import/import-support.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/**
 * The KD DKP computation reads the season and its wars in one statement for the governors their tables can hold
 * (readKvkSpans), and keeps a span's own governors from that read (docs/governor.md, "A war's own table"). For every
 * span of scans, and spans asked together, that must give exactly the rows of the dashboard's plain read of the
 * span's own governors (home kd the kingdom's or unknown at their last scan of the span): governors who migrate out
 * and in, leave and come back (as the kingdom's or another's), and whose home kd is unknown in some scans.
 */

const KD = 1001;
const OTHER = 1002;
const DAYS = ['03-01', '03-03', '03-05', '03-07', '03-09', '03-11', '03-13'];
const TIMES = DAYS.map((d) => utc(`2026-${d} 00:00`));
/** [id, home kd per scan: a kd, '?' (in the scan, home kd unknown: stored null) or null (not in the scan)]. */
const GOVERNORS: [number, (number | '?' | null)[]][] = [
  [101, [KD, KD, KD, KD, KD, KD, KD]],
  [102, [KD, KD, KD, OTHER, OTHER, OTHER, OTHER]], // migrates out
  [103, [OTHER, OTHER, OTHER, OTHER, KD, KD, KD]], // migrates in
  [104, [KD, KD, null, null, null, OTHER, OTHER]], // leaves, comes back as another kingdom's
  [105, [OTHER, OTHER, OTHER, OTHER, OTHER, OTHER, OTHER]], // never the kingdom's
  [106, [KD, KD, KD, KD, null, null, null]], // leaves for good
  [107, [KD, null, KD, null, KD, KD, null]], // in and out, the kingdom's each time
  [108, ['?', '?', KD, KD, '?', '?', '?']], // home kd unknown at the end
  [109, [OTHER, '?', OTHER, null, null, '?', OTHER]], // unknown in the middle, another kingdom's at the end
  [110, [null, null, null, KD, KD, null, null]], // arrives, then leaves
  [111, [null, OTHER, OTHER, KD, null, KD, KD]], // arrives as another's, migrates in, leaves and returns
];

function scanCsv(index: number): string {
  const lines = ['governor_id,name,home_kd,power,kill_points,t4_kills,t5_kills,dead'];
  for (const [id, homes] of GOVERNORS) {
    const home = homes[index];
    if (home === null || home === undefined) continue;
    const step = (id % 5) + 1;
    lines.push(
      [
        id,
        `Gov ${id}`,
        home === '?' ? KD : home,
        40_000_000 + id * 1000 * index,
        step * 5000 * index,
        step * 1000 * index,
        step * 300 * index,
        id * index,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const byId = (stats: readonly PeriodStat[]) => [...stats].sort((a, b) => a.governorId - b.governorId);
const isOwn = (stat: PeriodStat) => stat.homeKd === KD || stat.homeKd === null;

describe('the KD DKP read of a KvK’s spans (readKvkSpans)', () => {
  let t: TestDatabase;
  let scans: ScanInfo[];
  /** Every span of two or more consecutive kingdom scans. */
  const spans: ScanInfo[][] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    await addKingdom(t.db, { kd: KD, code: 'code-1001' });
    for (const [i, at] of TIMES.entries()) {
      await importScanFile(t.db, {
        kingdomKd: KD,
        filePath: `kd${KD}-s${i + 1}.csv`,
        content: Buffer.from(scanCsv(i)),
        at: new Date(at * 1000).toISOString(),
      });
    }
    scans = (await selectKingdomScans(t.db, KD)).filter((scan) => scan.kind === 'kingdom');
    // An import fills a missing home kd with the kingdom's; a stored unknown (rows kept from before that) is set here.
    for (const [id, homes] of GOVERNORS) {
      for (const [i, home] of homes.entries()) {
        if (home !== '?') continue;
        await t.db
          .updateTable('governor_stats')
          .set({ home_kd: null })
          .where('scan_id', '=', scans[i]!.id)
          .where('governor_id', '=', id)
          .execute();
      }
    }
    for (let a = 0; a < scans.length; a++) {
      for (let b = a + 1; b < scans.length; b++) spans.push(scans.slice(a, b + 1));
    }
  });
  afterAll(() => t?.drop());

  it('gives every span’s own governors exactly the rows of a plain read', async () => {
    expect(scans).toHaveLength(TIMES.length);
    let owned = 0;
    for (const span of spans) {
      const label = `scans ${scans.indexOf(span[0]!) + 1}–${scans.indexOf(span.at(-1)!) + 1}`;
      const plain = await selectPeriodStats(t.db, KD, span, { homeKd: KD });
      const [read] = await readKvkSpans(t.db, KD, [span]);
      expect(byId(read!.filter(isOwn)), label).toEqual(byId(plain));
      owned += plain.length;
    }
    expect(owned).toBeGreaterThan(spans.length);
  });

  it('read for a season and its wars at once, gives each its own governors and any other row as a plain read', async () => {
    // The season and two wars, as the KD DKP computation asks for them.
    const season = scans;
    const wars = [scans.slice(1, 3), scans.slice(3, 5)];
    const all = [season, ...wars];
    const reads = await readKvkSpans(t.db, KD, all);
    const candidates = new Set(reads.flatMap((read) => read.map((stat) => stat.governorId)));
    for (const [k, span] of all.entries()) {
      const plain = await selectPeriodStats(t.db, KD, span, { homeKd: KD });
      expect(byId(reads[k]!.filter(isOwn)), `span ${k}`).toEqual(byId(plain));
      // The rest of a span's read (another span's candidates) is what a read of those governors gives.
      const others = await selectPeriodStats(t.db, KD, span, { governorIds: [...candidates] });
      expect(byId(reads[k]!), `span ${k}, all candidates`).toEqual(byId(others));
    }
    // The cases are there: the season's own governors include an unknown home kd (108), and the first war's own
    // governors include one who migrated out later (102) and one who left during it (104).
    const seasonOwn = await selectPeriodStats(t.db, KD, season, { homeKd: KD });
    expect(byId(seasonOwn).map((s) => [s.governorId, s.homeKd])).toEqual([
      [101, KD],
      [103, KD],
      [106, KD],
      [107, KD],
      [108, null],
      [110, KD],
      [111, KD],
    ]);
    const warOwn = await selectPeriodStats(t.db, KD, wars[0]!, { homeKd: KD });
    expect(byId(warOwn).map((s) => s.governorId)).toEqual([101, 102, 104, 106, 107, 108]);
    // Never the kingdom's and never gone during a span: not read at all.
    expect(candidates.has(105)).toBe(false);
  });

  it('answers nothing for no spans', async () => {
    expect(await readKvkSpans(t.db, KD, [])).toEqual([]);
  });
});
