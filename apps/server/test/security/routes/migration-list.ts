import type { RouteContext, RouteRule } from '../route-table.ts';

const list = (ctx: RouteContext) => `/api/admin/kingdoms/${ctx.kd}/${ctx.code}/migration-list`;

let nextGovernorId = 880_000_001;

/** A season with one entry on its list, for the calls that change or remove an entry. */
async function freshEntry(c: RouteContext): Promise<{ kvk: number; governorId: number }> {
  const kvk = await c.fresh.kvk();
  const governorId = nextGovernorId++;
  await c.db
    .insertInto('migration_list_entries')
    .values({
      kingdom_kd: c.kd,
      kvk_number: kvk,
      governor_id: governorId,
      name: 'Listed',
      direction: 'leave',
      reason: '',
      contacted: 0,
      excluded: 0,
      migrated: 0,
      zeroed: 0,
      note: '',
      updated_by: 'test',
      updated_at: 1,
    })
    .execute();
  return { kvk, governorId };
}

/** The route table's rows for the migration lists (docs/migration-list.md). */
export const MIGRATION_LIST_ROUTES: RouteRule[] = [
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/migration-list',
    access: 'kingdom-admin',
    feature: 'migration-list',
    request: (c) => ({ url: list(c) }),
    note: "a season's list (`?season=`, default the current season) and the kingdom's seasons",
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/migration-list/:kvk',
    access: 'kingdom-admin',
    feature: 'migration-list',
    ok: 201,
    request: async (c) => ({
      url: `${list(c)}/${await c.fresh.kvk()}`,
      payload: { governorId: nextGovernorId++, direction: 'leave' },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/kingdoms/:kd/:code/migration-list/:kvk/:governorId',
    access: 'kingdom-admin',
    feature: 'migration-list',
    request: async (c) => {
      const { kvk, governorId } = await freshEntry(c);
      return { url: `${list(c)}/${kvk}/${governorId}`, payload: { contacted: true } };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/migration-list/:kvk/:governorId',
    access: 'kingdom-admin',
    feature: 'migration-list',
    request: async (c) => {
      const { kvk, governorId } = await freshEntry(c);
      return { url: `${list(c)}/${kvk}/${governorId}` };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/migration-list/:kvk/fill',
    access: 'kingdom-admin',
    feature: 'migration-list',
    request: async (c) => ({ url: `${list(c)}/${await c.fresh.kvk()}/fill` }),
    note: 'proposes entries from the movements of the season; never adds a governor twice',
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/migration-list/:kvk/export.csv',
    access: 'kingdom-admin',
    feature: 'migration-list',
    request: async (c) => ({ url: `${list(c)}/${await c.fresh.kvk()}/export.csv` }),
  },
];
