import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type DataQualitySettings, FIELD_SENSITIVITIES } from '@kingdom-stats/core';
import {
  type DataQualitySettingsChange,
  dataQualitySettingsChangeSchema,
  REVIEW_CHECKS,
  REVIEW_FIELDS,
  type ReviewField,
  reviewFlagsQuerySchema,
} from '@kingdom-stats/core/api';
import type { Command } from 'commander';
import { flagsToCsv } from '../features/data-review/csv.ts';
import { allReviewFlags } from '../features/data-review/review-reads.ts';
import {
  acceptReviewFlag,
  changeReviewSettings,
  correctReviewValue,
  excludeReviewRow,
  importCorrectionsCsv,
  readReviewSettings,
  recheckReviewFlags,
  revertReviewCorrection,
  swapReviewRows,
} from '../features/data-review/service.ts';
import { requireKingdom } from '../features/kingdoms/service.ts';
import { type CliContext, isoUtc, parseWholeNumber } from './context.ts';

/** The CLI has no signed-in user: its changes are recorded with no user, as the other commands' are. */
const CLI_ACTOR = null;

function kdOption(value: string | undefined): number {
  if (value === undefined) throw new Error('--kd is required');
  return parseWholeNumber('--kd', value);
}

const number = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString('en-US');

export function registerReviewCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase, userPath } = cli;
  const review = program
    .command('review')
    .description(
      'review values the import flagged as misread: list, correct, accept, exclude, revert (docs/data-review.md)',
    );

  review
    .command('list')
    .description("list a kingdom's flagged values (open ones unless --status says otherwise)")
    .requiredOption('--kd <kd>', 'kingdom number')
    .option('--status <status>', 'open, accepted, corrected, excluded or all', 'open')
    .option('--scan <scan-id>', "only this scan's flags")
    .option('--check <check>', `only this check's flags: ${REVIEW_CHECKS.join(', ')}`)
    .option('--governor <id-or-name>', 'only governors whose ID or name holds this text')
    .option('--csv <file>', 'write the flags to this CSV file (edit its value column, then review import it)')
    .action(
      async (options: {
        kd: string;
        status: string;
        scan?: string;
        check?: string;
        governor?: string;
        csv?: string;
      }) => {
        const kd = kdOption(options.kd);
        const parsed = reviewFlagsQuerySchema.safeParse({
          status: options.status,
          ...(options.scan !== undefined ? { scan: options.scan } : {}),
          ...(options.check !== undefined ? { check: options.check } : {}),
          ...(options.governor !== undefined ? { governor: options.governor } : {}),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const name = String(issue?.path[0] ?? 'option');
          throw new Error(
            `--${name}: ${issue?.message ?? 'not valid'} (got "${(options as Record<string, unknown>)[name]}")`,
          );
        }
        const flags = await withDatabase(async ({ db }) => {
          await requireKingdom(db, kd);
          return allReviewFlags(db, kd, parsed.data);
        });
        if (options.csv !== undefined) {
          writeFileSync(userPath(options.csv), flagsToCsv(flags));
          print(`Wrote ${flags.length} ${flags.length === 1 ? 'flag' : 'flags'} to ${basename(options.csv)}`);
          return;
        }
        if (flags.length === 0) {
          return print(
            parsed.data.status === 'open'
              ? `Kingdom ${kd} has no values to review: every import's checks passed`
              : `Kingdom ${kd} has no ${parsed.data.status === 'all' ? '' : `${parsed.data.status} `}flags`,
          );
        }
        printTable(
          [
            'FLAG',
            'STATUS',
            'SCAN',
            'TIME (UTC)',
            'GOVERNOR',
            'NAME',
            'FIELD',
            'PREVIOUS',
            'VALUE',
            'NEXT',
            'SUGGESTED',
            'REASON',
          ],
          flags.map((f) => [
            f.id,
            f.status,
            f.scanId,
            isoUtc(f.takenAt),
            f.governorId,
            f.governorName,
            f.field,
            number(f.context.previous?.value),
            number(f.context.current?.value ?? f.value),
            number(f.context.next?.value),
            number(f.suggested),
            f.swapWith
              ? `${f.reason} Swapped with governor ${f.swapWith.governorId}'s row: review swap --flag ${f.id}.`
              : f.reason,
          ]),
        );
      },
    );

  review
    .command('correct')
    .description(
      'correct one value of a governor in a scan (the imported value is kept; review revert undoes it)',
    )
    .requiredOption('--kd <kd>', 'kingdom number')
    .requiredOption('--scan <scan-id>', 'the scan (its id from review list or scan list)')
    .requiredOption('--governor <id>', 'governor ID')
    .requiredOption('--field <field>', `one of ${REVIEW_FIELDS.join(', ')}`)
    .requiredOption('--value <value>', 'the right value, a whole number')
    .option('--reason <text>', 'why (shown in the corrections list and the audit log)')
    .option('--flag <flag-id>', 'the flag this correction answers')
    .action(
      async (options: {
        kd: string;
        scan: string;
        governor: string;
        field: string;
        value: string;
        reason?: string;
        flag?: string;
      }) => {
        const kd = kdOption(options.kd);
        const field = options.field.trim().toLowerCase();
        if (!(REVIEW_FIELDS as readonly string[]).includes(field)) {
          throw new Error(`--field must be one of ${REVIEW_FIELDS.join(', ')} (got "${options.field}")`);
        }
        const answer = await withDatabase(({ db }) =>
          correctReviewValue(
            db,
            { kd, actorId: CLI_ACTOR },
            {
              scanId: parseWholeNumber('--scan', options.scan),
              governorId: parseWholeNumber('--governor', options.governor),
              field: field as ReviewField,
              value: parseWholeNumber('--value', options.value.replace(/[,_]/g, '')),
              ...(options.reason !== undefined ? { reason: options.reason } : {}),
              ...(options.flag !== undefined ? { flagId: parseWholeNumber('--flag', options.flag) } : {}),
            },
          ),
        );
        print(answer.correction ? `${answer.message} (correction ${answer.correction.id})` : answer.message);
      },
    );

  review
    .command('accept')
    .description('accept a flagged value as right (it stays as imported)')
    .requiredOption('--kd <kd>', 'kingdom number')
    .requiredOption('--flag <flag-id>', 'the flag (its id from review list)')
    .option('--reason <text>', 'why')
    .action(async (options: { kd: string; flag: string; reason?: string }) => {
      const kd = kdOption(options.kd);
      const answer = await withDatabase(({ db }) =>
        acceptReviewFlag(db, { kd, actorId: CLI_ACTOR }, parseWholeNumber('--flag', options.flag), {
          ...(options.reason !== undefined ? { reason: options.reason } : {}),
        }),
      );
      print(answer.message);
    });

  review
    .command('swap')
    .description(
      "put two rows stored under each other's IDs back (an id_reused flag whose partner review list names): one correction",
    )
    .requiredOption('--kd <kd>', 'kingdom number')
    .requiredOption('--flag <flag-id>', 'the flag on either row')
    .option('--reason <text>', 'why')
    .action(async (options: { kd: string; flag: string; reason?: string }) => {
      const kd = kdOption(options.kd);
      const answer = await withDatabase(({ db }) =>
        swapReviewRows(db, { kd, actorId: CLI_ACTOR }, parseWholeNumber('--flag', options.flag), {
          ...(options.reason !== undefined ? { reason: options.reason } : {}),
        }),
      );
      print(answer.correction ? `${answer.message} (correction ${answer.correction.id})` : answer.message);
    });

  review
    .command('exclude')
    .description("leave a governor's row out of one scan (kept whole; review revert puts it back)")
    .requiredOption('--kd <kd>', 'kingdom number')
    .requiredOption('--scan <scan-id>', 'the scan')
    .requiredOption('--governor <id>', 'governor ID')
    .option('--reason <text>', 'why')
    .action(async (options: { kd: string; scan: string; governor: string; reason?: string }) => {
      const kd = kdOption(options.kd);
      const answer = await withDatabase(({ db }) =>
        excludeReviewRow(
          db,
          { kd, actorId: CLI_ACTOR },
          {
            scanId: parseWholeNumber('--scan', options.scan),
            governorId: parseWholeNumber('--governor', options.governor),
            ...(options.reason !== undefined ? { reason: options.reason } : {}),
          },
        ),
      );
      print(answer.correction ? `${answer.message} (correction ${answer.correction.id})` : answer.message);
    });

  review
    .command('revert')
    .description('undo a correction or an exclusion (its id from review correct, review exclude or the page)')
    .requiredOption('--kd <kd>', 'kingdom number')
    .requiredOption('--correction <correction-id>', 'the correction')
    .action(async (options: { kd: string; correction: string }) => {
      const kd = kdOption(options.kd);
      const answer = await withDatabase(({ db }) =>
        revertReviewCorrection(
          db,
          { kd, actorId: CLI_ACTOR },
          parseWholeNumber('--correction', options.correction),
        ),
      );
      print(answer.message);
    });

  review
    .command('import <file>')
    .description(
      'apply a CSV of corrections (columns scan, governor_id, field, value, reason), all or nothing',
    )
    .requiredOption('--kd <kd>', 'kingdom number')
    .action(async (file: string, options: { kd: string }) => {
      const kd = kdOption(options.kd);
      const path = userPath(file);
      const content = readFileSync(path);
      const answer = await withDatabase(({ db }) =>
        importCorrectionsCsv(db, { kd, actorId: CLI_ACTOR }, content, basename(path)),
      );
      print(answer.message);
    });

  review
    .command('settings')
    .description(
      "show a kingdom's data-quality settings, or change them with --set (they apply to the next imports; review recheck applies them to the stored scans)",
    )
    .requiredOption('--kd <kd>', 'kingdom number')
    .option(
      '--set <key=value>',
      `change one setting (repeatable): ${REVIEW_CHECKS.join(', ')} =on|off; a field (${REVIEW_FIELDS.join(', ')}) =${FIELD_SENSITIVITIES.join('|')}; or maxPowerChangePerDay, minPowerChange, killPointsTolerance =a number`,
      (value: string, all: string[]) => [...all, value],
      [] as string[],
    )
    .action(async (options: { kd: string; set: string[] }) => {
      const kd = kdOption(options.kd);
      const change = settingsChange(options.set);
      const settings = await withDatabase(({ db }) =>
        change === null
          ? readReviewSettings(db, kd)
          : changeReviewSettings(db, { kd, actorId: CLI_ACTOR }, change),
      );
      if (change !== null)
        print(`Data-quality settings of kingdom ${kd} saved; they apply to the next imports`);
      printSettings(printTable, settings);
    });

  review
    .command('recheck')
    .description(
      "run the enabled checks again over a kingdom's stored scans with its current settings (open flags replaced; accepted, corrected and excluded ones kept)",
    )
    .requiredOption('--kd <kd>', 'kingdom number')
    .action(async (options: { kd: string }) => {
      const kd = kdOption(options.kd);
      const answer = await withDatabase(({ db }) => recheckReviewFlags(db, { kd, actorId: CLI_ACTOR }));
      print(answer.message);
    });
}

