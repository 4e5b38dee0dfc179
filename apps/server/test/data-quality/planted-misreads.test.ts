/**
 * Issue 35: what the product finds of misreads it did not choose. misread-generator.ts plants misreads of eight
 * kinds into the real series from a seed, by its own rules (it imports nothing from the checks); each series is
 * written out as scanner files and imported through the product's import, one file after another in time order,
 * on SQLite and PostgreSQL; the flags stored are read back. Recall per kind and precision are printed and held
 * to the targets below. Figures and what they mean: docs/data-quality.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import {
  cellKey,
  importSeries,
  type Measure,
  materialRecall,
  measure,
  precision,
  recall,
  table,
  total,
} from './corpus-measure.ts';
import { HERO_SCROLLS_FILES, ROKTRACKER_FILES, readSeries, type SeriesScan } from './corpus-series.ts';
import { PLANTED_KINDS, type PlantedKind, plantMisreads } from './misread-generator.ts';

/** Seeds and plants of each kind per seed: the 60 governors of the two RokTracker scans have room for fewer. */
const RUNS = {
  'Hero Scrolls': { seeds: [1, 2], perKind: 8 },
  RokTracker: { seeds: [1, 2, 3, 4, 5, 6], perKind: 3 },
} as const;

/**
 * The product's recall per kind (found / planted over the run's seeds), as the floor a change must not go under:
 * the figures after issue 36's order-free checks, spikes and zeros (issue 35's generator measured Hero Scrolls'
 * added digits at 8/16 and spikes at 12/16 before them). Issue 36's goal is every kind at 90 % or better: a
 * look-alike in a low digit stays within what the game allows, and is the kind still under it. jump_near_bound at 1
 * is what catches a wrong jump multiple or percentile (docs/data-quality.md).
 */
const RECALL_TARGETS: Record<string, Record<PlantedKind, number>> = {
  'Hero Scrolls': {
    digit_dropped: 1,
    digit_added: 15 / 16,
    look_alike: 13 / 16, // a look-alike in a low digit stays within what the game allows
    counter_lowered: 1,
    spike: 1,
    ids_swapped: 1,
    zero_row: 1,
    jump_near_bound: 1,
  },
  RokTracker: {
    digit_dropped: 1,
    digit_added: 1,
    look_alike: 8 / 18, // two scans: a look-alike in a low digit has no later value to stand out against
    counter_lowered: 1,
    spike: 0, // none planted: two scans have no scan after a spike
    ids_swapped: 1,
    zero_row: 1,
    jump_near_bound: 1,
  },
};
/**
 * Flags that find a plant, of all flags but those the untouched files have too. Hero Scrolls: the rows of two
 * swapped IDs are flagged again in the next scan (issue 36, item 5, closes those with the swap); 85 % before the
 * spike rule stopped flagging the right value after a spike as "went down".
 */
const PRECISION_TARGETS: Record<string, number> = { 'Hero Scrolls': 0.98, RokTracker: 1 };

/** Issue 36 item 6: of the misreads that move a value by 1 % or more (corpus-measure.ts isMaterial), every kind. */
const MATERIAL_RECALL_TARGET = 0.9;

/**
 * A scan imported after the later ones (a forgotten file), its plants only, per kind over scans 3, 5 and 7 of Hero
 * Scrolls: checked against the scans before and after it, and the next scan checked again.
 */
const INSERTED_SCANS = [3, 5, 7];
const INSERTED_PER_KIND = 4;
const INSERTED_RECALL_TARGETS: Record<PlantedKind, number> = {
  digit_dropped: 1,
  digit_added: 1, // the next scan bounds the value from above: an extra digit goes beyond it
  // A look-alike in a low digit stays between the neighbours. 9/12 before issue 36: the re-check of the scans on
  // both sides now keeps a flag only where it still holds against its own neighbours, and one such plant lost it.
  look_alike: 8 / 12,
  counter_lowered: 1,
  spike: 1,
  ids_swapped: 1,
  zero_row: 1,
  jump_near_bound: 1,
};
/** The rows of two swapped IDs are flagged again in the next scan, and one value beside a look-alike (4 flags). */
const INSERTED_PRECISION_TARGET = 0.985;

const heroScrolls = readSeries(HERO_SCROLLS_FILES);
const rokTracker = readSeries(ROKTRACKER_FILES);

