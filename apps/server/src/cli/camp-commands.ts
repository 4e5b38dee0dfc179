import type { Command } from 'commander';
import { recordAudit } from '../features/audit/service.ts';
import { deleteCamp } from '../features/kingdom-admin/service.ts';
import { requireKingdom, setCamp } from '../features/kingdoms/service.ts';
import { type CliContext, parseWholeNumber } from './context.ts';

export function registerCampCommands(program: Command, cli: CliContext): void {
  const { print, printTable, withDatabase } = cli;
  const camp = program.command('camp').description("group kingdoms into camps on a kingdom's KvK map");
  camp
    .command('set <kd> <camp-name> <member-kd...>')
    .description("make <member-kd...> the kingdoms of camp <camp-name> on kd's KvK map")
    .action(async (kd: string, campName: string, memberKds: string[]) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const members = memberKds.map((m) => parseWholeNumber('member kd', m));
      await withDatabase(async ({ db }) => {
        await setCamp(db, { kd: kdNumber, campName, memberKds: members });
        await recordAudit(db, {
          userId: null,
          action: 'camp.set',
          kingdomKd: kdNumber,
          after: { name: campName.trim(), members, via: 'cli' },
        });
      });
      print(`Camp ${campName} on kingdom ${kdNumber}'s map: ${members.join(', ')}`);
    });
  camp
    .command('list <kd>')
    .description("list the camps of kd's KvK map: id, name, member kingdoms")
    .action(async (kd: string) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const camps = await withDatabase(async ({ db }) => {
        await requireKingdom(db, kdNumber);
        const rows = await db
          .selectFrom('camps as c')
          .leftJoin('camp_members as m', 'm.camp_id', 'c.id')
          .select(['c.id', 'c.name', 'm.member_kd'])
          .where('c.kingdom_kd', '=', kdNumber)
          .orderBy('c.name')
          .orderBy('m.member_kd')
          .execute();
        const byId = new Map<number, { id: number; name: string; members: number[] }>();
        for (const row of rows) {
          const entry = byId.get(row.id) ?? { id: row.id, name: row.name, members: [] };
          if (row.member_kd !== null) entry.members.push(row.member_kd);
          byId.set(row.id, entry);
        }
        return [...byId.values()];
      });
      if (camps.length === 0) return print(`Kingdom ${kdNumber} has no camps yet`);
      printTable(
        ['ID', 'NAME', 'KINGDOMS'],
        camps.map((c) => [c.id, c.name, c.members.join(',')]),
      );
    });
  camp
    .command('delete <kd> <camp-id>')
    .description("delete one camp of kd's KvK map (its id from camp list)")
    .action(async (kd: string, campId: string) => {
      const kdNumber = parseWholeNumber('kd', kd);
      const id = parseWholeNumber('camp-id', campId);
      await withDatabase(({ db }) => deleteCamp(db, kdNumber, id, null));
      print(`Deleted camp ${id} of kingdom ${kdNumber}`);
    });
}
