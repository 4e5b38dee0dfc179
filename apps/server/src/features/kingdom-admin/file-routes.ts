import { countNoun } from '@kingdom-stats/core';
import {
  adminKingdomParamsSchema,
  kvkNumberParamsSchema,
  kvkUploadQuerySchema,
  kvkUploadResponseSchema,
  messageResponseSchema,
  scanIdParamsSchema,
  scanImportResponseSchema,
  scanRenameBodySchema,
  scanRenameResponseSchema,
  scanUploadQuerySchema,
} from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { KingdomTable } from '../../db/schema.ts';
import { cleanScanName } from '../../import/scan-name.ts';
import { requireKingdomAdmin } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/service.ts';
import { importHonorPoints } from '../imports/import-kingdom-sheets.ts';
import { importHohRecords, importPrekvkPoints } from '../imports/import-kvk-tables.ts';
import { deleteKingdomScan, renameKingdomScan } from '../scans/service.ts';
import { type KingdomParams, requireAdminKingdom } from './access.ts';
import {
  baseName,
  importUploadedScan,
  MAX_UPLOAD_BYTES,
  takeRawFileBodies,
  uploadedFile,
} from './scan-upload.ts';
import { clearKvkUpload, uploadLabel } from './service.ts';

/**
 * The per-kingdom admin page's files (each upload is the raw file as the body): scan imports and deletions, pre-KvK points and Hall of Heroes uploads
 * (/admin/kingdoms/{kd}/{code}/…). Who may call what: docs/security.md.
 */
export const kingdomFileRoutes: FastifyPluginAsyncZod<{
  /** Told after each scan import, once it is committed (app.ts: the main dashboard prepares its default view). */
  afterScanImport?: (kingdom: KingdomTable) => void;
}> = async (app, pluginOptions) => {
  // Only this plugin's routes take a raw file body.
  takeRawFileBodies(app);

  const adminKingdom = (request: FastifyRequest, params: KingdomParams) =>
    requireAdminKingdom(app.db, request, params);

  // Refuse before reading a large body from someone who may not upload.
  const uploaderOnly = async (request: FastifyRequest) => {
    const params = request.params as { kd?: string };
    requireKingdomAdmin(request, Number(params.kd));
  };

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
      const { fileName, ...options } = request.query;
      const answer = await importUploadedScan(app.db, {
        kingdom,
        userId: user.id,
        fileName,
        content: uploadedFile(request.body, fileName),
        options,
        warn: (message) => request.log.warn(message),
      });
      pluginOptions.afterScanImport?.(kingdom);
      return answer;
    },
  );

  app.patch(
    '/admin/kingdoms/:kd/:code/scans/:scanId',
    {
      schema: {
        params: scanIdParamsSchema,
        body: scanRenameBodySchema,
        response: { 200: scanRenameResponseSchema },
      },
    },
    async (request) => {
      const { user, kingdom } = await adminKingdom(request, request.params);
      const scanId = Number(request.params.scanId);
      const renamed = await renameKingdomScan(app.db, kingdom.kd, scanId, cleanScanName(request.body.name));
      await recordAudit(app.db, {
        userId: user.id,
        action: 'scan.rename',
        kingdomKd: kingdom.kd,
        before: { scanId, name: renamed.previousName },
        after: { scanId, name: renamed.name },
      });
      return {
        message: `Scan "${renamed.previousName}" renamed to "${renamed.name}"`,
        scan: { id: renamed.id, name: renamed.name },
      };
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
    { path: 'honor', table: 'kvk_honor_points', action: 'honor.import', run: importHonorPoints },
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
        const fileName = baseName(request.query.fileName);
        const content = uploadedFile(request.body, fileName);
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
        return {
          message: `Removed the ${uploadLabel(upload.table)} of KvK ${kvk} (${countNoun(removed, 'governor')})`,
        };
      },
    );
  }
};
