import { countNoun, formatUtcMinute } from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ScanKind } from '../../db/schema.ts';
import { STORED_COLUMNS } from '../../import/columns.ts';
import { refuse } from '../../import/import-error.ts';
import { undoCorrectionsForComparison } from '../data-review/corrections-on-import.ts';
import {
  addScanRows,
  type GovernorStatRow,
  insertScan,
  relabelStoredScan,
  replaceScanRows,
  type StoredScan,
} from '../scans/scan-store.ts';

/**
 * Where one scan of a file goes (docs/import-formats.md, "Scans of a KvK map"). Maps are scanned kingdom by
 * kingdom, minutes or hours apart, often one file per home kingdom; the dashboard compares moments, so the files
 * of one moment make one scan:
 * 1. the scan the person names (joinScanId), if any;
 * 2. else the scan that already holds one of the file's home kingdoms at the file's time, or the scan at exactly
 *    that time — the file was imported before, or contradicts what is stored;
 * 3. else, unless a new scan is asked for, the nearest scan within MOMENT_WINDOW_SECONDS that holds none of the
 *    file's home kingdoms: the file's governors are added to it, and the scan keeps its time;
 * 4. else a new scan.
 * In the scan found, governors already stored with the same values change nothing ("already imported"); new ones
 * are added; a governor stored with other values refuses the file unless `replace`; a governor stored under another
 * home kingdom refuses it always.
 */
export const MOMENT_WINDOW_SECONDS = 3 * 60 * 60;

type Executor = Kysely<Database> | Transaction<Database>;

export interface ScanToPlace {
  kingdomKd: number;
  kind: ScanKind;
  /** The time the file states (or the person gave), unix seconds. */
  takenAt: number;
  /** The name a new scan gets. */
  name: string;
  sourceFormat: string;
  /** home_kd filled in. */
  rows: readonly GovernorStatRow[];
}

export interface PlacementOptions {
  replace: boolean;
  newScan: boolean;
  joinScanId?: number | undefined;
}

export type PlacementStatus = 'imported' | 'added' | 'replaced' | 'already-imported';

export interface Placement {
  status: PlacementStatus;
  scan: StoredScan;
}

export async function placeScan(
  db: Executor,
  fileName: string,
  part: ScanToPlace,
  options: PlacementOptions,
): Promise<Placement> {
  const homeKds = homeKdsOf(part.rows);
  const target = await findTarget(db, fileName, part, homeKds, options);
  if (!target) {
    const id = await insertScan(db, part);
    const { kingdomKd, kind, takenAt, name } = part;
    return { status: 'imported', scan: { id, kingdomKd, kind, takenAt, name } };
  }
  const comparison = await compareWithStored(db, target.id, part.rows);
  if (comparison.otherKingdom.length > 0) {
    throw refuse(fileName, otherKingdomMessage(comparison.otherKingdom, target));
  }
  if (options.replace) {
    // Something to replace: a governor with other values, or a stored governor of these kingdoms the file lacks.
    // Otherwise the file is placed as without the option (added, or already imported).
    const storedOfTheseKingdoms = await countRowsOfKingdoms(db, target.id, homeKds);
    const storedFromFile = part.rows.length - comparison.newRows.length;
    if (comparison.differing.length > 0 || storedOfTheseKingdoms !== storedFromFile) {
      await replaceScanRows(db, target, homeKds, part.rows, part.takenAt);
      // A scan that held only these kingdoms is now the file's own: it takes the file's name, as a new scan would.
      if ((await countRowsOfOtherKingdoms(db, target.id, homeKds)) === 0) {
        await relabelStoredScan(db, target.id, part.name, part.sourceFormat);
        return { status: 'replaced', scan: { ...target, name: part.name } };
      }
      return { status: 'replaced', scan: target };
    }
  }
  if (comparison.differing.length > 0) {
    throw refuse(fileName, contradictionMessage(comparison.differing, target));
  }
  if (comparison.newRows.length === 0) return { status: 'already-imported', scan: target };
  await addScanRows(db, target, comparison.newRows, part.takenAt);
  return { status: 'added', scan: target };
}

function homeKdsOf(rows: readonly GovernorStatRow[]): number[] {
  const kds = new Set<number>();
  for (const row of rows) if (row.home_kd != null) kds.add(row.home_kd);
  return [...kds].sort((a, b) => a - b);
}