describe.each([
  ['Hero Scrolls', heroScrolls, 3810],
  ['RokTracker', rokTracker, 3820],
] as const)('misreads planted in the %s series and imported', (name, clean, kd) => {
  let database: TestDatabase;
  let figures: Measure;
  let report: string;
  const planted: Record<PlantedKind, number>[] = [];
  const { seeds, perKind } = RUNS[name];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await addKingdom(db, { kd, code: `clean-${kd}` });
    const untouched = await importSeries(db, kd, clean);
    const cleanFlags = new Set(untouched.map((flag) => cellKey(flag.scanId, flag.governorId, flag.field)));
    const nextScanId = (scanId: number) => {
      const k = clean.findIndex((scan: SeriesScan) => scan.scanId === scanId);
      return clean[k + 1]?.scanId;
    };
    const measures: Measure[] = [];
    for (const seed of seeds) {
      const { series, plants } = plantMisreads(clean, seed, perKind);
      planted.push(
        Object.fromEntries(
          PLANTED_KINDS.map((kind) => [kind, plants.filter((plant) => plant.kind === kind).length]),
        ) as Record<PlantedKind, number>,
      );
      await addKingdom(db, { kd: kd + seed, code: `planted-${kd + seed}` });
      const flags = await importSeries(db, kd + seed, series);
      measures.push(measure(flags, plants, cleanFlags, nextScanId));
    }
    figures = total(measures);
    report = table(`${name}: seeds ${seeds.join(', ')}, ${perKind} plants of each kind per seed`, figures);
    console.log(report);
  }, 600_000);
  afterAll(() => database.drop());

  it('plants every kind the series has room for', () => {
    for (const counts of planted)
      for (const kind of PLANTED_KINDS) {
        // A spike needs a scan after it: the two-scan RokTracker series has none to come back in.
        const expected = kind === 'spike' && clean.length < 3 ? 0 : perKind;
        if (kind === 'jump_near_bound') {
          // Aimed at a narrow band, one per scan and counter: one short at most where the series is small.
          expect(counts[kind], `${kind}\n${report}`).toBeGreaterThanOrEqual(expected - 1);
          expect(counts[kind], `${kind}\n${report}`).toBeLessThanOrEqual(expected);
        } else
          expect(counts[kind], `${kind}\n${report}`).toBe(kind === 'ids_swapped' ? 2 * expected : expected);
      }
  });

  it.each(PLANTED_KINDS)('finds %s at its target recall or better', (kind) => {
    const target = RECALL_TARGETS[name]![kind];
    const found = recall(figures.kinds[kind]) ?? 0;
    expect(found, `${kind}: recall ${found}, target ${target}\n${report}`).toBeGreaterThanOrEqual(target);
    // Issue 36 item 6: every kind at 90 % or better where the misread moves a value by 1 % or more.
    const material = materialRecall(figures.kinds[kind]) ?? 1;
    expect(material, `${kind}: recall ≥ 1 % ${material}\n${report}`).toBeGreaterThanOrEqual(
      MATERIAL_RECALL_TARGET,
    );
  });

  it('flags values nobody planted no more than its precision target allows', () => {
    const target = PRECISION_TARGETS[name]!;
    const share = precision(figures) ?? 1;
    expect(share, `precision ${share}, target ${target}\n${report}`).toBeGreaterThanOrEqual(target);
  });
});

describe('misreads planted in a Hero Scrolls scan imported after the later ones', () => {
  let database: TestDatabase;
  let figures: Measure;
  let report: string;
  const kd = 3830;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const nextScanId = (scanId: number) => {
      const k = heroScrolls.findIndex((scan) => scan.scanId === scanId);
      return heroScrolls[k + 1]?.scanId;
    };
    // What is really wrong in the files: the untouched series imported in time order. Flags the order adds are
    // flags on right values, counted against precision.
    await addKingdom(db, { kd, code: `clean-${kd}` });
    const untouched = await importSeries(db, kd, heroScrolls);
    const cleanFlags = new Set(untouched.map((flag) => cellKey(flag.scanId, flag.governorId, flag.field)));
    const measures: Measure[] = [];
    for (const scanNumber of INSERTED_SCANS) {
      const index = scanNumber - 1;
      const order = [...heroScrolls.keys()].filter((i) => i !== index).concat(index);
      const { series, plants } = plantMisreads(heroScrolls, scanNumber, INSERTED_PER_KIND, {
        scans: [index],
      });
      await addKingdom(db, { kd: kd + 10 + scanNumber, code: `planted-${kd + 10 + scanNumber}` });
      const flags = await importSeries(db, kd + 10 + scanNumber, series, order);
      measures.push(measure(flags, plants, cleanFlags, nextScanId));
    }
    figures = total(measures);
    report = table(
      `Hero Scrolls, scans ${INSERTED_SCANS.join(', ')} imported last: ${INSERTED_PER_KIND} plants of each kind in each`,
      figures,
    );
    console.log(report);
  }, 600_000);
  afterAll(() => database.drop());

  it.each(PLANTED_KINDS)('finds %s at its target recall or better', (kind) => {
    const found = recall(figures.kinds[kind]) ?? 0;
    const target = INSERTED_RECALL_TARGETS[kind];
    expect(found, `${kind}: recall ${found}, target ${target}\n${report}`).toBeGreaterThanOrEqual(target);
    const material = materialRecall(figures.kinds[kind]) ?? 1;
    expect(material, `${kind}: recall ≥ 1 % ${material}\n${report}`).toBeGreaterThanOrEqual(
      MATERIAL_RECALL_TARGET,
    );
  });

  it('flags values nobody planted no more than its precision target allows', () => {
    const share = precision(figures) ?? 1;
    expect(
      share,
      `precision ${share}, target ${INSERTED_PRECISION_TARGET}\n${report}`,
    ).toBeGreaterThanOrEqual(INSERTED_PRECISION_TARGET);
  });
});
