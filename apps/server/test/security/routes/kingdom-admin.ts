import { addKingdom } from '../../../src/features/kingdoms/service.ts';
import type { RouteContext, RouteRule } from '../route-table.ts';
import { DATA_REVIEW_ROUTES } from './data-review.ts';
import { DISCORD_ROUTES } from './discord.ts';
import { MIGRATION_LIST_ROUTES } from './migration-list.ts';

const octet = { 'content-type': 'application/octet-stream' };
const admin = (ctx: RouteContext) => `/api/admin/kingdoms/${ctx.kd}/${ctx.code}`;

/** The route table's rows for Kingdom Management and the per-kingdom admin page (see route-table.ts). */
export const KINGDOM_ADMIN_ROUTES: RouteRule[] = [
  // Kingdom Management and the per-kingdom admin page
  {
    method: 'GET',
    path: '/api/admin/kingdoms',
    access: 'signed-in',
    feature: 'kingdom-admin',
    request: () => ({ url: '/api/admin/kingdoms' }),
    note: 'an admin sees their own kingdoms, a superadmin all',
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms',
    access: 'superadmin',
    feature: 'kingdom-admin',
    ok: 201,
    request: (c) => ({ url: '/api/admin/kingdoms', payload: { kd: c.fresh.kd() } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd',
    access: 'superadmin',
    feature: 'kingdom-admin',
    request: async (c) => {
      const kd = c.fresh.kd();
      await addKingdom(c.db, { kd, code: `to-delete-${kd}` });
      return { url: `/api/admin/kingdoms/${kd}`, payload: { confirmKd: kd } };
    },
    note: 'deletes the kingdom and all its data; the body repeats the kd ({"confirmKd": kd})',
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: admin(c) }),
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/changes',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/changes` }),
    note: 'Recent changes older than `?before=` (the cursor of the previous page)',
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/settings',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/settings`, payload: { settings: { showAutarchSwitcher: true } } }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/name',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/name`, payload: { name: 'Renamed' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/code',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/code`, payload: {} }),
    note: 'rotates the access code; old links stop working',
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/camps',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/camps`, payload: { name: 'Camp Table', members: [c.kd, 2150] } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/camps/:campId',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/camps/${await c.fresh.camp()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/seasons',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => {
      const n = c.fresh.kd();
      const open = 1_900_000_000 + n * 86_400 * 40;
      return {
        url: `${admin(c)}/seasons`,
        payload: { kvkNumber: n, openTime: open, closeTime: open + 86_400 },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/seasons/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/seasons/${await c.fresh.kvk()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/scans',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({
      url: `${admin(c)}/scans?fileName=table.csv&at=2026-01-01T00:00Z&newGovernors=true`,
      headers: octet,
      payload: c.files.scan,
    }),
    note: 'the scanner file as the raw body; 422 with the import’s message for a bad file',
  },
  {
    method: 'POST',
    path: '/api/upload/:kd/scans',
    access: 'upload-token',
    feature: 'kingdom-admin',
    request: (c) => ({
      url: `/api/upload/${c.kd}/scans?fileName=table.csv`,
      headers: octet,
      payload: c.files.scan,
    }),
    note: 'a machine sends a scan file (raw body or one multipart file); the upload page’s answer',
    extra: [
      {
        name: 'upload token',
        status: 200,
        request: async (c) => ({
          url: `/api/upload/${c.kd}/scans?fileName=table.csv&at=2026-01-02T00:00Z&newGovernors=true`,
          headers: { ...octet, authorization: `Bearer ${await c.fresh.uploadToken()}` },
          payload: c.files.scan,
        }),
      },
      {
        name: 'wrong upload token',
        status: 401,
        request: (c) => ({
          url: `/api/upload/${c.kd}/scans?fileName=table.csv`,
          headers: { ...octet, authorization: 'Bearer ksu_wrong' },
          payload: c.files.scan,
        }),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/upload-token',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/upload-token` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/upload-token',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/upload-token` }),
    note: 'creates or rotates the upload token; the old one stops working',
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/upload-token',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/upload-token` }),
    note: 'revokes the upload token',
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/scans/:scanId',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/scans/${await c.fresh.scan()}` }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/kingdoms/:kd/:code/scans/:scanId',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({
      url: `${admin(c)}/scans/${await c.fresh.scan()}`,
      payload: { name: 'Renamed' },
    }),
    note: 'renames a scan',
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/prekvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({
      url: `${admin(c)}/prekvk?fileName=p.csv&kvk=3`,
      headers: octet,
      payload: c.files.prekvk,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/prekvk/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/prekvk/${await c.fresh.kvk()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/hoh',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/hoh?fileName=h.csv&kvk=3`, headers: octet, payload: c.files.hoh }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/hoh/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/hoh/${await c.fresh.kvk()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/honor',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({
      url: `${admin(c)}/honor?fileName=honor.csv&kvk=3`,
      headers: octet,
      payload: c.files.honor,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/honor/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/honor/${await c.fresh.kvk()}` }),
  },
  // Farm and alt accounts (features/farms, docs/farms.md)
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/farms',
    access: 'kingdom-admin',
    feature: 'farms',
    request: (c) => ({ url: `${admin(c)}/farms` }),
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/farms/governors/:governorId',
    access: 'kingdom-admin',
    feature: 'farms',
    request: (c) => ({ url: `${admin(c)}/farms/governors/12345` }),
    note: "the latest name of a governor ID in the kingdom's scans (null when none)",
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/farms/links',
    access: 'kingdom-admin',
    feature: 'farms',
    request: (c) => ({ url: `${admin(c)}/farms/links`, payload: { farmId: 9001, mainId: 9000 } }),
    note: '400 for a link that would chain or give a farm a second main',
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/farms/links/:farmId',
    access: 'kingdom-admin',
    feature: 'farms',
    request: async (c) => {
      const farmId = 800_000 + c.fresh.kd();
      await c.db
        .insertInto('account_links')
        .values({
          kingdom_kd: c.kd,
          farm_governor_id: farmId,
          main_governor_id: 7,
          source: 'cli',
          created_by: null,
          created_at: 0,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { url: `${admin(c)}/farms/links/${farmId}` };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/farms/policy',
    access: 'kingdom-admin',
    feature: 'farms',
    request: (c) => ({ url: `${admin(c)}/farms/policy`, payload: { mode: 'counted', weightPct: 20 } }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/farms/suggestions/accept',
    access: 'kingdom-admin',
    feature: 'farms',
    request: (c) => ({ url: `${admin(c)}/farms/suggestions/accept`, payload: {} }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/farms/suggestions/dismiss',
    access: 'kingdom-admin',
    feature: 'farms',
    request: (c) => ({ url: `${admin(c)}/farms/suggestions/dismiss`, payload: {} }),
  },
  // The Data Review page (features/data-review, docs/data-review.md)
  ...DATA_REVIEW_ROUTES,
  ...DISCORD_ROUTES,
  ...MIGRATION_LIST_ROUTES,
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/rally-token',
    access: 'kingdom-admin',
    feature: 'rally',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/rally-token` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/rally-token',
    access: 'kingdom-admin',
    feature: 'rally',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/rally-token` }),
    note: 'creates or rotates the ingestion token; the old one stops working',
  },
];
