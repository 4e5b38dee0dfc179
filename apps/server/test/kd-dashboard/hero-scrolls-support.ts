import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { HERO_SCROLLS, utc } from '../import/import-support.ts';

/** The nine real Hero Scrolls scans of kingdom 3584 (fixtures/README.md), in time order. */
export const KD = 3584;
export const HERO_FILES = [
  'kingdom_scan_742871269048975389_1766002874_3851.xlsx',
  'kingdom_scan_baseline_data.xlsx',
  'kingdom_scan_scan_before_pass4.xlsx',
  'kingdom_scan_first_9_hours.xlsx',
  'kingdom_scan_after_first_24_hours.xlsx',
  'kingdom_scan_pass4_day_3_start.xlsx',
  'kingdom_scan_pass4_fight_ends.xlsx',
  'kingdom_scan_pass4_fight_ends_part2.xlsx',
  'kingdom_scan_703413897184673792_1768226060_7495.xlsx',
] as const;
/** The KvK these scans belong to. */
export const SEASON = {
  kvk_number: 1,
  open_time: utc('2025-12-17 00:00'),
  close_time: utc('2026-01-13 00:00'),
};

export interface SheetRow {
  power: number | null;
  t4: number | null;
  t5: number | null;
  dead: number | null;
  helps: number | null;
  acclaim: number | null;
}

/** A scan's governors read straight from the workbook's data sheet with exceljs (not with the server's readers). */
export async function readHeroSheet(file: string): Promise<Map<number, SheetRow>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(resolve(HERO_SCROLLS, file));
  const sheet = workbook.getWorksheet(String(KD))!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column ${name}`);
    return i;
  };
  const cols = {
    id: col('Governor ID'),
    power: col('Power'),
    t4: col('T4 Kills'),
    t5: col('T5 Kills'),
    dead: col('Deads'),
    helps: col('Helps Given'),
    acclaim: col('Acclaim'),
  };
  const num = (v: unknown): number | null => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(String(v).replace(/,/g, ''));
    return Number.isFinite(n) && n >= 0 ? n : null;
  };
  const rows = new Map<number, SheetRow>();
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const id = num(row.getCell(cols.id).value);
    if (id === null) return;
    rows.set(id, {
      power: num(row.getCell(cols.power).value),
      t4: num(row.getCell(cols.t4).value),
      t5: num(row.getCell(cols.t5).value),
      dead: num(row.getCell(cols.dead).value),
      helps: num(row.getCell(cols.helps).value),
      acclaim: num(row.getCell(cols.acclaim).value),
    });
  });
  return rows;
}

/** Imports the nine scans into kingdom 3584; answers each scan's name and time, in order. */
export async function importHeroScans(db: Kysely<Database>): Promise<{ name: string; takenAt: number }[]> {
  const scans = [];
  for (const file of HERO_FILES) {
    const result = (await importScanFile(db, { kingdomKd: KD, filePath: resolve(HERO_SCROLLS, file) }))
      .scans[0]!;
    scans.push({ name: result.name, takenAt: result.takenAt });
  }
  return scans;
}
