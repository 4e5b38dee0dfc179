import { MAX_STORED_COUNT, parseScanValue } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { normaliseHeader } from '../../import/columns.ts';
import { describePlace, quoteValue, refuse } from '../../import/import-error.ts';
import { readTableOffThread } from '../../import/parse-off-thread.ts';
import type { RawTable } from '../../import/readers/table.ts';
import { nowSeconds } from '../../time.ts';

/**
 * Per-KvK uploads beside the scans: pre-KvK stage points and Hall of Heroes deaths. Both are small tables keyed by
 * governor ID, read with the scan import's readers (csv, xlsx, jsonl), matched by header name, checked completely,
 * then written in one transaction: a bad file changes nothing and says which row and column to fix.
 * Uploading again updates the governors in the file and keeps the others.
 */

export type Kind = 'id' | 'count' | 'text';

export interface ColumnSpec<F extends string> {
  field: F;
  kind: Kind;
  aliases: readonly string[];
}

export const GOVERNOR_ID_ALIASES = ['governor_id', 'Governor ID', 'Gov ID', 'ID', 'Governor'];

const PREKVK_COLUMNS = [
  { field: 'governor_id', kind: 'id', aliases: GOVERNOR_ID_ALIASES },
  { field: 'name', kind: 'text', aliases: ['name', 'Governor Name', 'Gov Name', 'Player'] },
  {
    field: 'stage1_points',
    kind: 'count',
    aliases: ['stage1_points', 'Stage 1', 'Stage I', 'Stage 1 Points'],
  },
  {
    field: 'stage2_points',
    kind: 'count',
    aliases: ['stage2_points', 'Stage 2', 'Stage II', 'Stage 2 Points'],
  },
  {
    field: 'stage3_points',
    kind: 'count',
    aliases: ['stage3_points', 'Stage 3', 'Stage III', 'Stage 3 Points'],
  },
] as const satisfies readonly ColumnSpec<string>[];

const HOH_COLUMNS = [
  { field: 'governor_id', kind: 'id', aliases: GOVERNOR_ID_ALIASES },
  {
    field: 't4_deaths',
    kind: 'count',
    aliases: ['t4_deaths', 'T4 Deaths', 'T4 Dead', 't4_dead', 'T4 Deads'],
  },
  {
    field: 't5_deaths',
    kind: 'count',
    aliases: ['t5_deaths', 'T5 Deaths', 'T5 Dead', 't5_dead', 'T5 Deads'],
  },
  { field: 'notes', kind: 'text', aliases: ['notes', 'Note', 'Comment'] },
] as const satisfies readonly ColumnSpec<string>[];

export type Cell = number | string | null;

export interface ReadResult<F extends string> {
  /** The fields the file has a column for. */
  present: Set<F>;
  rows: { number: number; values: Partial<Record<F, Cell>> }[];
  /** Rows left out on purpose: a template's `Example: …` rows. */
  skipped: number;
  ignoredColumns: string[];
}

export interface KvkUploadResult {
  kvkNumber: number;
  rows: number;
  skipped: number;
  ignoredColumns: string[];
}

/**
 * A file's one table (read in a reader process, under the import limits) as rows of the specs' fields, checked
 * whole: a bad cell, a governor twice or a missing required column refuses the file naming its row and column.
 */
export async function readColumns<F extends string>(
  content: Buffer,
  fileName: string,
  specs: readonly ColumnSpec<F>[],
  required: readonly F[],
  options: { sheet?: string } = {},
): Promise<ReadResult<F>> {
  const table: RawTable = await readTableOffThread(
    content,
    fileName,
    options.sheet ? { sheet: options.sheet } : {},
  );
  if (table.headers.length === 0) throw refuse(fileName, 'is empty: it has no header row');
  const byAlias = new Map<string, ColumnSpec<F>>();
  for (const spec of specs)
    for (const alias of [spec.field, ...spec.aliases]) byAlias.set(normaliseHeader(alias), spec);

  const columns: { index: number; header: string; spec: ColumnSpec<F> }[] = [];
  const ignoredColumns: string[] = [];
  table.headers.forEach((header, index) => {
    if (header === '') return;
    const spec = byAlias.get(normaliseHeader(header));
    if (!spec) {
      ignoredColumns.push(header);
      return;
    }
    const earlier = columns.find((c) => c.spec.field === spec.field);
    if (earlier)
      throw refuse(
        fileName,
        `columns "${earlier.header}" and "${header}" are both read as ${spec.field}; remove one`,
      );
    columns.push({ index, header, spec });
  });
  const present = new Set(columns.map((c) => c.spec.field));
  const missing = required.filter((field) => !present.has(field));
  if (missing.length > 0) {
    throw refuse(
      fileName,
      `its header (${table.rowWord} ${table.headerRowNumber}) has no ${missing.join(', ')} column; ` +
        `expected columns: ${specs.map((s) => s.field).join(', ')}`,
    );
  }

  const rows: ReadResult<F>['rows'] = [];
  const seen = new Map<number, number>();
  let skipped = 0;
  for (const row of table.rows) {
    const idColumn = columns.find((c) => c.spec.kind === 'id')!;
    const rawId = row.cells[idColumn.index];
    if (typeof rawId === 'string' && /^\s*example\b/i.test(rawId)) {
      skipped += 1;
      continue;
    }
    const values: Partial<Record<F, Cell>> = {};
    for (const column of columns) {
      const place = describePlace({ rowWord: table.rowWord, rowNumber: row.number, column: column.header });
      values[column.spec.field] = readCell(row.cells[column.index], column.spec.kind, fileName, place);
    }
    const id = values[idColumn.spec.field] as number;
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      throw refuse(
        fileName,
        `governor ${id} appears twice (${table.rowWord}s ${earlier} and ${row.number}); keep one`,
      );
    }
    seen.set(id, row.number);
    rows.push({ number: row.number, values });
  }
  if (rows.length === 0) {
    throw refuse(
      fileName,
      skipped > 0 ? 'has only example rows; add the governors below the header' : 'has no governor rows',
    );
  }
  return { present, rows, skipped, ignoredColumns };
}

