import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseScanFileOffThread } from '../../import/parse-off-thread.ts';
import type { ParsedFile } from '../../import/parsed-file.ts';
import { nowSeconds } from '../../time.ts';
import type { GovernorStatRow } from '../scans/scan-store.ts';
import { upsertSuggestions } from './store.ts';

/**
 * Farm links suggested by a Hero Scrolls `Rolled Up` sheet (docs/farms.md). Its `Governor Type` column says
 * `Primary` for a main account registered with the tracker and `Farms` for a farm, and the sheet lists each main's
 * farms right under it (in all nine real files the farm `ˢᵖFateRyoshu` follows `ˢᵖ Fateフェイト`, whatever their
 * powers): a `Farms` row belongs to the nearest `Primary` row above it. Rows with no type are not registered and
 * end a main's group.
 */

const ROLLED_UP_FORMAT = 'hero-scrolls-rolled-up';
const ROLLED_UP_SHEET = /^rolled up/i;

export interface SuggestedLink {
  farmId: number;
  farmName: string;
  mainId: number;
  mainName: string;
}

/** The links a Rolled Up sheet's rows (in the sheet's order) suggest. */
export function suggestLinksFromRows(rows: readonly GovernorStatRow[]): SuggestedLink[] {
  const links: SuggestedLink[] = [];
  let main: { id: number; name: string } | null = null;
  for (const row of rows) {
    const type = governorType(row);
    if (type === 'primary') {
      main = { id: Number(row.governor_id), name: row.name };
    } else if (type === 'farms' && main && Number(row.governor_id) !== main.id) {
      links.push({
        farmId: Number(row.governor_id),
        farmName: row.name,
        mainId: main.id,
        mainName: main.name,
      });
    } else if (type === null) {
      main = null;
    }
  }
  return links;
}

function governorType(row: GovernorStatRow): 'primary' | 'farms' | 'other' | null {
  if (!row.extra_json) return null;
  let type: unknown;
  try {
    type = (JSON.parse(row.extra_json) as { governor_type?: unknown }).governor_type;
  } catch {
    return null;
  }
  if (typeof type !== 'string' || type.trim() === '') return null;
  const word = type.trim().toLowerCase();
  return word === 'primary' ? 'primary' : word === 'farms' || word === 'farm' ? 'farms' : 'other';
}

/**
 * After an import: stores the suggestions of the file's Rolled Up sheet. A file imported with the rolled-up option
 * gives its rows; a Hero Scrolls file imported from its data sheet (the usual way) names its Rolled Up sheet among
 * the skipped ones, and that sheet alone is read again for this. Answers how many links the sheet suggests.
 */
export async function storeRolledUpSuggestions(
  db: Kysely<Database>,
  kd: number,
  parsed: ParsedFile,
  content: Buffer,
): Promise<number> {
  let rows = parsed.scans.find((scan) => scan.sourceFormat === ROLLED_UP_FORMAT)?.rows;
  if (!rows && parsed.skippedSheets.some((sheet) => ROLLED_UP_SHEET.test(sheet.name))) {
    const rolledUp = await parseScanFileOffThread(content, parsed.fileName, { rolledUp: true });
    rows = rolledUp.scans.find((scan) => scan.sourceFormat === ROLLED_UP_FORMAT)?.rows;
  }
  if (!rows) return 0;
  const links = suggestLinksFromRows(rows);
  await upsertSuggestions(
    db,
    kd,
    links.map((link) => ({ ...link, fileName: parsed.fileName })),
    nowSeconds(),
  );
  return links.length;
}
