import { createHash } from 'node:crypto';
import { formatUtcMinute } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { refuse } from '../../import/import-error.ts';
import { findScanTime, parseGivenTime } from '../../import/scan-time.ts';
import { nowSeconds } from '../../time.ts';
import { requireKingdom } from '../kingdoms/service.ts';
import {
  assertKvkNumber,
  BATCH,
  type ColumnSpec,
  GOVERNOR_ID_ALIASES,
  type KvkUploadResult,
  readColumns,
} from './import-kvk-tables.ts';

/**
 * A kingdom's other sheets (issue 37; migration 0021; docs/import-formats.md, "A kingdom's other sheets"): honor
 * points with IDs (per KvK, read by KvK DKP's Honor Points), a rally-fort tracker's counts (the rally page's
 * leaderboard) and the weekly alliance activity. Each is read by the per-KvK tables' reader (a reader process under
 * the import limits; every cell checked, refusals naming row and column), then written in one transaction.
 */

/** Names are stored as the scans store them: at most this many characters. */
const NAME_LENGTH = 64;

const NAME_ALIASES = ['name', 'Governor Name', 'Gov Name', 'Player', 'Player Name'];

const HONOR_COLUMNS = [
  { field: 'governor_id', kind: 'id', aliases: [...GOVERNOR_ID_ALIASES, 'GovernorID'] },
  { field: 'name', kind: 'text', aliases: NAME_ALIASES },
  {
    field: 'honor_points',
    kind: 'count',
    aliases: ['honor_points', 'Honor Points', 'Honor', 'Honour Points'],
  },
] as const satisfies readonly ColumnSpec<string>[];