function readCell(raw: unknown, kind: Kind, fileName: string, place: string): Cell {
  if (kind === 'text') {
    if (raw === null || raw === undefined) return null;
    const text = String(raw).trim();
    return text === '' ? null : text.slice(0, 500);
  }
  const value = parseScanValue(raw);
  if (value.kind === 'empty') {
    if (kind === 'id') throw refuse(fileName, `${place} is empty; every row needs a governor ID`);
    return null;
  }
  if (value.kind === 'invalid' || !Number.isInteger(value.value) || value.value < 0) {
    const what = kind === 'id' ? 'a governor ID' : 'a whole number, 0 or more';
    throw refuse(fileName, `${place} is ${quoteValue(raw)}, which is not ${what}`);
  }
  if (kind === 'id' && value.value === 0) throw refuse(fileName, `${place} is 0, which is not a governor ID`);
  // Past this, SQLite would keep an inexact float and PostgreSQL's bigint would refuse the whole upload (a 500).
  if (value.value > MAX_STORED_COUNT) {
    const what = kind === 'id' ? 'governor ID' : 'count';
    throw refuse(
      fileName,
      `${place} is ${quoteValue(raw)}, larger than the largest ${what} stored (${MAX_STORED_COUNT.toLocaleString('en-US')})`,
    );
  }
  return value.value;
}

export function assertKvkNumber(kvkNumber: number): void {
  if (!Number.isInteger(kvkNumber) || kvkNumber < 1)
    throw refuse('KvK', `number must be a positive whole number (got ${kvkNumber})`);
}

export const BATCH = 500;

/** Pre-KvK stage points: governor_id, name, stage1_points, stage2_points, stage3_points (stage columns optional). */
export async function importPrekvkPoints(
  db: Kysely<Database>,
  input: { kingdomKd: number; kvkNumber: number; fileName: string; content: Buffer },
  now = nowSeconds(),
): Promise<KvkUploadResult> {
  assertKvkNumber(input.kvkNumber);
  const read = await readColumns(input.content, input.fileName, PREKVK_COLUMNS, ['governor_id', 'name']);
  const stages = (['stage1_points', 'stage2_points', 'stage3_points'] as const).filter((s) =>
    read.present.has(s),
  );
  if (stages.length === 0) {
    throw refuse(input.fileName, 'has no stage1_points, stage2_points or stage3_points column');
  }
  for (const row of read.rows) {
    if (row.values.name === null) {
      throw refuse(input.fileName, `row ${row.number}, column "name" is empty; every governor needs a name`);
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < read.rows.length; start += BATCH) {
      const batch = read.rows.slice(start, start + BATCH).map(({ values }) => ({
        kingdom_kd: input.kingdomKd,
        kvk_number: input.kvkNumber,
        governor_id: values.governor_id as number,
        name: values.name as string,
        stage1_points: (values.stage1_points as number | null | undefined) ?? 0,
        stage2_points: (values.stage2_points as number | null | undefined) ?? 0,
        stage3_points: (values.stage3_points as number | null | undefined) ?? 0,
        updated_at: now,
      }));
      await trx
        .insertInto('prekvk_points')
        .values(batch)
        .onConflict((oc) =>
          oc.columns(['kingdom_kd', 'kvk_number', 'governor_id']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            updated_at: eb.ref('excluded.updated_at'),
            // A stage the file has no column for keeps what an earlier upload stored.
            ...Object.fromEntries(stages.map((stage) => [stage, eb.ref(`excluded.${stage}`)])),
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

/** Hall of Heroes deaths: governor_id, t4_deaths, t5_deaths, notes (the verified_deaths template). */
export async function importHohRecords(
  db: Kysely<Database>,
  input: { kingdomKd: number; kvkNumber: number; fileName: string; content: Buffer },
  now = nowSeconds(),
): Promise<KvkUploadResult> {
  assertKvkNumber(input.kvkNumber);
  const read = await readColumns(input.content, input.fileName, HOH_COLUMNS, ['governor_id']);
  if (!read.present.has('t4_deaths') && !read.present.has('t5_deaths')) {
    throw refuse(input.fileName, 'has no t4_deaths or t5_deaths column');
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < read.rows.length; start += BATCH) {
      const batch = read.rows.slice(start, start + BATCH).map(({ values }) => ({
        kingdom_kd: input.kingdomKd,
        kvk_number: input.kvkNumber,
        governor_id: values.governor_id as number,
        t4_dead: (values.t4_deaths as number | null | undefined) ?? null,
        t5_dead: (values.t5_deaths as number | null | undefined) ?? null,
        notes: (values.notes as string | null | undefined) ?? null,
        recorded_at: now,
      }));
      await trx
        .insertInto('hoh_records')
        .values(batch)
        .onConflict((oc) =>
          oc.columns(['kingdom_kd', 'kvk_number', 'governor_id']).doUpdateSet((eb) => ({
            t4_dead: eb.ref('excluded.t4_dead'),
            t5_dead: eb.ref('excluded.t5_dead'),
            notes: eb.ref('excluded.notes'),
            recorded_at: eb.ref('excluded.recorded_at'),
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
