import {
  adminKingdomListItemSchema,
  adminKingdomParamsSchema,
  adminKingdomResponseSchema,
  adminKingdomsResponseSchema,
  adminSettingsBodySchema,
  campBodySchema,
  campIdParamsSchema,
  createKingdomBodySchema,
  kingdomNameBodySchema,
  kingdomSettingsChangeSchema,
  kvkNumberParamsSchema,
  kvkSeasonBodySchema,
  kvkUploadQuerySchema,
  kvkUploadResponseSchema,
  messageResponseSchema,
  rotateCodeBodySchema,
  rotateCodeResponseSchema,
  scanIdParamsSchema,
  scanImportResponseSchema,
  scanUploadQuerySchema,
  settingsChangeResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../../auth/sessions.ts';
import type { KingdomTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { importHohRecords, importPrekvkPoints } from '../../import/import-kvk-tables.ts';
import { importScanFile } from '../../import/import-scan.ts';
import { requireKingdomAdmin, requireSuperadmin, requireUser } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/service.ts';
import { requireViewerAccess } from '../kingdoms/access.ts';
import { setCamp } from '../kingdoms/service.ts';
import { addKvkSeason } from '../kvk/service.ts';
import { deleteKingdomScan } from '../scans/service.ts';
import {
  clearKvkUpload,
  createKingdom,
  deleteCamp,
  deleteKvkSeason,
  describeKingdomForAdmin,
  listAdminKingdoms,
  renameKingdom,
  rotateAccessCode,
  updateSettings,
  uploadLabel,
} from './service.ts';

/** Uploads are the raw file as the body; a 16,000-row scan is a few MB, this leaves room for large ones. */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;

type KingdomParams = z.infer<typeof adminKingdomParamsSchema>;

/**
 * Kingdom Management (GET/POST /admin/kingdoms) and everything on the per-kingdom admin page
 * (/admin/kingdoms/{kd}/{code}/…), plus POST /settings/{kd}/{code}. Who may call what: docs/security.md.
 * The session is checked before the access code, so a signed-in admin of another kingdom learns nothing about
 * this kingdom's code (403 whatever the code), and a wrong code is the viewer routes' 404 (rate-limited).
 */
export const kingdomAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take a raw file body.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  async function adminKingdom(
    request: FastifyRequest,
    params: KingdomParams,
  ): Promise<{ user: SessionUser; kingdom: KingdomTable }> {
    const user = requireKingdomAdmin(request, Number(params.kd));
    const kingdom = await requireViewerAccess(app.db, params.kd, params.code);
    return { user, kingdom };
  }

  // Refuse before reading a large body from someone who may not upload.
  const uploaderOnly = async (request: FastifyRequest) => {
    const params = request.params as { kd?: string };
    requireKingdomAdmin(request, Number(params.kd));
  };

  function uploadedFile(body: unknown): Buffer {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new AppError(
        'BAD_REQUEST',
        'Choose a file to upload (sent as the request body, application/octet-stream)',
      );
    }
    return body;
  }

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

  app.get(
    '/admin/kingdoms/:kd/:code',
    { schema: { params: adminKingdomParamsSchema, response: { 200: adminKingdomResponseSchema } } },
    async (request) => {
      const { kingdom } = await adminKingdom(request, request.params);
      return describeKingdomForAdmin(app.db, kingdom);
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
      const code = await rotateAccessCode(app.db, kingdom.kd, request.body.code, user.id);
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

  app.post(
    '/admin/kingdoms/:kd/:code/scans',
    {
      onRequest: uploaderOnly,
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        params: adminKingdomParamsSchema,
        querystring: scanUploadQuerySchema,
        response: { 200: scanImportResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const content = uploadedFile(request.body);
      const query = request.query;
      const fileName = baseName(query.fileName);
      const result = await importScanFile(app.db, {
        kingdomKd: kingdom.kd,
        filePath: fileName,
        fileName,
        content,
        kind: query.kind,
        ...(query.at ? { at: query.at } : {}),
        ...(query.homeKd ? { homeKd: Number(query.homeKd) } : {}),
        replace: query.replace ?? false,
        rolledUp: query.rolledUp ?? false,
      });
      if (result.status !== 'already-imported') {
        await recordAudit(app.db, {
          userId: user.id,
          action: result.status === 'replaced' ? 'scan.replace' : 'scan.import',
          kingdomKd: kingdom.kd,
          after: {
            scanId: result.scanId,
            fileName,
            name: result.name,
            takenAt: result.takenAt,
            rows: result.rows,
            kind: query.kind,
          },
        });
      }
      return { message: importMessage(result), result };
    },
  );

  app.delete(
    '/admin/kingdoms/:kd/:code/scans/:scanId',
    { schema: { params: scanIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const scanId = Number(request.params.scanId);
      const scan = await app.db
        .selectFrom('scans')
        .select(['name', 'taken_at', 'row_count', 'kind'])
        .where('id', '=', scanId)
        .where('kingdom_kd', '=', kingdom.kd)
        .executeTakeFirst();
      await deleteKingdomScan(app.db, kingdom.kd, scanId);
      await recordAudit(app.db, {
        userId: user.id,
        action: 'scan.delete',
        kingdomKd: kingdom.kd,
        before: scan
          ? { scanId, name: scan.name, takenAt: scan.taken_at, rows: scan.row_count, kind: scan.kind }
          : { scanId },
      });
      return { message: `Scan ${scan?.name ?? scanId} deleted` };
    },
  );

  for (const upload of [
    { path: 'prekvk', table: 'prekvk_points', action: 'prekvk.import', run: importPrekvkPoints },
    { path: 'hoh', table: 'hoh_records', action: 'hoh.import', run: importHohRecords },
  ] as const) {
    app.post(
      `/admin/kingdoms/:kd/:code/${upload.path}`,
      {
        onRequest: uploaderOnly,
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: adminKingdomParamsSchema,
          querystring: kvkUploadQuerySchema,
          response: { 200: kvkUploadResponseSchema },
        },
      },
      async (request) => {
        const { user, kingdom } = await adminKingdom(request, request.params);
        const content = uploadedFile(request.body);
        const fileName = baseName(request.query.fileName);
        const result = await upload.run(app.db, {
          kingdomKd: kingdom.kd,
          kvkNumber: Number(request.query.kvk),
          fileName,
          content,
        });
        await recordAudit(app.db, {
          userId: user.id,
          action: upload.action,
          kingdomKd: kingdom.kd,
          after: { fileName, kvkNumber: result.kvkNumber, rows: result.rows },
        });
        const skipped =
          result.skipped > 0
            ? ` (${result.skipped} example row${result.skipped === 1 ? '' : 's'} skipped)`
            : '';
        return {
          message: `${fileName}: ${result.rows} governor${result.rows === 1 ? '' : 's'} saved to the ${uploadLabel(upload.table)} of KvK ${result.kvkNumber}${skipped}`,
          ...result,
        };
      },
    );

    app.delete(
      `/admin/kingdoms/:kd/:code/${upload.path}/:kvk`,
      { schema: { params: kvkNumberParamsSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const { user, kingdom } = await adminKingdom(request, request.params);
        const kvk = Number(request.params.kvk);
        const removed = await clearKvkUpload(app.db, upload.table, kingdom.kd, kvk, user.id);
        return { message: `Removed the ${uploadLabel(upload.table)} of KvK ${kvk} (${removed} governors)` };
      },
    );
  }
};

/** An uploaded file's name as the browser gave it, without any folder part. */
function baseName(name: string): string {
  return name.replace(/^.*[\\/]/, '').trim() || 'upload';
}

function isoMinute(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

function importMessage(result: Awaited<ReturnType<typeof importScanFile>>): string {
  const when = `${isoMinute(result.takenAt)} UTC`;
  const rows = `${result.rows} governor${result.rows === 1 ? '' : 's'}`;
  switch (result.status) {
    case 'imported':
      return `${result.fileName}: imported scan "${result.name}" taken ${when}, ${rows} (${result.sourceFormat})`;
    case 'replaced':
      return `${result.fileName}: replaced the scan taken ${when} with "${result.name}", ${rows}`;
    default:
      return `${result.fileName}: a scan taken ${when} is already imported (${rows}); nothing changed. Choose "Replace" to import it again.`;
  }
}