/** Honor with IDs (sheet `honor`: GovernorID, Name, Honor Points) for one KvK; again updates the governors in it. */
export async function importHonorPoints(
  db: Kysely<Database>,
  input: { kingdomKd: number; kvkNumber: number; fileName: string; content: Buffer },
  now = nowSeconds(),
): Promise<KvkUploadResult> {
  assertKvkNumber(input.kvkNumber);
  const read = await readColumns(
    input.content,
    input.fileName,
    HONOR_COLUMNS,
    ['governor_id', 'honor_points'],
    { sheet: 'honor' },
  );
  for (const row of read.rows) {
    if (row.values.honor_points === null) {
      throw refuse(
        input.fileName,
        `row ${row.number}, column "Honor Points" is empty; give the governor's points`,
      );
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < read.rows.length; start += BATCH) {
      const batch = read.rows.slice(start, start + BATCH).map(({ values }) => ({
        kingdom_kd: input.kingdomKd,
        kvk_number: input.kvkNumber,
        governor_id: values.governor_id as number,
        name: nameOf(values.name),
        honor_points: values.honor_points as number,
        updated_at: now,
      }));
      await trx
        .insertInto('kvk_honor_points')
        .values(batch)
        .onConflict((oc) =>
          oc.columns(['kingdom_kd', 'kvk_number', 'governor_id']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            honor_points: eb.ref('excluded.honor_points'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  });
  return {
    kvkNumber: input.kvkNumber,
    rows: read.rows.length,
    skipped: read.skipped,
    ignoredColumns: read.ignoredColumns,
  };
}

function nameOf(cell: unknown): string {
  return typeof cell === 'string' ? cell.slice(0, NAME_LENGTH) : cell == null ? '' : String(cell);
}

/**
 * The time a tally or a week is of: the time given (`--at`, the upload's field), else a date in the file name, else
 * now.
 */
export function sheetTime(fileName: string, at: string | undefined, now: number): number {
  if (at !== undefined && at.trim() !== '') return parseGivenTime(at, fileName);
  return findScanTime({ fileName })?.takenAt ?? now;
}

const FORT_COLUMNS = [
  {
    field: 'governor_id',
    kind: 'id',
    aliases: [...GOVERNOR_ID_ALIASES, 'participant_id', 'Participant ID', 'GovernorID'],
  },
  { field: 'name', kind: 'text', aliases: [...NAME_ALIASES, 'participant_name', 'Participant Name'] },
  { field: 'total_rallies', kind: 'count', aliases: ['total rallies', 'Total Rallies', 'Rallies'] },
  { field: 'rallies_launched', kind: 'count', aliases: ['rallies launched', 'Launched'] },
  { field: 'rallies_joined', kind: 'count', aliases: ['rallies joined', 'Joined'] },
] as const satisfies readonly ColumnSpec<string>[];

export interface FortTallyResult {
  status: 'imported' | 'already-imported';
  countedAt: number;
  governors: number;
  ignoredColumns: string[];
}

/**
 * A rally-fort tracker's counts per governor (`participant_id` or `governor_id`, `participant_name`, `total rallies`,
 * `rallies launched`, `rallies joined`) as of one time: the rally page's leaderboard adds them to the rallies of a
 * period holding that time. The same tally again changes nothing; another tally of the same time replaces it.
 */
export async function importRallyForts(
  db: Kysely<Database>,
  input: { kingdomKd: number; fileName: string; content: Buffer; at?: string },
  now = nowSeconds(),
): Promise<FortTallyResult> {
  const countedAt = sheetTime(input.fileName, input.at, now);
  const read = await readColumns(input.content, input.fileName, FORT_COLUMNS, [
    'governor_id',
    'name',
    'total_rallies',
    'rallies_launched',
    'rallies_joined',
  ]);
  const rows = read.rows.map(({ number, values }) => {
    const count = (field: 'total_rallies' | 'rallies_launched' | 'rallies_joined') =>
      (values[field] as number | null) ?? 0;
    const row = {
      kingdom_kd: input.kingdomKd,
      counted_at: countedAt,
      governor_id: values.governor_id as number,
      name: nameOf(values.name),
      total_rallies: count('total_rallies'),
      rallies_launched: count('rallies_launched'),
      rallies_joined: count('rallies_joined'),
    };
    if (row.total_rallies !== row.rallies_launched + row.rallies_joined) {
      throw refuse(
        input.fileName,
        `row ${number}, column "total rallies" is ${row.total_rallies}, not rallies launched + rallies joined ` +
          `(${row.rallies_launched} + ${row.rallies_joined})`,
      );
    }
    return row;
  });
  const hash = createHash('sha256')
    .update(JSON.stringify(rows.map((r) => [r.governor_id, r.name, r.rallies_launched, r.rallies_joined])))
    .digest('hex');
  const result = { countedAt, governors: rows.length, ignoredColumns: read.ignoredColumns };
  return db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kingdomKd);
    const same = await trx
      .selectFrom('rally_fort_tallies')
      .select('counted_at')
      .where('kingdom_kd', '=', input.kingdomKd)
      .where('tally_hash', '=', hash)
      .executeTakeFirst();
    if (same) return { ...result, status: 'already-imported', countedAt: Number(same.counted_at) };
    await trx
      .deleteFrom('rally_fort_tallies')
      .where('kingdom_kd', '=', input.kingdomKd)
      .where('counted_at', '=', countedAt)
      .execute();
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('rally_fort_tallies')
        .values(
          rows
            .slice(start, start + BATCH)
            .map((row) => ({ ...row, tally_hash: hash, file_name: input.fileName, imported_at: now })),
        )
        .execute();
    }
    return { ...result, status: 'imported' };
  });
}

/** `forts.csv: 2 governors' rally-fort counts of 2026-11-20 00:00 UTC added to kingdom 3584's rally leaderboard.` */
export function fortTallySentence(fileName: string, kingdomKd: number, result: FortTallyResult): string {
  const governors = `${result.governors} governor${result.governors === 1 ? "'s" : "s'"}`;
  const when = formatUtcMinute(result.countedAt);
  return result.status === 'imported'
    ? `${fileName}: ${governors} rally-fort counts of ${when} added to kingdom ${kingdomKd}'s rally leaderboard.`
    : `${fileName}: Already imported: these rally-fort counts are stored as of ${when}; nothing changed.`;
}