async function findTarget(
  db: Executor,
  fileName: string,
  part: ScanToPlace,
  homeKds: readonly number[],
  options: PlacementOptions,
): Promise<StoredScan | undefined> {
  const scans = () =>
    db
      .selectFrom('scans')
      .select(['id', 'kingdom_kd', 'kind', 'taken_at', 'name'])
      .where('kingdom_kd', '=', part.kingdomKd)
      .where('kind', '=', part.kind);
  if (options.joinScanId !== undefined) {
    const named = await scans().where('id', '=', options.joinScanId).executeTakeFirst();
    if (!named) {
      throw refuse(
        fileName,
        `kingdom ${part.kingdomKd} has no ${part.kind} scan ${options.joinScanId} to add this file to`,
      );
    }
    return storedScan(named);
  }
  const sameMoment =
    homeKds.length === 0
      ? undefined
      : await scans()
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('scan_home_kds')
              .select('scan_id')
              .where('home_kd', 'in', [...homeKds])
              .where('taken_at', '=', part.takenAt),
          )
          .executeTakeFirst();
  const sameTime = sameMoment ?? (await scans().where('taken_at', '=', part.takenAt).executeTakeFirst());
  if (sameTime) return storedScan(sameTime);
  if (options.newScan) return undefined;
  const near = await scans()
    .where('taken_at', '>=', part.takenAt - MOMENT_WINDOW_SECONDS)
    .where('taken_at', '<=', part.takenAt + MOMENT_WINDOW_SECONDS)
    .execute();
  if (near.length === 0) return undefined;
  const holding = await db
    .selectFrom('scan_home_kds')
    .select('scan_id')
    .where(
      'scan_id',
      'in',
      near.map((scan) => scan.id),
    )
    .where('home_kd', 'in', homeKds.length > 0 ? [...homeKds] : [-1])
    .execute();
  const taken = new Set(holding.map((row) => Number(row.scan_id)));
  const open = near
    .filter((scan) => !taken.has(scan.id))
    .sort(
      (a, b) =>
        Math.abs(Number(a.taken_at) - part.takenAt) - Math.abs(Number(b.taken_at) - part.takenAt) ||
        Number(a.taken_at) - Number(b.taken_at),
    );
  return open[0] ? storedScan(open[0]) : undefined;
}

function storedScan(row: {
  id: number;
  kingdom_kd: number;
  kind: ScanKind;
  taken_at: number;
  name: string;
}): StoredScan {
  return {
    id: row.id,
    kingdomKd: row.kingdom_kd,
    kind: row.kind,
    takenAt: Number(row.taken_at),
    name: row.name,
  };
}

interface Difference {
  governorId: number;
  name: string;
  column: string;
  stored: unknown;
  inFile: unknown;
}

interface OtherKingdom {
  governorId: number;
  name: string;
  storedKd: number | null;
  fileKd: number | null;
}

interface Comparison {
  newRows: GovernorStatRow[];
  differing: Difference[];
  otherKingdom: OtherKingdom[];
}

/**
 * Fields compared between a file's row and the stored one: everything the import stores (the alias table's columns
 * and extra_json), but the key and the home kingdom, which placement checks on their own.
 */
const COMPARED_FIELDS: readonly (keyof GovernorStatRow)[] = [
  ...STORED_COLUMNS.map((column) => column.field).filter(
    (field) => field !== 'governor_id' && field !== 'home_kd',
  ),
  'extra_json',
];

// Well under both databases' limits on bound values in one statement.
const IDS_PER_LOOKUP = 1_000;
const EXAMPLES_NAMED = 3;

