import {
  formulaParamsSchema,
  formulaQuerySchema,
  formulaResetBodySchema,
  formulaResetParamsSchema,
  formulaResetQuerySchema,
  formulaResetResponseSchema,
  formulaResponseSchema,
  formulaSaveBodySchema,
  formulaSaveResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../errors.ts';
import { requireKingdomAdmin, requireUser } from '../../plugins/auth.ts';
import { KINGDOM_NOT_FOUND, requireViewerAccess } from '../kingdoms/access.ts';
import { getFormula, resetFormula, saveFormula } from './service.ts';

/**
 * The formula editor's calls (SPEC §3, §7). Reading is a viewer call (kd + access code). Saving and resetting need,
 * in this order: a session (401), admin rights on that kingdom or superadmin (403), then the kingdom's access code
 * (404 'Kingdom not found'). No static credential exists: the editor sends the signed-in user's bearer token.
 */
export const formulaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:kd/formula/:code',
    {
      schema: {
        params: formulaParamsSchema,
        querystring: formulaQuerySchema,
        response: { 200: formulaResponseSchema },
      },
    },
    async (request) => {
      const kingdom = await requireViewerAccess(app.db, request.params.kd, request.params.code);
      const season = request.query.season === undefined ? undefined : Number(request.query.season);
      return getFormula(app.db, kingdom, season);
    },
  );

  // Who: an admin of the kingdom or a superadmin, with the kingdom's access code.
  app.post(
    '/formula/save',
    { schema: { body: formulaSaveBodySchema, response: { 200: formulaSaveResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { passed_data: payload } = request.body;
      const kd = Number(payload.kdnumber);
      if (!Number.isInteger(kd)) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
      requireKingdomAdmin(request, kd);
      const kingdom = await requireViewerAccess(app.db, kd, payload.code);
      return saveFormula(app.db, user, kingdom, payload);
    },
  );

  // Who: an admin of the kingdom or a superadmin, with the kingdom's access code (body {code} or ?code=).
  app.post(
    '/:kd/formula/reset',
    {
      schema: {
        params: formulaResetParamsSchema,
        querystring: formulaResetQuerySchema,
        body: formulaResetBodySchema,
        response: { 200: formulaResetResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const kd = Number(request.params.kd);
      requireKingdomAdmin(request, kd);
      const code = request.body?.code ?? request.query.code;
      if (!code)
        throw badRequest('code is required', [{ path: 'body.code', message: 'the kingdom access code' }]);
      const kingdom = await requireViewerAccess(app.db, kd, code);
      return resetFormula(app.db, user, kingdom, {
        season: request.body?.season,
        confirmPastSeason: request.body?.confirmPastSeason,
      });
    },
  );
};
