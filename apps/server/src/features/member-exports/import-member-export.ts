import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  EXPORT_FIELDS,
  type ExportRow,
  readGameExportRows,
  recogniseGameExport,
} from '../../import/game-export.ts';
import { refuse } from '../../import/import-error.ts';
import { readTableOffThread } from '../../import/parse-off-thread.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { requireKingdom } from '../kingdoms/service.ts';

/**
 * Imports the game's member export as what it is: each member's activity between the file name's two dates, a
 * record of its own (member_exports, migration 0013), never a scan. The file is read in the reader process like a
 * scan (limits, refusals naming file, row and column); the same export imported again changes nothing; an export
 * overlapping another is stored beside it.
 */

export interface MemberExportResult {
  status: 'imported' | 'already-imported';
  exportId: number;
  fileName: string;
  /** 'YYYY-MM-DD', the dates the game exported it for. */
  from: string;
  to: string;
  members: number;
  /** 'english', 'vietnamese' (a header table) or 'position' (headers in a language not listed). */
  matchedBy: string;
}

const EXPECTED_NAME = 'kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx (the first and last day the game exported it for)';

export async function importMemberExport(
  db: Kysely<Database>,
  input: { kingdomKd: number; fileName: string; content: Buffer },
): Promise<MemberExportResult> {
  const { fileName } = input;
  const table = await readTableOffThread(input.content, fileName);
  const shape = recogniseGameExport(fileName, table);
  if (!shape) {
    throw refuse(
      fileName,
      `is not the game's member export: it has ${table.headers.filter(Boolean).length} columns where the export ` +
        `has ${EXPORT_FIELDS.length} (ID, Username, Power, Highest Power, T5 Deaths … T1 Deaths, Total Kill Points, ` +
        'T5 Kills … T1 Kills, Resources Gathered, Alliance Helps, in that order)',
    );
  }
  const dates = shape.dates;
  if (!dates || !isDay(dates.from) || !isDay(dates.to) || dates.from > dates.to) {
    throw refuse(
      fileName,
      `its dates cannot be read from its name: the game names its export ${EXPECTED_NAME}; ` +
        'rename the file to that form',
    );
  }
  const rows = readGameExportRows(table, fileName);
  if (rows.length === 0) throw refuse(fileName, 'has a header row but no member rows');
  const hash = contentHash(rows);

  return db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kingdomKd);
    const same = await trx
      .selectFrom('member_exports')
      .select('id')
      .where('kingdom_kd', '=', input.kingdomKd)
      .where('period_from', '=', dates.from)
      .where('period_to', '=', dates.to)
      .where('content_hash', '=', hash)
      .executeTakeFirst();
    const answer = {
      fileName,
      from: dates.from,
      to: dates.to,
      members: rows.length,
      matchedBy: shape.matchedBy,
    };
    if (same) return { status: 'already-imported' as const, exportId: same.id, ...answer };
    const stored = await trx
      .insertInto('member_exports')
      .values({
        kingdom_kd: input.kingdomKd,
        period_from: dates.from,
        period_to: dates.to,
        file_name: fileName,
        content_hash: hash,
        matched_by: shape.matchedBy,
        member_count: rows.length,
        imported_at: nowSeconds(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto('member_export_rows')
        .values(rows.slice(i, i + 200).map((row) => ({ ...storedRow(row), export_id: stored.id })))
        .execute();
    }
    return { status: 'imported' as const, exportId: stored.id, ...answer };
  });
}

function isDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
}

function storedRow(row: ExportRow) {
  const counts = Object.fromEntries(
    EXPORT_FIELDS.slice(2).map((field) => [field, row[field] as number | null]),
  ) as Record<(typeof EXPORT_FIELDS)[number], number | null>;
  return { ...counts, governor_id: row.governor_id, name: row.name };
}

/** The rows as read, in a stable form: the same members with the same numbers hash alike whatever the container. */
function contentHash(rows: readonly ExportRow[]): string {
  const sorted = [...rows].sort((a, b) => a.governor_id - b.governor_id);
  return createHash('sha256')
    .update(JSON.stringify(sorted.map((row) => EXPORT_FIELDS.map((field) => row[field]))))
    .digest('hex');
}

/** The answer in one sentence, the same for the CLI and an upload. */
export function memberExportSentence(result: MemberExportResult): string {
  const how =
    result.matchedBy === 'position'
      ? 'read by column position: headers in a language not listed'
      : `headers in ${result.matchedBy[0]!.toUpperCase()}${result.matchedBy.slice(1)}`;
  const what =
    result.status === 'imported'
      ? `Imported the activity of ${result.members} member${result.members === 1 ? '' : 's'} from ${result.from} to ${result.to} as member export ${result.exportId}`
      : `Already imported: this export of ${result.from} to ${result.to} is member export ${result.exportId}; nothing changed`;
  return `${result.fileName}: ${what} (${how}).`;
}

/** The audit of an export that was stored (not one already imported): who, which export, from where. */
export async function auditMemberExportImport(
  db: Kysely<Database>,
  userId: number | null,
  kingdomKd: number,
  result: MemberExportResult,
  via: 'cli' | 'upload' | 'upload-token',
): Promise<void> {
  await recordAudit(db, {
    userId,
    action: 'member-export.import',
    kingdomKd,
    after: { exportId: result.exportId, from: result.from, to: result.to, members: result.members, via },
  });
}
