import { FARM_MODE_LABELS, FARM_MODES, type FarmMode } from '@kingdom-stats/core';
import type { Command } from 'commander';
import {
  acceptSuggestions,
  describeFarms,
  dismissSuggestions,
  linkFarm,
  setFarmPolicy,
  unlinkFarm,
} from '../features/farms/service.ts';
import { requireKingdom } from '../features/kingdoms/service.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

const CLI = { userId: null, source: 'cli' } as const;

/** Farm and alt accounts (docs/farms.md): the admin page's farm section, from a terminal. */
export function registerFarmCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  const farm = program
    .command('farm')
    .description('farm and alt accounts: links to main accounts, how they count');
  farm
    .command('link')
    .description('link a farm account to its main account (a farm has one main; links never chain)')
    .requiredOption('--kd <kd>', 'kingdom')
    .requiredOption('--farm <id>', "the farm's governor ID")
    .requiredOption('--main <id>', "the main account's governor ID")
    .action(async (options: { kd: string; farm: string; main: string }) => {
      const kd = parseWholeNumber('--kd', options.kd);
      const body = {
        farmId: parseWholeNumber('--farm', options.farm),
        mainId: parseWholeNumber('--main', options.main),
      };
      await withDatabase(async ({ db }) => {
        await requireKingdom(db, kd);
        await linkFarm(db, kd, body, CLI);
      });
      print(`Kingdom ${kd}: ${body.farmId} is a farm of ${body.mainId}`);
    });
  farm
    .command('unlink')
    .description("remove a farm's link")
    .requiredOption('--kd <kd>', 'kingdom')
    .requiredOption('--farm <id>', "the farm's governor ID")
    .action(async (options: { kd: string; farm: string }) => {
      const kd = parseWholeNumber('--kd', options.kd);
      const farmId = parseWholeNumber('--farm', options.farm);
      await withDatabase(({ db }) => unlinkFarm(db, kd, farmId, CLI));
      print(`Kingdom ${kd}: ${farmId} is no longer linked`);
    });
  farm
    .command('list')
    .description("the kingdom's farm links and how farms count")
    .requiredOption('--kd <kd>', 'kingdom')
    .action(async (options: { kd: string }) => {
      const kd = parseWholeNumber('--kd', options.kd);
      const farms = await withDatabase(async ({ db }) => {
        await requireKingdom(db, kd);
        return describeFarms(db, kd);
      });
      print(`Kingdom ${kd}: ${policyText(farms.policy.mode, farms.policy.weightPct)}`);
      if (farms.links.length === 0) {
        print('No farm links.');
      } else {
        printTable(
          ['FARM', 'FARM NAME', 'MAIN', 'MAIN NAME', 'SOURCE'],
          farms.links.map((l) => [l.farmId, l.farmName ?? '', l.mainId, l.mainName ?? '', l.source]),
        );
      }
      if (farms.suggestions.length > 0) {
        print(
          `${farms.suggestions.length} suggestion(s) waiting: npm run cli -- farm suggestions --kd ${kd}`,
        );
      }
    });
  farm
    .command('policy')
    .description(`how farms count on the dashboards: ${FARM_MODES.join(', ')}`)
    .requiredOption('--kd <kd>', 'kingdom')
    .requiredOption('--mode <mode>', FARM_MODES.join(' | '))
    .option(
      '--weight <percent>',
      "rolled-up: share of a farm's kills and deaths added to its main, 0 to 100",
      '100',
    )
    .action(async (options: { kd: string; mode: string; weight: string }) => {
      const kd = parseWholeNumber('--kd', options.kd);
      const mode = FARM_MODES.find((m) => m === options.mode);
      if (!mode) throw new Error(`--mode must be one of ${FARM_MODES.join(', ')} (got "${options.mode}")`);
      const weightPct = parseWholeNumber('--weight', options.weight);
      if (weightPct > 100) throw new Error(`--weight must be 0 to 100 (got ${weightPct})`);
      await withDatabase(async ({ db }) => {
        await requireKingdom(db, kd);
        await setFarmPolicy(db, kd, { mode, weightPct }, CLI);
      });
      print(`Kingdom ${kd}: ${policyText(mode, weightPct)}`);
    });
  farm
    .command('suggestions')
    .description('links suggested by imported Hero Scrolls Rolled Up sheets, waiting for an admin')
    .requiredOption('--kd <kd>', 'kingdom')
    .action(async (options: { kd: string }) => {
      const kd = parseWholeNumber('--kd', options.kd);
      const { suggestions } = await withDatabase(async ({ db }) => {
        await requireKingdom(db, kd);
        return describeFarms(db, kd);
      });
      if (suggestions.length === 0) {
        print('No suggestions waiting.');
        return;
      }
      printTable(
        ['FARM', 'FARM NAME', 'MAIN', 'MAIN NAME', 'FILE'],
        suggestions.map((s) => [s.farmId, s.farmName, s.mainId, s.mainName, s.fileName]),
      );
    });
  farm
    .command('accept-suggestions')
    .description('turn waiting suggestions into links (all, or the --farm IDs given)')
    .requiredOption('--kd <kd>', 'kingdom')
    .option('--farm <ids...>', "only these farms' suggestions")
    .option('--dismiss', 'dismiss them instead (a later import does not offer them again)')
    .action(async (options: { kd: string; farm?: string[]; dismiss?: boolean }) => {
      const kd = parseWholeNumber('--kd', options.kd);
      const farmIds = options.farm?.map((id) => parseWholeNumber('--farm', id));
      if (options.dismiss) {
        const count = await withDatabase(({ db }) => dismissSuggestions(db, kd, farmIds, CLI));
        print(`Kingdom ${kd}: ${count} suggestion(s) dismissed`);
        return;
      }
      const result = await withDatabase(({ db }) => acceptSuggestions(db, kd, farmIds, CLI));
      print(`Kingdom ${kd}: ${result.accepted} link(s) made from suggestions`);
      for (const refused of result.refused) print(`  ${refused.farmId} left waiting: ${refused.reason}`);
    });
}

function policyText(mode: FarmMode, weightPct: number): string {
  return mode === 'rolled-up' ? `${FARM_MODE_LABELS[mode]} at ${weightPct} %` : FARM_MODE_LABELS[mode];
}
