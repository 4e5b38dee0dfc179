import {
  acceptFlagBodySchema,
  correctionsCsvResponseSchema,
  correctValueBodySchema,
  dataQualitySettingsChangeSchema,
  dataQualitySettingsResponseSchema,
  excludeRowBodySchema,
  recheckResponseSchema,
  reviewChangeResponseSchema,
  reviewCorrectionParamsSchema,
  reviewCorrectionsQuerySchema,
  reviewCorrectionsResponseSchema,
  reviewFlagParamsSchema,
  reviewFlagsQuerySchema,
  reviewFlagsResponseSchema,
  reviewParamsSchema,
  swapRowsBodySchema,
} from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireKingdomAdmin } from '../../plugins/auth.ts';
import { type KingdomParams, requireAdminKingdom } from '../kingdom-admin/access.ts';
import { flagsToCsv } from './csv.ts';
import { allReviewFlags, listReviewCorrections, listReviewFlags } from './review-reads.ts';
import {
  type Actor,
  acceptReviewFlag,
  changeReviewSettings,
  correctReviewValue,
  excludeReviewRow,
  importCorrectionsCsv,
  readReviewSettings,
  recheckReviewFlags,
  revertReviewCorrection,
  settingsAnswer,
  swapReviewRows,
} from './service.ts';

/** The largest corrections CSV taken: 2 MB is tens of thousands of rows. */
const MAX_CSV_BYTES = 2 * 1024 * 1024;

/**
 * The Data Review page's calls (issue 12; docs/data-review.md): /admin/kingdoms/{kd}/{code}/review/…, for the
 * kingdom's admins and superadmins, checked as the kingdom's other admin calls are (kingdom-admin/access.ts).
 */
export const dataReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take a raw CSV body.
  app.addContentTypeParser(
    ['text/csv', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_CSV_BYTES },
    (_request, body, done) => done(null, body),
  );

  const actorOf = async (request: FastifyRequest, params: KingdomParams): Promise<Actor> => {
    const { user, kingdom } = await requireAdminKingdom(app.db, request, params);
    return { kd: kingdom.kd, actorId: user.id };
  };
  const base = '/admin/kingdoms/:kd/:code/review';

  app.get(
    `${base}/flags`,
    {
      schema: {
        params: reviewParamsSchema,
        querystring: reviewFlagsQuerySchema,
        response: { 200: reviewFlagsResponseSchema },
      },
    },
    async (request) => {
      const { kd } = await actorOf(request, request.params);
      return listReviewFlags(app.db, kd, request.query);
    },
  );

  app.get(
    `${base}/flags.csv`,
    { schema: { params: reviewParamsSchema, querystring: reviewFlagsQuerySchema } },
    async (request, reply) => {
      const { kd } = await actorOf(request, request.params);
      const flags = await allReviewFlags(app.db, kd, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="review-${kd}-${request.query.status}.csv"`)
        .send(flagsToCsv(flags));
    },
  );

  app.post(
    `${base}/flags/:flagId/accept`,
    {
      schema: {
        params: reviewFlagParamsSchema,
        body: acceptFlagBodySchema.optional(),
        response: { 200: reviewChangeResponseSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params);
      return acceptReviewFlag(app.db, actor, Number(request.params.flagId), request.body ?? {});
    },
  );

  app.post(
    `${base}/flags/:flagId/swap`,
    {
      schema: {
        params: reviewFlagParamsSchema,
        body: swapRowsBodySchema.optional(),
        response: { 200: reviewChangeResponseSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params);
      return swapReviewRows(app.db, actor, Number(request.params.flagId), request.body ?? {});
    },
  );

  app.post(
    `${base}/corrections`,
    {
      schema: {
        params: reviewParamsSchema,
        body: correctValueBodySchema,
        response: { 200: reviewChangeResponseSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params);
      return correctReviewValue(app.db, actor, request.body);
    },
  );

  app.get(
    `${base}/corrections`,
    {
      schema: {
        params: reviewParamsSchema,
        querystring: reviewCorrectionsQuerySchema,
        response: { 200: reviewCorrectionsResponseSchema },
      },
    },
    async (request) => {
      const { kd } = await actorOf(request, request.params);
      return listReviewCorrections(app.db, kd, request.query);
    },
  );

  app.post(
    `${base}/corrections/:correctionId/revert`,
    { schema: { params: reviewCorrectionParamsSchema, response: { 200: reviewChangeResponseSchema } } },
    async (request) => {
      const actor = await actorOf(request, request.params);
      return revertReviewCorrection(app.db, actor, Number(request.params.correctionId));
    },
  );

  app.post(
    `${base}/exclusions`,
    {
      schema: {
        params: reviewParamsSchema,
        body: excludeRowBodySchema,
        response: { 200: reviewChangeResponseSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params);
      return excludeReviewRow(app.db, actor, request.body);
    },
  );

  app.post(
    `${base}/corrections.csv`,
    {
      // Refuse before reading a large body from someone who may not change the kingdom's data.
      onRequest: async (request: FastifyRequest) => {
        requireKingdomAdmin(request, Number((request.params as { kd?: string }).kd));
      },
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        params: reviewParamsSchema,
        querystring: z.object({ fileName: z.string().min(1).max(255).default('corrections.csv') }),
        response: { 200: correctionsCsvResponseSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('BAD_REQUEST', 'Choose a CSV file of corrections to upload.');
      }
      const fileName = request.query.fileName.split(/[\\/]/).at(-1) || 'corrections.csv';
      return importCorrectionsCsv(app.db, actor, request.body, fileName);
    },
  );

  app.get(
    `${base}/settings`,
    { schema: { params: reviewParamsSchema, response: { 200: dataQualitySettingsResponseSchema } } },
    async (request) => {
      const { kd } = await actorOf(request, request.params);
      return settingsAnswer('Data-quality settings', await readReviewSettings(app.db, kd));
    },
  );

  app.put(
    `${base}/settings`,
    {
      schema: {
        params: reviewParamsSchema,
        body: dataQualitySettingsChangeSchema,
        response: { 200: dataQualitySettingsResponseSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request, request.params);
      const settings = await changeReviewSettings(app.db, actor, request.body);
      return settingsAnswer(
        'Data-quality settings saved; they apply to the next imports (Re-check stored scans applies them to the scans already imported)',
        settings,
      );
    },
  );

  app.post(
    `${base}/recheck`,
    { schema: { params: reviewParamsSchema, response: { 200: recheckResponseSchema } } },
    async (request) => {
      const actor = await actorOf(request, request.params);
      return recheckReviewFlags(app.db, actor);
    },
  );
};
