import {
  MIGRATION_DIRECTIONS,
  MIGRATION_FLAGS,
  type MigrationEntry,
  migrationEntryAddBodySchema,
  migrationEntryUpdateBodySchema,
} from '@kingdom-stats/core/api';
import type { Command } from 'commander';
import type { z } from 'zod';
import { requireKingdom } from '../features/kingdoms/service.ts';
import { selectSeasons } from '../features/kvk/season.ts';
import {
  addMigrationEntry,
  fillFromMovements,
  type MigrationActor,
  removeMigrationEntry,
  requireSeason,
  selectEntries,
  updateMigrationEntry,
} from '../features/migration-list/service.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

const CLI_ACTOR: MigrationActor = { userId: null, name: 'cli' };

interface SeasonOption {
  season: string;
}
interface EntryOptions extends SeasonOption {
  direction?: string;
  name?: string;
  reason?: string;
  note?: string;
  contacted?: string;
  excluded?: string;
  migrated?: string;
  zeroed?: string;
}

/** `migration-list list|add|set|remove|fill <kd> --season N` (docs/migration-list.md). */
export function registerMigrationListCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  const group = program
    .command('migration-list')
    .description("a KvK season's list of governors proposed to leave or to arrive");
  const season = (command: Command) =>
    command.requiredOption('--season <kvk-number>', 'the KvK number of the season');
  const texts = (command: Command) =>
    command
      .option('--name <name>', 'the governor name (default: as the latest scan shows it)')
      .option('--reason <text>', 'why (up to 500 characters)')
      .option('--note <text>', 'a note (up to 500 characters)');
  const flags = (command: Command) => {
    for (const flag of MIGRATION_FLAGS) command.option(`--${flag} <yes|no>`, `set "${flag}"`);
    return command;
  };

  season(group.command('list <kd>').description("print a season's list")).action(
    async (kd: string, options: SeasonOption) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const kvk = parseWholeNumber('--season', options.season);
      const entries = await withDatabase(async ({ db }) => {
        await requireKingdom(db, kdNumber);
        requireSeason(await selectSeasons(db, kdNumber), kvk);
        return selectEntries(db, kdNumber, kvk);
      });
      if (entries.length === 0)
        return print(`KvK ${kvk} of kingdom ${kdNumber} has no migration list entries`);
      printTable(
        ['GOVERNOR', 'NAME', 'DIRECTION', 'FLAGS', 'REASON', 'NOTE'],
        entries.map((e) => [e.governorId, e.name, e.direction, flagsOf(e), e.reason, e.note]),
      );
    },
  );

  flags(
    texts(
      season(
        group
          .command('add <kd> <governor-id>')
          .description("add a governor to a season's list")
          .requiredOption('--direction <leave|arrive>', 'leave or arrive'),
      ),
    ),
  ).action(async (kd: string, governorId: string, options: EntryOptions) => {
    const kdNumber = parseWholeNumber('kd', kd);
    const kvk = parseWholeNumber('--season', options.season);
    const input = validated(migrationEntryAddBodySchema, {
      governorId: parseWholeNumber('governor-id', governorId),
      ...entryFields(options),
    });
    const entry = await withDatabase(async ({ db }) => {
      await requireKingdom(db, kdNumber);
      return addMigrationEntry(db, kdNumber, kvk, input, CLI_ACTOR);
    });
    print(
      `Added governor ${entry.governorId} (${entry.name || 'name unknown'}) to KvK ${kvk}: ${entry.direction}`,
    );
  });

  flags(
    texts(
      season(
        group
          .command('set <kd> <governor-id>')
          .description('change an entry: its flags, direction, reason or note')
          .option('--direction <leave|arrive>', 'leave or arrive'),
      ),
    ),
  ).action(async (kd: string, governorId: string, options: EntryOptions) => {
    const kdNumber = parseWholeNumber('kd', kd);
    const kvk = parseWholeNumber('--season', options.season);
    const id = parseWholeNumber('governor-id', governorId);
    const change = validated(migrationEntryUpdateBodySchema, entryFields(options));
    const entry = await withDatabase(({ db }) =>
      updateMigrationEntry(db, kdNumber, kvk, id, change, CLI_ACTOR),
    );
    print(`Saved governor ${id} on KvK ${kvk}: ${entry.direction}, ${flagsOf(entry)}`);
  });

  season(
    group.command('remove <kd> <governor-id>').description("remove a governor from a season's list"),
  ).action(async (kd: string, governorId: string, options: SeasonOption) => {
    const kdNumber = parseWholeNumber('kd', kd);
    const kvk = parseWholeNumber('--season', options.season);
    const id = parseWholeNumber('governor-id', governorId);
    await withDatabase(({ db }) => removeMigrationEntry(db, kdNumber, kvk, id, CLI_ACTOR));
    print(`Removed governor ${id} from KvK ${kvk}`);
  });

  season(
    group
      .command('fill <kd>')
      .description("propose entries from the season's arrivals and departures (never one governor twice)"),
  ).action(async (kd: string, options: SeasonOption) => {
    const kdNumber = parseWholeNumber('kd', kd);
    const kvk = parseWholeNumber('--season', options.season);
    const result = await withDatabase(({ db }) => fillFromMovements(db, kdNumber, kvk, CLI_ACTOR));
    print(result.message);
  });
}

/** The options given, as the API's body fields (--contacted yes → contacted: true). */
function entryFields(options: EntryOptions): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of ['direction', 'name', 'reason', 'note'] as const) {
    if (options[key] !== undefined) fields[key] = options[key];
  }
  if (fields.direction !== undefined && !MIGRATION_DIRECTIONS.includes(fields.direction as never)) {
    throw new Error(`--direction must be leave or arrive (got "${String(fields.direction)}")`);
  }
  for (const flag of MIGRATION_FLAGS) {
    const value = options[flag];
    if (value === undefined) continue;
    if (value !== 'yes' && value !== 'no') throw new Error(`--${flag} must be yes or no (got "${value}")`);
    fields[flag] = value === 'yes';
  }
  return fields;
}

function validated<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new Error(`${where}${issue?.message ?? 'invalid input'}`);
}

function flagsOf(entry: MigrationEntry): string {
  const set = MIGRATION_FLAGS.filter((flag) => entry[flag]);
  return set.length > 0 ? set.join(', ') : '-';
}
