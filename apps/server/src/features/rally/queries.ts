import { type SecondsRange, searchLikePattern } from '@kingdom-stats/core';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface RankedParticipant {
  rank: number;
  governor_id: number;
  name: string;
  total_rallies: number;
  total_launched: number;
}

/**
 * Every rally of kingdom kd launched in the period, once per governor in it: the launcher (launched = 1) and each
 * governor who joined (launched = 0). Launchers are never stored as participants, so a governor appears at most once
 * per rally and their count of rows is their total rallies.
 */
function periodEvents(kd: number, range: SecondsRange): RawBuilder<unknown> {
  return sql`
    select r.launcher_id as governor_id, r.launcher_name as name, r.launched_at as launched_at,
      r.rally_id as rally_id, 1 as launched
    from rallies r
    where r.kingdom_kd = ${kd} and r.launched_at >= ${range.start} and r.launched_at < ${range.end}
    union all
    select p.governor_id, p.governor_name, r.launched_at, r.rally_id, 0
    from rally_participants p
    join rallies r on r.kingdom_kd = p.kingdom_kd and r.rally_id = p.rally_id
    where r.kingdom_kd = ${kd} and r.launched_at >= ${range.start} and r.launched_at < ${range.end}`;
}

/**
 * A rally-fort tracker's counts (rally_fort_tallies, issue 37) counted in the period: one row per governor per tally,
 * with its rallies (launched + joined) and those it launched, beside the rallies stored one by one.
 */
function periodTallies(kd: number, range: SecondsRange): RawBuilder<unknown> {
  return sql`
    select governor_id, name, counted_at, total_rallies, rallies_launched
    from rally_fort_tallies
    where kingdom_kd = ${kd} and counted_at >= ${range.start} and counted_at < ${range.end}`;
}

/**
 * The period's ranking: total rallies descending, then name (case-insensitive, by code point in both dialects),
 * then governor ID. A governor's name is the one of their latest rally (or fort tally) in the period (governors
 * rename). A fort tally's counts add to the rallies stored one by one.
 */
function rankedParticipants(db: Executor, kd: number, range: SecondsRange): RawBuilder<unknown> {
  // PostgreSQL would otherwise order names by the database's locale, SQLite by code point.
  const byCodePoint = dialectOf(db as Kysely<Database>) === 'postgres' ? sql` collate "C"` : sql``;
  return sql`
    with events as (${periodEvents(kd, range)}),
    tallies as (${periodTallies(kd, range)}),
    named as (
      select governor_id, name, launched_at, rally_id, launched from events
      union all
      select governor_id, name, counted_at, '', 0 from tallies
    ),
    latest as (
      select governor_id, name,
        row_number() over (partition by governor_id order by launched_at desc, rally_id desc, launched desc) as recency
      from named
    ),
    counts as (
      select governor_id, 1 as rallies, launched from events
      union all
      select governor_id, total_rallies, rallies_launched from tallies
    ),
    totals as (
      select governor_id, sum(rallies) as total_rallies, sum(launched) as total_launched
      from counts group by governor_id
    ),
    ranked as (
      select t.governor_id, l.name, t.total_rallies, t.total_launched,
        row_number() over (order by t.total_rallies desc, lower(l.name)${byCodePoint}, t.governor_id) as rank
      from totals t join latest l on l.governor_id = t.governor_id and l.recency = 1
    )`;
}

function searchCondition(search: string | undefined): RawBuilder<unknown> {
  const pattern = searchLikePattern(search ?? '');
  if (pattern === null) return sql`1 = 1`;
  return sql`(lower(name) like ${pattern} escape '\\' or cast(governor_id as text) like ${pattern} escape '\\')`;
}

export async function findRankedParticipants(
  db: Executor,
  input: { kd: number; range: SecondsRange; search?: string | undefined; limit: number; offset: number },
): Promise<RankedParticipant[]> {
  const { rows } = await sql<RankedParticipant>`
    ${rankedParticipants(db, input.kd, input.range)}
    select rank, governor_id, name, total_rallies, total_launched
    from ranked
    where ${searchCondition(input.search)}
    order by rank
    limit ${input.limit} offset ${input.offset}`.execute(db);
  return rows.map((row) => ({
    rank: Number(row.rank),
    governor_id: Number(row.governor_id),
    name: row.name,
    total_rallies: Number(row.total_rallies),
    total_launched: Number(row.total_launched),
  }));
}

export async function countRankedParticipants(
  db: Executor,
  input: { kd: number; range: SecondsRange; search?: string | undefined },
): Promise<number> {
  const { rows } = await sql<{ matching: number }>`
    ${rankedParticipants(db, input.kd, input.range)}
    select count(*) as matching from ranked where ${searchCondition(input.search)}`.execute(db);
  return Number(rows[0]?.matching ?? 0);
}

/** The period's rallies (a fort tally's launched rallies counted too) and the governors in any. */
export async function periodTotals(
  db: Executor,
  kd: number,
  range: SecondsRange,
): Promise<{ rallies: number; participants: number }> {
  const { rows } = await sql<{ rallies: number; tallied: number | null; participants: number }>`
    select
      (select count(*) from rallies
        where kingdom_kd = ${kd} and launched_at >= ${range.start} and launched_at < ${range.end}) as rallies,
      (select sum(rallies_launched) from (${periodTallies(kd, range)}) tallies) as tallied,
      (select count(distinct governor_id) from (
        select governor_id from (${periodEvents(kd, range)}) events
        union all
        select governor_id from (${periodTallies(kd, range)}) tallies
      ) governors) as participants`.execute(db);
  return {
    rallies: Number(rows[0]?.rallies ?? 0) + Number(rows[0]?.tallied ?? 0),
    participants: Number(rows[0]?.participants ?? 0),
  };
}
