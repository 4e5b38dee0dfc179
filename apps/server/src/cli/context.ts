import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Where a command writes: the process's stdout and stderr, or a test's buffers. */
export interface CliOutput {
  write(text: string): unknown;
  /** A terminal's width is what Commander wraps its help to; piped output is wrapped at 80 columns. */
  isTTY?: boolean;
  columns?: number;
}

/** Where a password or a confirmation is read from: a terminal is asked interactively, piped input is read. */
export type CliInput = NodeJS.ReadableStream & {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
};

/** Everything a command touches outside its own code, so that it can run in a process of its own or in a test's. */
export interface CliIo {
  stdin: CliInput;
  stdout: CliOutput;
  stderr: CliOutput;
  /** DATABASE_URL, PUBLIC_URL, PORT, DEMO_SECRET, INIT_CWD: the settings the commands read. */
  env: NodeJS.ProcessEnv;
  /** Where a relative file path is read from when INIT_CWD does not say. */
  cwd: string;
}

/** What the commands use: their settings, output, database and questions, all through one CliIo. */
export interface CliContext {
  readonly io: CliIo;
  readonly env: NodeJS.ProcessEnv;
  print(line?: string): void;
  printTable(headers: string[], rows: (string | number)[][]): void;
  /** Opens DATABASE_URL's database, migrated, for one command, and closes it afterwards whatever happens. */
  withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  /** A file path as the person typed it, resolved from where they typed it. */
  userPath(path: string): string;
}

/** A command group (kingdom, scan, user…) adds its commands to the program; run-cli.ts lists every group. */
export type RegisterCommands = (program: Command, cli: CliContext) => void;

export function cliContext(io: CliIo): CliContext {
  const print = (line = '') => {
    io.stdout.write(`${line}\n`);
  };
  return {
    io,
    env: io.env,
    print,
    printTable: (headers, rows) => printTable(print, headers, rows),
    async withDatabase(work) {
      const config = loadConfig(io.env);
      const database = createDatabase(config.databaseUrl);
      try {
        await migrateToLatest(database.db);
        return await work(database);
      } finally {
        await database.close();
      }
    },
    // npm runs scripts from the project root; INIT_CWD is where the person typed the command.
    userPath: (path) => resolve(io.env.INIT_CWD ?? io.cwd, path),
  };
}

/** Left-aligned columns, for lists a person reads in a terminal. */
function printTable(print: (line: string) => void, headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const row of cells)
    print(
      row
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

export function parseWholeNumber(label: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${label} must be a whole number (got "${value}")`);
  return Number(value);
}

export function parseIsoTime(label: string, value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    throw new Error(`${label} must be an ISO-8601 time such as 2026-10-01T12:00:00Z (got "${value}")`);
  }
  // A time without a zone is read as UTC: the game's clock is UTC.
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value) || value.length === 10 ? value : `${value}Z`;
  const ms = Date.parse(withZone);
  if (Number.isNaN(ms)) throw new Error(`${label} is not a valid time: "${value}"`);
  return Math.floor(ms / 1000);
}

export function isoUtc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
