import {
  adminKingdomListItemSchema,
  adminKingdomParamsSchema,
  adminKingdomResponseSchema,
  adminKingdomsResponseSchema,
  adminSettingsBodySchema,
  campBodySchema,
  campIdParamsSchema,
  createKingdomBodySchema,
  deleteKingdomBodySchema,
  deleteKingdomParamsSchema,
  deleteKingdomResponseSchema,
  kingdomNameBodySchema,
  kingdomSettingsChangeSchema,
  kvkNumberParamsSchema,
  kvkSeasonBodySchema,
  messageResponseSchema,
  RECENT_CHANGES_PAGE_SIZE,
  recentChangesQuerySchema,
  recentChangesResponseSchema,
  rotateCodeBodySchema,
  rotateCodeResponseSchema,
  settingsChangeResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireSuperadmin, requireUser } from '../../plugins/auth.ts';
import { countAsWrongCode } from '../../plugins/rate-limit.ts';
import { listKingdomAuditPage, recordAudit } from '../audit/service.ts';
import { deleteKingdom } from '../kingdoms/delete-kingdom.ts';
import { setCamp } from '../kingdoms/service.ts';
import { addKvkSeason } from '../kvk/service.ts';
import { type KingdomParams, requireAdminKingdom } from './access.ts';
import {
  createKingdom,
  deleteCamp,
  deleteKvkSeason,
  describeKingdomForAdmin,
  listAdminKingdoms,
  renameKingdom,
  rotateAccessCode,
  updateSettings,
} from './service.ts';

/**
 * Kingdom Management (GET/POST /admin/kingdoms) and everything on the per-kingdom admin page
 * (/admin/kingdoms/{kd}/{code}/…) but its files (file-routes.ts), plus POST /settings/{kd}/{code}. Who may call
 * what: docs/security.md; the per-kingdom check: access.ts.
 */
export const kingdomAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminKingdom = (request: FastifyRequest, params: KingdomParams) =>
    requireAdminKingdom(app.db, request, params);

  app.get(
    '/admin/kingdoms',
    { schema: { response: { 200: adminKingdomsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { kingdoms: await listAdminKingdoms(app.db, user) };
    },
  );

  app.post(
    '/admin/kingdoms',
    { schema: { body: createKingdomBodySchema, response: { 201: adminKingdomListItemSchema } } },
    async (request, reply) => {
      const user = requireSuperadmin(request);
      const created = await createKingdom(app.db, request.body, user.id);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/admin/kingdoms/:kd',
    {
      schema: {
        params: deleteKingdomParamsSchema,
        body: deleteKingdomBodySchema,
        response: { 200: deleteKingdomResponseSchema },
      },
    },
    async (request) => {
      const user = requireSuperadmin(request);
      const kd = Number(request.params.kd);
      if (request.body.confirmKd !== kd) {
        throw new AppError('BAD_REQUEST', `Type ${kd} to confirm the deletion of kingdom ${kd}`);
      }
      const deleted = await deleteKingdom(app.db, { kd, actorId: user.id, via: 'web' });
      return { message: `Kingdom ${kd} deleted`, deleted };
    },
  );

  app.get(
    '/admin/kingdoms/:kd/:code',
    { schema: { params: adminKingdomParamsSchema, response: { 200: adminKingdomResponseSchema } } },
    async (request) => {
      const { kingdom } = await adminKingdom(request, request.params);
      return describeKingdomForAdmin(app.db, kingdom);
    },
  );

  // Recent changes past the first page (issue 41): older pages by cursor.
  app.get(
    '/admin/kingdoms/:kd/:code/changes',
    {
      schema: {
        params: adminKingdomParamsSchema,
        querystring: recentChangesQuerySchema,
        response: { 200: recentChangesResponseSchema },
      },
    },
    async (request) => {
      const { kingdom } = await adminKingdom(request, request.params);
      return listKingdomAuditPage(app.db, kingdom.kd, {
        limit: RECENT_CHANGES_PAGE_SIZE,
        before: request.query.before ?? null,
      });
    },
  );

  app.post(
    '/admin/kingdoms/:kd/:code/settings',
    {
      schema: {
        params: adminKingdomParamsSchema,
        body: adminSettingsBodySchema,
        response: { 200: settingsChangeResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const settings = await updateSettings(app.db, kingdom.kd, request.body.settings, user.id);
      return { message: 'Settings saved', settings };
    },
  );

  // SPEC §7 lists POST /settings/{kd}/{code} with the settings as the body; the wrapped {settings} form is taken too.
  app.post(
    '/settings/:kd/:code',
    {
      schema: {
        params: adminKingdomParamsSchema,
        body: z.union([adminSettingsBodySchema, kingdomSettingsChangeSchema]),
        response: { 200: settingsChangeResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const change = 'settings' in request.body ? request.body.settings : request.body;
      const settings = await updateSettings(app.db, kingdom.kd, change, user.id);
      return { message: 'Settings saved', settings };
    },
  );

  app.post(
    '/admin/kingdoms/:kd/:code/name',
    {
      schema: {
        params: adminKingdomParamsSchema,
        body: kingdomNameBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const name = await renameKingdom(app.db, kingdom.kd, request.body.name, user.id);
      return {
        message: name ? `Kingdom ${kingdom.kd} is now called ${name}` : `Kingdom ${kingdom.kd} has no name`,
      };
    },
  );

  app.post(
    '/admin/kingdoms/:kd/:code/code',
    {
      schema: {
        params: adminKingdomParamsSchema,
        body: rotateCodeBodySchema,
        response: { 200: rotateCodeResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const wanted = request.body.code;
      // Refusing a chosen code says something about it (reserved, or another kingdom's): it costs a wrong guess.
      const code = await rotateAccessCode(app.db, kingdom.kd, wanted, user.id, () =>
        countAsWrongCode(request, { target: 'chosen code', code: wanted ?? '' }),
      );
      return { message: 'Access code changed: links with the old code no longer work', code };
    },
  );

  app.post(
    '/admin/kingdoms/:kd/:code/camps',
    {
      schema: {
        params: adminKingdomParamsSchema,
        body: campBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const { name, members } = request.body;
      await setCamp(app.db, { kd: kingdom.kd, campName: name, memberKds: members });
      await recordAudit(app.db, {
        userId: user.id,
        action: 'camp.set',
        kingdomKd: kingdom.kd,
        after: { name: name.trim(), members },
      });
      return { message: `Camp ${name.trim()} saved` };
    },
  );

  app.delete(
    '/admin/kingdoms/:kd/:code/camps/:campId',
    { schema: { params: campIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      await deleteCamp(app.db, kingdom.kd, Number(request.params.campId), user.id);
      return { message: 'Camp deleted' };
    },
  );

  app.post(
    '/admin/kingdoms/:kd/:code/seasons',
    {
      schema: {
        params: adminKingdomParamsSchema,
        body: kvkSeasonBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const { kvkNumber, openTime, closeTime } = request.body;
      await addKvkSeason(app.db, { kd: kingdom.kd, kvkNumber, openTime, closeTime });
      await recordAudit(app.db, {
        userId: user.id,
        action: 'kvk.add',
        kingdomKd: kingdom.kd,
        after: { kvkNumber, openTime, closeTime },
      });
      return { message: `KvK ${kvkNumber} added` };
    },
  );

  app.delete(
    '/admin/kingdoms/:kd/:code/seasons/:kvk',
    { schema: { params: kvkNumberParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      await deleteKvkSeason(app.db, kingdom.kd, Number(request.params.kvk), user.id);
      return { message: `KvK ${request.params.kvk} deleted` };
    },
  );
};
