import {
  migrationEntryAddBodySchema,
  migrationEntryParamsSchema,
  migrationEntryResponseSchema,
  migrationEntryUpdateBodySchema,
  migrationFillResponseSchema,
  migrationListParamsSchema,
  migrationListQuerySchema,
  migrationListResponseSchema,
  migrationMessageResponseSchema,
  migrationSeasonParamsSchema,
} from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '../../auth/sessions.ts';
import { type KingdomParams, requireAdminKingdom } from '../kingdom-admin/access.ts';
import { selectSeasons } from '../kvk/season.ts';
import { migrationListToCsv } from './csv.ts';
import {
  addMigrationEntry,
  fillFromMovements,
  listMigrationEntries,
  type MigrationActor,
  removeMigrationEntry,
  requireSeason,
  selectEntries,
  updateMigrationEntry,
} from './service.ts';

/**
 * A kingdom's migration lists (docs/migration-list.md; schemas: packages/core/src/api/migration-list.ts). The
 * per-kingdom admin page's check (kingdom-admin/access.ts): session first, then the access code.
 */
export const migrationListRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/admin/kingdoms/:kd/:code/migration-list';
  const adminOf = async (request: FastifyRequest, params: KingdomParams) => {
    const { user, kingdom } = await requireAdminKingdom(app.db, request, params);
    return { kd: kingdom.kd, actor: actorOf(user) };
  };

  app.get(
    base,
    {
      schema: {
        params: migrationListParamsSchema,
        querystring: migrationListQuerySchema,
        response: { 200: migrationListResponseSchema },
      },
    },
    async (request) => {
      const { kd } = await adminOf(request, request.params);
      return listMigrationEntries(app.db, kd, request.query.season);
    },
  );

  app.post(
    `${base}/:kvk`,
    {
      schema: {
        params: migrationSeasonParamsSchema,
        body: migrationEntryAddBodySchema,
        response: { 201: migrationEntryResponseSchema },
      },
    },
    async (request, reply) => {
      const { kd, actor } = await adminOf(request, request.params);
      const kvk = Number(request.params.kvk);
      const entry = await addMigrationEntry(app.db, kd, kvk, request.body, actor);
      return reply.status(201).send({ message: `Governor ${entry.governorId} added to KvK ${kvk}`, entry });
    },
  );

  app.patch(
    `${base}/:kvk/:governorId`,
    {
      schema: {
        params: migrationEntryParamsSchema,
        body: migrationEntryUpdateBodySchema,
        response: { 200: migrationEntryResponseSchema },
      },
    },
    async (request) => {
      const { kd, actor } = await adminOf(request, request.params);
      const { kvk, governorId } = request.params;
      const entry = await updateMigrationEntry(
        app.db,
        kd,
        Number(kvk),
        Number(governorId),
        request.body,
        actor,
      );
      return { message: `Governor ${governorId} saved`, entry };
    },
  );

  app.delete(
    `${base}/:kvk/:governorId`,
    { schema: { params: migrationEntryParamsSchema, response: { 200: migrationMessageResponseSchema } } },
    async (request) => {
      const { kd, actor } = await adminOf(request, request.params);
      const { kvk, governorId } = request.params;
      await removeMigrationEntry(app.db, kd, Number(kvk), Number(governorId), actor);
      return { message: `Governor ${governorId} removed from KvK ${kvk}` };
    },
  );

  app.post(
    `${base}/:kvk/fill`,
    { schema: { params: migrationSeasonParamsSchema, response: { 200: migrationFillResponseSchema } } },
    async (request) => {
      const { kd, actor } = await adminOf(request, request.params);
      return fillFromMovements(app.db, kd, Number(request.params.kvk), actor);
    },
  );

  app.get(
    `${base}/:kvk/export.csv`,
    { schema: { params: migrationSeasonParamsSchema } },
    async (request, reply) => {
      const { kd } = await adminOf(request, request.params);
      const kvk = Number(request.params.kvk);
      requireSeason(await selectSeasons(app.db, kd), kvk);
      const csv = migrationListToCsv(kvk, await selectEntries(app.db, kd, kvk));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="migration-list-${kd}-kvk${kvk}.csv"`)
        .send(csv);
    },
  );
};

function actorOf(user: SessionUser): MigrationActor {
  return { userId: user.id, name: user.username };
}
