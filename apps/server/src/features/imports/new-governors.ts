import type { NewGovernorsDetail } from '@kingdom-stats/core/api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { GovernorStatRow } from '../scans/scan-store.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A file from elsewhere (issue 36 item 7; docs/import-formats.md, "A file from elsewhere"): a file with no kingdom
 * column of another kingdom entirely was imported as 248 governors of kingdom 3584 without a word. When more than
 * this share of a file's governors of the kingdom were never seen in any of its scans, and it has scans, the upload
 * and the CLI ask first. More than half: a kingdom's next scan shares most of its IDs with the scans before it (new
 * accounts and migrations are a few), while another kingdom's file shares none or nearly none.
 */
export const NEW_GOVERNORS_MAX_SHARE = 0.5;

const IDS_PER_LOOKUP = 1_000;

/**
 * The file's governors of the kingdom (rows whose home kingdom is it, the default for a file without a kingdom
 * column) that no scan of the kingdom holds, when they are more than NEW_GOVERNORS_MAX_SHARE of them; null otherwise
 * (and for a kingdom with no scans yet: every file of a new kingdom is new). The latest scan is read first: it holds
 * nearly every governor of a kingdom's file, and then nothing else is read.
 */
export async function mostlyNewGovernors(
  db: Executor,
  kingdomKd: number,
  fileName: string,
  rows: readonly GovernorStatRow[],
): Promise<NewGovernorsDetail | null> {
  const ids = new Set(rows.filter((row) => row.home_kd === kingdomKd).map((row) => row.governor_id));
  if (ids.size === 0) return null;
  const latest = await db
    .selectFrom('scans')
    .select('id')
    .where('kingdom_kd', '=', kingdomKd)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return null;
  const unseen = new Set(ids);
  const inLatest = await db
    .selectFrom('governor_stats')
    .select('governor_id')
    .where('scan_id', '=', latest.id)
    .execute();
  for (const row of inLatest) unseen.delete(Number(row.governor_id));
  const asks = () => unseen.size > ids.size * NEW_GOVERNORS_MAX_SHARE;
  const rest = [...unseen];
  for (let i = 0; i < rest.length && asks(); i += IDS_PER_LOOKUP) {
    const seen = await db
      .selectFrom('governor_stats as g')
      .innerJoin('scans as s', 's.id', 'g.scan_id')
      .select('g.governor_id')
      .distinct()
      .where('s.kingdom_kd', '=', kingdomKd)
      .where('g.governor_id', 'in', rest.slice(i, i + IDS_PER_LOOKUP))
      .execute();
    for (const row of seen) unseen.delete(Number(row.governor_id));
  }
  return asks() ? { fileName, kingdom: kingdomKd, unseen: unseen.size, total: ids.size } : null;
}

/** "248 of 248 governors (100 %) were never seen in kingdom 3584". */
export function newGovernorsShare(detail: NewGovernorsDetail): string {
  const percent = Math.round((detail.unseen / detail.total) * 100);
  return `${detail.unseen.toLocaleString('en-US')} of ${detail.total.toLocaleString('en-US')} governors (${percent} %) were never seen in kingdom ${detail.kingdom}`;
}

/** The upload's refusal: a distinct code the page turns into a question, with the share in words and as data. */
export function newGovernorsRefusal(detail: NewGovernorsDetail, howToGoAhead: string): AppError {
  return new AppError(
    'NEW_GOVERNORS',
    `${detail.fileName}: ${newGovernorsShare(detail)}. Is it this kingdom's file? ${howToGoAhead}`,
    undefined,
    detail,
  );
}
