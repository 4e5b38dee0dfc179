import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseRallyTime } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { quoteValue, refuse } from '../../import/import-error.ts';
import { readCsv } from '../../import/readers/csv.ts';
import { isBlankCell } from '../../import/readers/table.ts';
import { type RallyInput, type StoreRalliesResult, storeRallies } from '../rally/store.ts';

/**
 * Rally CSV (docs/import-formats.md, "Rally CSV"): one line per participant of a rally, or a line without participant
 * for a rally nobody joined. Columns are matched by name (case, spaces and `_` ignored), in any order.
 */

const COLUMNS = [
  'rally_id',
  'launched_at',
  'launcher_id',
  'launcher_name',
  'participant_id',
  'participant_name',
] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: readonly Column[] = ['rally_id', 'launched_at', 'launcher_id', 'launcher_name'];

const normalise = (header: string) =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const BY_NORMALISED = new Map<string, Column>(COLUMNS.map((c) => [normalise(c), c]));

const RALLY_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_NAME_LENGTH = 64;

export interface ParsedRallyFile {
  rallies: RallyInput[];
  /** Headers that name no rally column; their cells were not read. */
  ignoredColumns: string[];
}

interface Cell {
  text: string;
  header: string;
}

export function parseRallyCsv(content: Buffer, fileName: string): ParsedRallyFile {
  const table = readCsv(content, fileName);
  if (table.headers.length === 0) throw refuse(fileName, 'is empty');

  const index = new Map<Column, number>();
  const ignoredColumns: string[] = [];
  table.headers.forEach((header, i) => {
    const column = BY_NORMALISED.get(normalise(header));
    if (!column) {
      if (header !== '') ignoredColumns.push(header);
      return;
    }
    const earlier = index.get(column);
    if (earlier !== undefined) {
      throw refuse(
        fileName,
        `columns "${table.headers[earlier]}" and "${header}" are both ${column}; remove one`,
      );
    }
    index.set(column, i);
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0) {
    throw refuse(
      fileName,
      `has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length > 1 ? 's' : ''}; ` +
        `a rally CSV has the columns ${COLUMNS.join(', ')}`,
    );
  }
  if (index.has('participant_id') !== index.has('participant_name')) {
    const present = index.has('participant_id') ? 'participant_id' : 'participant_name';
    const absent = present === 'participant_id' ? 'participant_name' : 'participant_id';
    throw refuse(fileName, `has a "${present}" column but no "${absent}" column; give both or neither`);
  }
  if (table.rows.length === 0) throw refuse(fileName, 'has a header line but no rally lines');

  const rallies = new Map<string, RallyInput & { line: number; participantLines: Map<number, number> }>();
  for (const row of table.rows) {
    const line = row.number;
    const cell = (column: Column): Cell | null => {
      const i = index.get(column);
      if (i === undefined) return null;
      const value = row.cells[i];
      return { text: isBlankCell(value) ? '' : String(value).trim(), header: table.headers[i]! };
    };
    const fail = (c: Cell, problem: string) =>
      refuse(fileName, `line ${line}, column "${c.header}": ${problem}`);
    const required = (column: Column): Cell => {
      const c = cell(column)!;
      if (c.text === '') throw fail(c, 'is empty');
      return c;
    };
    const governorId = (c: Cell): number => {
      if (!/^\d{1,16}$/.test(c.text) || !Number.isSafeInteger(Number(c.text)) || Number(c.text) < 1) {
        throw fail(c, `${quoteValue(c.text)} is not a governor ID`);
      }
      return Number(c.text);
    };
    const name = (c: Cell): string => {
      if (c.text.length > MAX_NAME_LENGTH) throw fail(c, `is longer than ${MAX_NAME_LENGTH} characters`);
      return c.text;
    };

    const idCell = required('rally_id');
    if (!RALLY_ID.test(idCell.text)) {
      throw fail(
        idCell,
        `${quoteValue(idCell.text)} is not a rally ID (1 to 64 letters, digits, "-", "_", "." or ":")`,
      );
    }
    const timeCell = required('launched_at');
    const time = parseRallyTime(timeCell.text);
    if (!time.ok) throw fail(timeCell, time.problem);
    const launcherIdCell = required('launcher_id');
    const launcherId = governorId(launcherIdCell);
    const launcherNameCell = required('launcher_name');
    const launcherName = name(launcherNameCell);

    let rally = rallies.get(idCell.text);
    if (!rally) {
      rally = {
        rallyId: idCell.text,
        launchedAt: time.seconds,
        launcher: { id: launcherId, name: launcherName },
        participants: [],
        line,
        participantLines: new Map(),
      };
      rallies.set(idCell.text, rally);
    } else {
      const differs = (c: Cell, what: string) =>
        fail(c, `rally ${rally!.rallyId} has a different ${what} on line ${rally!.line}`);
      if (rally.launchedAt !== time.seconds) throw differs(timeCell, 'launch time');
      if (rally.launcher.id !== launcherId) throw differs(launcherIdCell, 'launcher');
      if (rally.launcher.name !== launcherName) throw differs(launcherNameCell, 'launcher name');
    }

    const participantIdCell = cell('participant_id');
    const participantNameCell = cell('participant_name');
    if (!participantIdCell || !participantNameCell) continue;
    if (participantIdCell.text === '' && participantNameCell.text === '') continue;
    if (participantIdCell.text === '')
      throw fail(participantIdCell, 'is empty while the participant has a name');
    if (participantNameCell.text === '')
      throw fail(participantNameCell, 'is empty while the participant has an ID');
    const participantId = governorId(participantIdCell);
    const earlier = rally.participantLines.get(participantId);
    if (earlier !== undefined) {
      throw fail(
        participantIdCell,
        `participant ${participantId} of rally ${rally.rallyId} is already on line ${earlier}`,
      );
    }
    rally.participantLines.set(participantId, line);
    // The launcher is counted as launching, not joining: a line naming them as participant adds nothing.
    if (participantId === launcherId) continue;
    (rally.participants as { id: number; name: string }[]).push({
      id: participantId,
      name: name(participantNameCell),
    });
  }
  return {
    rallies: [...rallies.values()].map(({ rallyId, launchedAt, launcher, participants }) => ({
      rallyId,
      launchedAt,
      launcher,
      participants,
    })),
    ignoredColumns,
  };
}

export interface RallyImportResult extends StoreRalliesResult {
  fileName: string;
  ignoredColumns: string[];
}

/** Imports a rally CSV into kingdom kd in one transaction; importing the same file again changes nothing. */
export async function importRallyFile(
  db: Kysely<Database>,
  input: { kingdomKd: number; filePath: string },
): Promise<RallyImportResult> {
  const fileName = basename(input.filePath);
  let content: Buffer;
  try {
    content = await readFile(input.filePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse(
      fileName,
      `cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? 'unknown error')})`,
    );
  }
  const parsed = parseRallyCsv(content, fileName);
  const stored = await storeRallies(db, input.kingdomKd, parsed.rallies);
  return { ...stored, fileName, ignoredColumns: parsed.ignoredColumns };
}
