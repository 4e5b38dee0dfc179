import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { type GovernorStatRow, writeScanTotals } from '../../src/features/scans/scan-store.ts';
import { parseScanFile } from '../../src/import/parse-scan.ts';
import { ROKTRACKER, ROKTRACKER_END, ROKTRACKER_START_XLSX, utc } from '../import/import-support.ts';

/**
 * The RokTracker fixture pair as the dashboard tests use it: kingdom 1234's start (2026-10-01) and end (2026-10-10)
 * scans, with the governors spread over three home kds by id (the files have no kingdom column): id % 3 = 0 → 1234
 * (camp Alpha), 1 → 1235 (camp Beta), 2 → 1236 (no camp). Expected rows are computed here from the parsed files,
 * with the definitions of docs/dashboard.md written out independently of the server's code.
 */

export const KD = 1234;
export const CODE = 'code-1234';
export const START = utc('2026-10-01 00:00');
export const END = utc('2026-10-10 00:00');
export const START_FILE = resolve(ROKTRACKER, ROKTRACKER_START_XLSX);
export const END_FILE = resolve(ROKTRACKER, ROKTRACKER_END.csv);

export const ARAGORN = 40000000;
export const LEAVER = 40039595; // Zoë: in the start scan only
export const ARRIVAL = 49999999; // Migrant: in the end scan only
export const PLUS = 40055433; // +Plus: Power is -1 (unreadable) in the start scan
export const O_BRIEN = 40079190; // T5 Kills is -3 (NaN) in the end scan

export const CAMPS = { Alpha: [1234], Beta: [1235] } as const;

export function homeKdOf(governorId: number): number {
  return 1234 + (governorId % 3);
}

export function campOfKd(kd: number): string | null {
  if (kd === 1234) return 'Alpha';
  if (kd === 1235) return 'Beta';
  return null;
}

/**
 * Gives the imported rows the home kds above, as if the files had a kingdom column. Scans are immutable in the
 * product; this rewrites what the import derives from the rows too.
 */
export async function spreadHomeKds(db: Kysely<Database>): Promise<void> {
  const rows = await db.selectFrom('governor_stats').select(['scan_id', 'governor_id']).execute();
  for (const row of rows) {
    await db
      .updateTable('governor_stats')
      .set({ home_kd: homeKdOf(row.governor_id) })
      .where('scan_id', '=', row.scan_id)
      .where('governor_id', '=', row.governor_id)
      .execute();
  }
  for (const scanId of new Set(rows.map((row) => row.scan_id))) await writeScanTotals(db, scanId);
}

function parsedRows(file: string): Map<number, GovernorStatRow> {
  const [scan] = parseScanFile(readFileSync(file), file.split('/').at(-1)!).scans;
  return new Map(scan!.rows.map((row) => [row.governor_id, row]));
}

type Numeric = keyof GovernorStatRow;

const sub = (first: number | null | undefined, last: number | null | undefined) =>
  first === null || first === undefined || last === null || last === undefined ? null : last - first;

/** T4 × a + T5 × b, a single unknown tier counting 0, both unknown giving null. */
const pair = (t4: number | null, t5: number | null, a: number, b: number) =>
  t4 === null && t5 === null ? null : (t4 ?? 0) * a + (t5 ?? 0) * b;

export type ExpectedRow = Record<string, string | number | boolean | null>;

/** Every governor's expected player row for the period start → end (or a one-scan period). */
export function expectedRows(options: { only?: 'start' | 'end' } = {}): Map<number, ExpectedRow> {
  const start = options.only === 'end' ? new Map() : parsedRows(START_FILE);
  const end = options.only === 'start' ? new Map() : parsedRows(END_FILE);
  const periodStart = options.only === 'end' ? END : START;
  const periodEnd = options.only === 'start' ? START : END;
  const ids = new Set([...start.keys(), ...end.keys()]);
  const rows = new Map<number, ExpectedRow>();
  for (const id of ids) {
    const f: GovernorStatRow = start.get(id) ?? end.get(id)!;
    const l: GovernorStatRow = end.get(id) ?? start.get(id)!;
    const gain = (column: Numeric) => sub(f[column] as number | null, l[column] as number | null);
    const t4 = gain('t4_kills');
    const t5 = gain('t5_kills');
    const dead = gain('dead');
    const powerChange = gain('power');
    const startPower = f.power ?? null;
    const kill = pair(t4, t5, 1, 5);
    const death = pair(gain('t4_dead'), gain('t5_dead'), 1, 5);
    const heal = pair(gain('t4_healed'), gain('t5_healed'), 1, 5);
    const dkpParts = [
      t4 === null ? null : t4 * 10,
      t5 === null ? null : t5 * 20,
      dead === null ? null : dead * 15,
    ];
    const knownDkp = dkpParts.filter((part): part is number => part !== null);
    const kd = homeKdOf(id);
    rows.set(id, {
      'Gov ID': id,
      Name: l.name,
      Alliance: l.alliance ?? null,
      Camp: campOfKd(kd),
      KD: kd,
      'Start Power': startPower,
      'Power Change': powerChange,
      Power: l.power ?? null,
      'T4 Kills': t4,
      'T5 Kills': t5,
      'KP (T4+T5)': pair(t4, t5, 10, 20),
      Dead: dead,
      Healed: gain('healed'),
      DKP: knownDkp.length === 0 ? null : knownDkp.reduce((a, b) => a + b, 0),
      Evolution:
        startPower && powerChange !== null ? Math.round((powerChange / startPower) * 1000) / 10 : null,
      'Kill Points': kill,
      'Death Points': death,
      'Heal Points': heal,
      'Total Points': sumKnown([kill, death, heal]),
      'T1 Kills': gain('t1_kills'),
      'T2 Kills': gain('t2_kills'),
      'T3 Kills': gain('t3_kills'),
      'Kill Points Gained': gain('kill_points'),
      'Rss Gathered': gain('rss_gathered'),
      'Rss Assistance': gain('rss_assistance'),
      'Alliance Helps': gain('helps'),
      'First Scan': start.has(id) || options.only === 'end' ? periodStart : periodEnd,
      'Last Scan': end.has(id) || options.only === 'start' ? periodEnd : periodStart,
      'Full Period': (start.has(id) || options.only === 'end') && (end.has(id) || options.only === 'start'),
    });
  }
  return rows;
}

/** The end scan's rows (the latest scan: the diplomacy overview's source). */
export function endScanRows(): GovernorStatRow[] {
  return [...parsedRows(END_FILE).values()];
}

export const sortsParam = (sorts: { key: string; direction: 'asc' | 'desc'; priority: number }[]) =>
  encodeURIComponent(JSON.stringify(sorts));

/** GET the data call and answer the JSON body (and status). */
export async function getData(app: FastifyInstance, query = '', kd: number | string = KD, code = CODE) {
  const response = await app.inject(`/api/dashboard/${kd}/data/${code}${query ? `?${query}` : ''}`);
  return { status: response.statusCode, body: response.json() };
}

/** Sum of known values, null when none is known. */
export function sumKnown(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}
