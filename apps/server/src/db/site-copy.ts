import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { NOT_COPIED_TABLES, SITE_TABLES, type SiteTable } from './site-tables.ts';

type Row = Record<string, unknown>;
// Rows of any table, written through Kysely's query builder without its per-table types.
type AnyDatabase = Kysely<Record<string, Row>>;

export const DEFAULT_BATCH_ROWS = 5000;
/** Bound values per INSERT, under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_VALUES_PER_INSERT = 30_000;

export interface CopyOptions {
  /** Continue a copy that stopped: each table from the largest key already in the target. */
  resume?: boolean;
  batchRows?: number;
  onTable?: (table: string, copied: number) => void;
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceSha256: string;
  targetSha256: string;
  matches: boolean;
}

/**
 * Copies every table of the source site into the target: the target is migrated to the latest schema and must be
 * empty (unless resuming); tables go parents first, each in batches of whole first-key groups, one transaction a
 * batch, so a stopped copy leaves every table cut cleanly after its largest first key. Answers the rows per table.
 */
export async function copySite(
  source: DatabaseHandle,
  target: DatabaseHandle,
  options: CopyOptions = {},
): Promise<Map<string, number>> {
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  await migrateToLatest(source.db);
  await migrateToLatest(target.db);
  await assertTablesCovered(source);
  await assertTablesCovered(target);
  if (!options.resume) {
    const filled = await nonEmptyTables(target);
    if (filled.length > 0)
      throw new Error(
        `the target ${target.description} is not empty (rows in ${filled.join(', ')}): ` +
          'copy into an empty database, or add --resume to continue a copy that stopped',
      );
  }
  const copied = new Map<string, number>();
  for (const table of SITE_TABLES) {
    const rows = await copyTable(source, target, table, batchRows, options.resume === true);
    copied.set(table.name, rows);
    options.onTable?.(table.name, rows);
  }
  await restoreReviewRevisions(source, target, batchRows);
  if (target.dialect === 'postgres') await setSequencesPastIds(target.db);
  return copied;
}

async function copyTable(
  source: DatabaseHandle,
  target: DatabaseHandle,
  table: SiteTable,
  batchRows: number,
  resume: boolean,
): Promise<number> {
  let copied = 0;
  if (resume && (await countRows(target.db, table.name)) > 0) {
    // A whole table went in one transaction: any row means all of it is there.
    if (table.whole) return 0;
  }
  let after = resume ? await largestFirstKey(target.db, table) : undefined;
  for (;;) {
    const rows = await readBatch(source, table, after, table.whole ? undefined : batchRows);
    if (rows.length === 0) return copied;
    await target.db.transaction().execute(async (trx) => {
      await insertRows(trx as unknown as AnyDatabase, table.name, rows);
    });
    copied += rows.length;
    if (table.whole) return copied;
    after = rows[rows.length - 1]?.[firstKey(table)];
  }
}

async function insertRows(db: AnyDatabase, table: string, rows: Row[]): Promise<void> {
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const perInsert = Math.max(1, Math.floor(MAX_VALUES_PER_INSERT / columns));
  for (let i = 0; i < rows.length; i += perInsert) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perInsert))
      .execute();
  }
}

/**
 * The rows after `after` in the table's first key column, in key order: with `limit`, whole groups of first-key
 * values up to the one the limit-th row holds (a batch never splits a group, so a copy can stop between any two).
 */
async function readBatch(
  handle: DatabaseHandle,
  table: SiteTable,
  after: unknown,
  limit: number | undefined,
): Promise<Row[]> {
  const first = sql.ref(firstKey(table));
  const from = sql.table(table.name);
  const lower = after === undefined ? sql`1 = 1` : sql`${first} > ${after}`;
  let upper = sql`1 = 1`;
  if (limit !== undefined) {
    const { rows } = await sql<{ bound: unknown }>`
      select ${first} as bound from ${from} where ${lower} order by ${first} limit 1 offset ${limit - 1}
    `.execute(handle.db);
    if (rows[0]) upper = sql`${first} <= ${rows[0].bound}`;
  }
  const { rows } = await sql<Row>`
    select * from ${from} where ${lower} and ${upper} order by ${keyOrder(handle, table)}
  `.execute(handle.db);
  return rows;
}