async function compareWithStored(
  db: Executor,
  scanId: number,
  rows: readonly GovernorStatRow[],
): Promise<Comparison> {
  const stored = new Map<number, Record<string, unknown>>();
  // Lookups by id rather than one read of the scan: a file joining a scan of other kingdoms finds none of its
  // governors there, and materialising rows is what costs (a whole 16,000-row scan: about 0.3 s on SQLite).
  for (let i = 0; i < rows.length; i += IDS_PER_LOOKUP) {
    const ids = rows.slice(i, i + IDS_PER_LOOKUP).map((row) => row.governor_id);
    const found = await db
      .selectFrom('governor_stats')
      .select(['governor_id', 'home_kd', ...COMPARED_FIELDS])
      .where('scan_id', '=', scanId)
      .where('governor_id', 'in', ids)
      .execute();
    for (const row of found) stored.set(Number(row.governor_id), row);
  }
  // The file is compared with what was imported: corrections made since are not differences (issue 12).
  await undoCorrectionsForComparison(
    db,
    scanId,
    stored,
    rows.map((row) => row.governor_id),
  );
  const comparison: Comparison = { newRows: [], differing: [], otherKingdom: [] };
  for (const row of rows) {
    const before = stored.get(row.governor_id);
    if (!before) {
      comparison.newRows.push(row);
      continue;
    }
    const storedKd = nullableNumber(before.home_kd);
    if (storedKd !== (row.home_kd ?? null)) {
      comparison.otherKingdom.push({
        governorId: row.governor_id,
        name: row.name,
        storedKd,
        fileKd: row.home_kd ?? null,
      });
      continue;
    }
    const column = COMPARED_FIELDS.find((field) => !sameValue(before[field], row[field]));
    if (column) {
      comparison.differing.push({
        governorId: row.governor_id,
        name: row.name,
        column,
        stored: before[column],
        inFile: row[column],
      });
    }
  }
  return comparison;
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** PostgreSQL's bigint may come back as text; an absent field is null in the database. */
function sameValue(stored: unknown, inFile: unknown): boolean {
  const a = stored ?? null;
  const b = inFile ?? null;
  if (a === null || b === null) return a === b;
  if (typeof b === 'number') return Number(a) === b;
  return String(a) === String(b);
}

async function countRowsOfOtherKingdoms(
  db: Executor,
  scanId: number,
  homeKds: readonly number[],
): Promise<number> {
  const { count } = await db
    .selectFrom('governor_stats')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('scan_id', '=', scanId)
    .where((eb) =>
      eb.or([eb('home_kd', 'is', null), eb('home_kd', 'not in', homeKds.length > 0 ? [...homeKds] : [-1])]),
    )
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function countRowsOfKingdoms(
  db: Executor,
  scanId: number,
  homeKds: readonly number[],
): Promise<number> {
  if (homeKds.length === 0) return 0;
  const { count } = await db
    .selectFrom('governor_stats')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('scan_id', '=', scanId)
    .where('home_kd', 'in', [...homeKds])
    .executeTakeFirstOrThrow();
  return Number(count);
}

function describeScan(scan: StoredScan): string {
  return `scan ${scan.id} "${scan.name}" (${formatUtcMinute(scan.takenAt)})`;
}

function otherKingdomMessage(found: readonly OtherKingdom[], scan: StoredScan): string {
  const examples = found
    .slice(0, EXAMPLES_NAMED)
    .map(
      (g) =>
        `governor ${g.governorId} ("${g.name}") is in kd ${g.fileKd ?? '?'} here and in kd ${g.storedKd ?? '?'}'s rows of that scan`,
    );
  const more =
    found.length > EXAMPLES_NAMED ? ` and ${countNoun(found.length - EXAMPLES_NAMED, 'more')}` : '';
  return (
    `${examples.join('; ')}${more} — ${describeScan(scan)}. A governor belongs to one kingdom at one moment, so ` +
    'nothing was imported: check the file’s home kingdom (--home-kd, or the upload’s home kingdom), or import it ' +
    'as a scan of its own (--new-scan).'
  );
}

function contradictionMessage(found: readonly Difference[], scan: StoredScan): string {
  const examples = found
    .slice(0, EXAMPLES_NAMED)
    .map(
      (d) =>
        `governor ${d.governorId} ("${d.name}") has ${d.column} ${formatValue(d.stored)} stored and ${formatValue(d.inFile)} in this file`,
    );
  const more =
    found.length > EXAMPLES_NAMED ? ` and ${countNoun(found.length - EXAMPLES_NAMED, 'more')}` : '';
  return (
    `these governors are already in ${describeScan(scan)} with other values: ${examples.join('; ')}${more}. ` +
    'Nothing was imported. To replace the stored values with this file’s, import it again with --replace (the ' +
    'upload’s "Replace").'
  );
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  return typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : String(value);
}
