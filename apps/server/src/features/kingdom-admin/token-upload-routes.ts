import multipart from '@fastify/multipart';
import {
  messageResponseSchema,
  rallyKingdomParamsSchema,
  rallyTokenResponseSchema,
  rallyTokenStatusResponseSchema,
  scanImportResponseSchema,
  tokenScanUploadParamsSchema,
  tokenScanUploadQuerySchema,
} from '@kingdom-stats/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { KingdomTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireKingdomAdmin } from '../../plugins/auth.ts';
import { refuseTooMany, TOO_MANY_ATTEMPTS } from '../../plugins/rate-limit.ts';
import {
  ingestTokenStatus,
  isIngestTokenValid,
  revokeIngestToken,
  rotateIngestToken,
  UPLOAD_TOKEN,
} from '../ingest-tokens/tokens.ts';
import { KINGDOM_NOT_FOUND } from '../kingdoms/access.ts';
import { importUploadedScan, MAX_UPLOAD_BYTES, takeRawFileBodies, uploadedFile } from './scan-upload.ts';

export const UPLOAD_TOKEN_REQUIRED = 'An upload token is required (Authorization: Bearer <token>)';
export const UPLOAD_TOKEN_INVALID = 'The upload token is not valid for this kingdom';
export const TOO_MANY_UPLOADS = 'Too many files for this kingdom. Please wait a minute and try again.';

/**
 * Files from machines: a scanner or a bot sends a scan file with the kingdom's upload token, as the raw body or as
 * `curl -F file=@scan.xlsx` (one multipart file), and gets the upload page's answer. The token is made, rotated and
 * revoked by the kingdom's admins (the settings page or `npm run cli -- scan upload-token`). docs/security.md.
 */
export const tokenUploadRoutes: FastifyPluginAsyncZod<{
  /** Told after each scan import, once it is committed (as the upload page's route is). */
  afterScanImport?: (kingdom: KingdomTable) => void;
}> = async (app, pluginOptions) => {
  takeRawFileBodies(app);
  // One file and nothing else; its size is capped while it streams, like a raw body.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  // Who: a machine holding the kingdom's upload token (no session). The token is checked before the body is read.
  app.post(
    '/upload/:kd/scans',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      onRequest: (request: FastifyRequest, reply: FastifyReply) =>
        requireUploadToken(request, reply, Number((request.params as { kd?: string }).kd)),
      schema: {
        params: tokenScanUploadParamsSchema,
        querystring: tokenScanUploadQuerySchema,
        response: { 200: scanImportResponseSchema },
      },
    },
    async (request) => {
      const kd = Number(request.params.kd);
      const kingdom = await app.db.selectFrom('kingdoms').selectAll().where('kd', '=', kd).executeTakeFirst();
      if (!kingdom) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
      const { fileName, ...options } = request.query;
      const sent = request.isMultipart()
        ? await multipartFile(request, fileName)
        : rawFile(request.body, fileName);
      const answer = await importUploadedScan(app.db, {
        kingdom,
        userId: null,
        via: 'upload-token',
        fileName: sent.fileName,
        content: sent.content,
        options,
        warn: (message) => request.log.warn(message),
      });
      pluginOptions.afterScanImport?.(kingdom);
      return answer;
    },
  );

  async function requireUploadToken(request: FastifyRequest, reply: FastifyReply, kd: number): Promise<void> {
    const limits = app.rateLimits;
    const address = limits.addressOf(request);
    const wait = await limits.wrongUploadTokens.blockedFor(address);
    if (wait > 0) refuseTooMany(reply, wait, TOO_MANY_ATTEMPTS);
    const token = request.bearerToken;
    if (!token) throw new AppError('UNAUTHORIZED', UPLOAD_TOKEN_REQUIRED);
    if (!(await isIngestTokenValid(app.db, UPLOAD_TOKEN, kd, token))) {
      await limits.wrongUploadTokens.fail(address);
      throw new AppError('UNAUTHORIZED', UPLOAD_TOKEN_INVALID);
    }
    const busy = await limits.tokenUploads.blockedFor(String(kd));
    if (busy > 0) refuseTooMany(reply, busy, TOO_MANY_UPLOADS);
    await limits.tokenUploads.fail(String(kd));
  }

  // Who: an admin of the kingdom, or a superadmin.
  app.get(
    '/admin/kingdoms/:kd/upload-token',
    { schema: { params: rallyKingdomParamsSchema, response: { 200: rallyTokenStatusResponseSchema } } },
    async (request) => {
      const kd = Number(request.params.kd);
      requireKingdomAdmin(request, kd);
      return ingestTokenStatus(app.db, UPLOAD_TOKEN, kd);
    },
  );

  // Who: an admin of the kingdom, or a superadmin. The token is in this answer only.
  app.post(
    '/admin/kingdoms/:kd/upload-token',
    { schema: { params: rallyKingdomParamsSchema, response: { 200: rallyTokenResponseSchema } } },
    async (request, reply) => {
      const kd = Number(request.params.kd);
      const user = requireKingdomAdmin(request, kd);
      reply.header('Cache-Control', 'no-store');
      return rotateIngestToken(app.db, UPLOAD_TOKEN, { kd, userId: user.id });
    },
  );

  // Who: an admin of the kingdom, or a superadmin.
  app.delete(
    '/admin/kingdoms/:kd/upload-token',
    { schema: { params: rallyKingdomParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const kd = Number(request.params.kd);
      const user = requireKingdomAdmin(request, kd);
      const revoked = await revokeIngestToken(app.db, UPLOAD_TOKEN, { kd, userId: user.id });
      return {
        message: revoked
          ? `The upload token of kingdom ${kd} is revoked: it no longer works`
          : `Kingdom ${kd} has no upload token`,
      };
    },
  );
};

/** The one file of a multipart body, read whole (its size was capped while it streamed). */
async function multipartFile(
  request: FastifyRequest,
  fileName: string | undefined,
): Promise<{ fileName: string; content: Buffer }> {
  const part = await request.file();
  if (!part) throw new AppError('BAD_REQUEST', 'Choose a file to upload.');
  const name = fileName ?? part.filename;
  return { fileName: name, content: uploadedFile(await part.toBuffer(), name) };
}

/** A raw body, which carries no name of its own: the query names it. */
function rawFile(body: unknown, fileName: string | undefined): { fileName: string; content: Buffer } {
  if (!fileName) {
    throw new AppError(
      'BAD_REQUEST',
      'Name the file: ?fileName=scan.xlsx, or send it with curl -F file=@scan.xlsx',
    );
  }
  return { fileName, content: uploadedFile(body, fileName) };
}