/** The same order on both databases: text by bytes (PostgreSQL's "C" collation), NULLs first. */
function keyOrder(handle: DatabaseHandle, table: SiteTable) {
  return sql.join(
    table.key.map((column) => {
      const text = table.text?.includes(column) && handle.dialect === 'postgres' ? sql` collate "C"` : sql``;
      const nulls = table.nullable?.includes(column) ? sql` nulls first` : sql``;
      return sql`${sql.ref(column)}${text}${nulls}`;
    }),
  );
}

function firstKey(table: SiteTable): string {
  const column = table.key[0];
  if (!column) throw new Error(`${table.name} has no key`);
  return column;
}

async function largestFirstKey(db: Kysely<Database>, table: SiteTable): Promise<unknown> {
  const { rows } = await sql<{ largest: unknown }>`
    select max(${sql.ref(firstKey(table))}) as largest from ${sql.table(table.name)}
  `.execute(db);
  return rows[0]?.largest ?? undefined;
}

async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

async function nonEmptyTables(handle: DatabaseHandle): Promise<string[]> {
  const filled: string[] = [];
  for (const table of SITE_TABLES) if ((await countRows(handle.db, table.name)) > 0) filled.push(table.name);
  return filled;
}

/** The tables of the installation (without those a copy leaves out), as the database lists them. */
export async function installationTables(handle: DatabaseHandle): Promise<string[]> {
  const { rows } =
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
        `.execute(handle.db)
      : await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
        `.execute(handle.db);
  return rows.map((r) => r.name).filter((name) => !NOT_COPIED_TABLES.includes(name));
}

/** A table the copy does not know would be left behind: refuse rather than lose it. */
async function assertTablesCovered(handle: DatabaseHandle): Promise<void> {
  const known = new Set<string>(SITE_TABLES.map((t) => t.name));
  const unknown = (await installationTables(handle)).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new Error(
      `${handle.description} has tables the copy does not cover: ${unknown.join(', ')} (add them to db/site-tables.ts)`,
    );
}

/**
 * Copying value flags and corrections fires the triggers that count a scan's review changes (migration 0011), so
 * the target's scans.review_revision ends higher than the source's: set them back to the source's values.
 */
async function restoreReviewRevisions(
  source: DatabaseHandle,
  target: DatabaseHandle,
  batchRows: number,
): Promise<void> {
  let after = 0;
  for (;;) {
    const scans = await source.db
      .selectFrom('scans')
      .select(['id', 'review_revision'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchRows)
      .execute();
    if (scans.length === 0) return;
    await target.db.transaction().execute(async (trx) => {
      for (const scan of scans)
        await trx
          .updateTable('scans')
          .set({ review_revision: scan.review_revision })
          .where('id', '=', scan.id)
          .where('review_revision', '<>', scan.review_revision)
          .execute();
    });
    after = scans[scans.length - 1]?.id ?? after;
  }
}

/** Rows were written with their ids, which PostgreSQL's sequences did not hand out: the next id follows the largest. */
async function setSequencesPastIds(db: Kysely<Database>): Promise<void> {
  for (const table of SITE_TABLES.filter((t) => t.serial)) {
    await sql`
      select setval(pg_get_serial_sequence(${table.name}, 'id'),
                    coalesce((select max(id) from ${sql.table(table.name)}), 0) + 1, false)
    `.execute(db);
  }
}

/**
 * Per table: rows and a sha256 over every row in key order (a canonical JSON of each row: columns sorted by name),
 * computed in Node on both sides, so a match means the same values whatever the database.
 */
export async function verifySite(
  source: DatabaseHandle,
  target: DatabaseHandle,
  batchRows = DEFAULT_BATCH_ROWS,
): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of SITE_TABLES) {
    const [from, to] = await Promise.all([
      tableDigest(source, table, batchRows),
      tableDigest(target, table, batchRows),
    ]);
    checks.push({
      table: table.name,
      sourceRows: from.rows,
      targetRows: to.rows,
      sourceSha256: from.sha256,
      targetSha256: to.sha256,
      matches: from.rows === to.rows && from.sha256 === to.sha256,
    });
  }
  return checks;
}

async function tableDigest(
  handle: DatabaseHandle,
  table: SiteTable,
  batchRows: number,
): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  let after: unknown;
  for (;;) {
    const batch = await readBatch(handle, table, after, table.whole ? undefined : batchRows);
    for (const row of batch) hash.update(`${canonicalRow(row)}\n`);
    rows += batch.length;
    if (batch.length === 0 || table.whole) break;
    after = batch[batch.length - 1]?.[firstKey(table)];
  }
  return { rows, sha256: hash.digest('hex') };
}

function canonicalRow(row: Row): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((column) => [column, row[column]]),
  );
}