const ON = new Set(['on', 'true', 'yes', '1']);
const OFF = new Set(['off', 'false', 'no', '0']);

/** `--set key=value` options as a settings change (null when there are none), refused as the API refuses it. */
function settingsChange(sets: readonly string[]): DataQualitySettingsChange | null {
  if (sets.length === 0) return null;
  const enabled: Record<string, boolean> = {};
  const sensitivity: Record<string, string> = {};
  const change: Record<string, unknown> = {};
  for (const set of sets) {
    const [key = '', value = ''] = set.split('=', 2).map((part) => part.trim());
    if ((REVIEW_FIELDS as readonly string[]).includes(key)) {
      const level = value.toLowerCase();
      if (!(FIELD_SENSITIVITIES as readonly string[]).includes(level))
        throw new Error(`--set ${key}: ${FIELD_SENSITIVITIES.join(', ')} (got "${value}")`);
      sensitivity[key] = level;
    } else if ((REVIEW_CHECKS as readonly string[]).includes(key)) {
      const lower = value.toLowerCase();
      if (!ON.has(lower) && !OFF.has(lower)) throw new Error(`--set ${key}: on or off (got "${value}")`);
      enabled[key] = ON.has(lower);
    } else {
      const number = Number(value.replace(/[,_]/g, ''));
      if (value === '' || !Number.isFinite(number))
        throw new Error(`--set ${key}: a number (got "${value}")`);
      change[key] = number;
    }
  }
  if (Object.keys(enabled).length > 0) change.enabled = enabled;
  if (Object.keys(sensitivity).length > 0) change.sensitivity = sensitivity;
  const parsed = dataQualitySettingsChangeSchema.safeParse(change);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || (issue && 'keys' in issue ? String(issue.keys) : 'setting');
    throw new Error(`--set ${name}: ${issue?.message ?? 'not valid'}`);
  }
  return parsed.data;
}

function printSettings(printTable: CliContext['printTable'], settings: DataQualitySettings): void {
  printTable(
    ['SETTING', 'VALUE'],
    [
      ...REVIEW_CHECKS.map((check) => [check, settings.enabled[check] ? 'on' : 'off']),
      ...REVIEW_FIELDS.map((field) => [field, settings.sensitivity[field]]),
      ['maxPowerChangePerDay', String(settings.maxPowerChangePerDay)],
      ['minPowerChange', number(settings.minPowerChange)],
      ['killPointsTolerance', number(settings.killPointsTolerance)],
    ],
  );
}
