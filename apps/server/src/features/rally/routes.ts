import {
  rallyAvailableFiltersResponseSchema,
  rallyDataQuerySchema,
  rallyDataResponseSchema,
  rallyEventsBodySchema,
  rallyEventsResponseSchema,
  rallyKingdomParamsSchema,
  rallyPeriodQuerySchema,
  rallySummaryResponseSchema,
  rallyTokenResponseSchema,
  rallyTokenStatusResponseSchema,
  rallyViewerParamsSchema,
} from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { requireKingdomAdmin } from '../../plugins/auth.ts';
import { nowSeconds } from '../../time.ts';
import {
  ingestTokenStatus,
  isIngestTokenValid,
  RALLY_TOKEN,
  rotateIngestToken,
} from '../ingest-tokens/tokens.ts';
import { requireViewerAccess } from '../kingdoms/access.ts';
import { availableFilters, ingestRallyEvents, rallyData, rallySummary } from './service.ts';

/** 500 rallies of up to 200 participants: a full call of big rallies is a few MB of JSON. */
const EVENTS_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Rally Data (SPEC §7): the viewer calls, addressed by kd and access code; the rally bot's ingestion call,
 * authorised by the kingdom's ingestion token; and the admin calls that create and rotate that token.
 */
export const rallyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who: anyone.
  app.get(
    '/rally/available-filters',
    { schema: { response: { 200: rallyAvailableFiltersResponseSchema } } },
    async () => availableFilters(),
  );

  // Who: anyone with the kingdom's access code.
  app.get(
    '/rally/:kd/data/:code',
    {
      schema: {
        params: rallyViewerParamsSchema,
        querystring: rallyDataQuerySchema,
        response: { 200: rallyDataResponseSchema },
      },
    },
    async (request) => {
      const kingdom = await requireViewerAccess(app.db, request.params.kd, request.params.code);
      return rallyData(app.db, kingdom.kd, request.query, nowSeconds());
    },
  );

  // Who: anyone with the kingdom's access code.
  app.get(
    '/rally/:kd/summary/:code',
    {
      schema: {
        params: rallyViewerParamsSchema,
        querystring: rallyPeriodQuerySchema,
        response: { 200: rallySummaryResponseSchema },
      },
    },
    async (request) => {
      const kingdom = await requireViewerAccess(app.db, request.params.kd, request.params.code);
      return rallySummary(app.db, kingdom.kd, request.query, nowSeconds());
    },
  );

  // Who: a bot holding the kingdom's ingestion token. The token is checked before the body is, so a caller
  // without it learns nothing about the payload format.
  app.post(
    '/rally/:kd/events',
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      onRequest: async (request: FastifyRequest) => {
        const kd = Number((request.params as { kd?: string }).kd);
        const token = request.bearerToken;
        if (!token)
          throw new AppError(
            'UNAUTHORIZED',
            'A rally ingestion token is required (Authorization: Bearer <token>)',
          );
        if (!(await isIngestTokenValid(app.db, RALLY_TOKEN, kd, token))) {
          throw new AppError('UNAUTHORIZED', 'The rally ingestion token is not valid for this kingdom');
        }
      },
      schema: {
        params: rallyKingdomParamsSchema,
        body: rallyEventsBodySchema,
        response: { 200: rallyEventsResponseSchema },
      },
    },
    async (request) => {
      const result = await ingestRallyEvents(app.db, Number(request.params.kd), request.body.rallies);
      return { accepted: result.accepted, created: result.created, updated: result.updated };
    },
  );

  // Who: an admin of the kingdom, or a superadmin.
  app.get(
    '/admin/kingdoms/:kd/rally-token',
    { schema: { params: rallyKingdomParamsSchema, response: { 200: rallyTokenStatusResponseSchema } } },
    async (request) => {
      const kd = Number(request.params.kd);
      requireKingdomAdmin(request, kd);
      return ingestTokenStatus(app.db, RALLY_TOKEN, kd);
    },
  );

  // Who: an admin of the kingdom, or a superadmin. The token is in this answer only.
  app.post(
    '/admin/kingdoms/:kd/rally-token',
    { schema: { params: rallyKingdomParamsSchema, response: { 200: rallyTokenResponseSchema } } },
    async (request, reply) => {
      const kd = Number(request.params.kd);
      const user = requireKingdomAdmin(request, kd);
      reply.header('Cache-Control', 'no-store');
      return rotateIngestToken(app.db, RALLY_TOKEN, { kd, userId: user.id });
    },
  );
};