const ACTIVITY_COLUMNS = [
  { field: 'governor_id', kind: 'id', aliases: [...GOVERNOR_ID_ALIASES, 'GovernorID'] },
  { field: 'name', kind: 'text', aliases: NAME_ALIASES },
  { field: 'alliance', kind: 'text', aliases: ['alliance', 'Alliance Tag', 'Tag'] },
  { field: 'power', kind: 'count', aliases: ['power'] },
  { field: 'kill_points', kind: 'count', aliases: ['Kill Points', 'Killpoints', 'KP'] },
  { field: 'help_times', kind: 'count', aliases: ['Help Times', 'Helps', 'Alliance Helps'] },
  { field: 'rss_trading', kind: 'count', aliases: ['Rss Trading', 'Resource Trading', 'Rss Trade'] },
  { field: 'building', kind: 'count', aliases: ['Building', 'Alliance Building'] },
  {
    field: 'tech_donation',
    kind: 'count',
    aliases: ['Tech Donation', 'Technology Donation', 'Tech Donations'],
  },
] as const satisfies readonly ColumnSpec<string>[];

export interface ActivityResult {
  /** YYYY-MM-DD: the Monday (UTC) of the week the sheet is of. */
  weekStart: string;
  governors: number;
  ignoredColumns: string[];
}

/** The Monday (UTC) of the week holding `seconds`, as YYYY-MM-DD. */
export function weekStartOf(seconds: number): string {
  const day = new Date(seconds * 1000);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday);
  return new Date(monday).toISOString().slice(0, 10);
}

/**
 * Weekly alliance activity (`GovernorID, Name, Alliance, Power, Kill Points, Help Times, Rss Trading, Building, Tech
 * Donation`) for the week holding `--at`, else a date in the file name, else now. Again for that week updates the
 * governors in it. A column the sheet lacks is unknown for its governors.
 */
export async function importAllianceActivity(
  db: Kysely<Database>,
  input: { kingdomKd: number; fileName: string; content: Buffer; at?: string },
  now = nowSeconds(),
): Promise<ActivityResult> {
  const weekStart = weekStartOf(sheetTime(input.fileName, input.at, now));
  const read = await readColumns(input.content, input.fileName, ACTIVITY_COLUMNS, ['governor_id', 'name']);
  const counts = ['power', 'kill_points', 'help_times', 'rss_trading', 'building', 'tech_donation'] as const;
  const rows = read.rows.map(({ values }) => ({
    kingdom_kd: input.kingdomKd,
    week_start: weekStart,
    governor_id: values.governor_id as number,
    name: nameOf(values.name),
    alliance: typeof values.alliance === 'string' ? values.alliance.slice(0, NAME_LENGTH) : null,
    ...Object.fromEntries(
      counts.map((field) => [field, (values[field] as number | null | undefined) ?? null]),
    ),
    updated_at: now,
  })) as Database['alliance_activity'][];
  await db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kingdomKd);
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('alliance_activity')
        .values(rows.slice(start, start + BATCH))
        .onConflict((oc) =>
          oc.columns(['kingdom_kd', 'week_start', 'governor_id']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            alliance: eb.ref('excluded.alliance'),
            ...Object.fromEntries(counts.map((field) => [field, eb.ref(`excluded.${field}`)])),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  });
  return { weekStart, governors: rows.length, ignoredColumns: read.ignoredColumns };
}

/** `activity.xlsx: weekly alliance activity of 2 governors for the week of 2026-11-16 saved to kingdom 3301.` */
export function activitySentence(fileName: string, kingdomKd: number, result: ActivityResult): string {
  const governors = `${result.governors} governor${result.governors === 1 ? '' : 's'}`;
  return `${fileName}: weekly alliance activity of ${governors} for the week of ${result.weekStart} saved to kingdom ${kingdomKd}.`;
}
