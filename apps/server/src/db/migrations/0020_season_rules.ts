import { type Kysely, sql } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * Rules belong to a season (issue 40 item 1, docs/dkp.md "Each season's rules"): a KvK season's formula, goals and
 * wars, one row per (kingdom, KvK number). `formulas` stays as the kingdom's default: the rules of a season that has
 * none of its own yet (a new season starts from the last rules saved for the current one), of the main dashboard and
 * of a kingdom without seasons.
 *
 * Every existing season gets today's single formula as its own rules, so nothing scores differently after this
 * migration: its formula and goals, and of its wars those inside the season's dates (the KvK DKP dashboard scored a
 * season with the wars that fall inside it). A kingdom that never saved a formula gets no rows (the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .createTable('season_rules')
      .addColumn('kingdom_kd', 'integer', (c) => c.notNull().references('kingdoms.kd').onDelete('cascade'))
      .addColumn('kvk_number', 'integer', (c) => c.notNull())
      .addColumn('stats_formula_json', 'text', (c) => c.notNull())
      .addColumn('goals_json', 'text', (c) => c.notNull())
      .addColumn('score_on', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('dead_on', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('kp_on', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wars_json', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('season_rules_pk', ['kingdom_kd', 'kvk_number'])
      .execute();
    const { rows } = await sql<CopiedRow>`
      select f.kingdom_kd, v.kvk_number, v.open_time, v.close_time, f.stats_formula_json, f.goals_json,
        f.score_on, f.dead_on, f.kp_on, f.wars_json, f.updated_at
      from formulas f join kvk_seasons v on v.kingdom_kd = f.kingdom_kd
    `.execute(db);
    for (const row of rows) {
      await sql`
        insert into season_rules (kingdom_kd, kvk_number, stats_formula_json, goals_json, score_on, dead_on, kp_on,
          wars_json, updated_at)
        values (${row.kingdom_kd}, ${row.kvk_number}, ${row.stats_formula_json}, ${row.goals_json}, ${row.score_on},
          ${row.dead_on}, ${row.kp_on},
          ${warsInside(row.wars_json, Number(row.open_time), Number(row.close_time))}, ${row.updated_at})
      `.execute(db);
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('season_rules').ifExists().execute();
}

interface CopiedRow {
  kingdom_kd: number;
  kvk_number: number;
  open_time: number | string;
  close_time: number | string;
  stats_formula_json: string;
  goals_json: string;
  score_on: number;
  dead_on: number;
  kp_on: number;
  wars_json: string | null;
  updated_at: number | string;
}

/**
 * The saved wars ({base, wars: [{before: {scan: time}, after: {scan: time}}]}) kept to those whose two scans lie in
 * [open, close]; written here, not imported, so that this migration never changes with the app's code.
 */
function warsInside(text: string | null, open: number, close: number): string | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const list = (parsed as { wars?: unknown } | null)?.wars;
  if (!Array.isArray(list)) return text;
  const timeOf = (side: unknown): number => Number(Object.values((side ?? {}) as object)[0]);
  const inside = (time: number) => Number.isFinite(time) && time >= open && time <= close;
  const wars = list.filter((war: { before?: unknown; after?: unknown } | null) => {
    return inside(timeOf(war?.before)) && inside(timeOf(war?.after));
  });
  const first = wars[0] as { before?: unknown } | undefined;
  return JSON.stringify({ base: first?.before ?? {}, wars });
}
