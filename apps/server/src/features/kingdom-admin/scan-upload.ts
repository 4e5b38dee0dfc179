import type { ScanImportResponse, scanUploadQuerySchema } from '@kingdom-stats/core/api';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { refreshAfterImport } from '../../db/planner-statistics.ts';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isGameExportName } from '../../import/game-export.ts';
import { importMessage } from '../../import/import-report.ts';
import { importLimitsFromEnv } from '../../import/limits.ts';
import { importScanFile } from '../imports/import-scan.ts';
import {
  auditMemberExportImport,
  importMemberExport,
  memberExportSentence,
} from '../member-exports/import-member-export.ts';
import { auditScanImport } from '../scans/service.ts';

/**
 * The largest upload body taken: the import's own upload limit (IMPORT_MAX_UPLOAD_BYTES, 32 MB by default), read as
 * the reader processes read it, so one setting decides both.
 */
export const MAX_UPLOAD_BYTES = importLimitsFromEnv(process.env).uploadBytes;

/** Lets a route plugin's routes (and only its own) take a file as the raw body, up to MAX_UPLOAD_BYTES. */
export function takeRawFileBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
}

export type ScanUploadOptions = Omit<z.infer<typeof scanUploadQuerySchema>, 'fileName'>;

/** A file sent over HTTP for a kingdom: by whom (null: a machine with the upload token) and how. */
interface UploadedFile {
  kingdom: KingdomTable;
  userId: number | null;
  via?: 'upload-token';
  fileName: string;
  content: Buffer;
}

/**
 * One scan file sent over HTTP, by an admin on the upload page or by a machine with the kingdom's upload token: the
 * same import, audit and answer either way (`via` says which in the audit log).
 */
export async function importUploadedScan(
  db: Kysely<Database>,
  input: UploadedFile & { options: ScanUploadOptions; warn: (message: string) => void },
): Promise<ScanImportResponse> {
  const { kingdom, options } = input;
  const fileName = baseName(input.fileName);
  // The game's export is named by the days it covers: it is each member's activity over them, never a scan.
  if (isGameExportName(fileName)) return importUploadedMemberExport(db, { ...input, fileName });
  const file = await importScanFile(db, {
    kingdomKd: kingdom.kd,
    filePath: fileName,
    fileName,
    content: input.content,
    kind: options.kind,
    ...(options.at ? { at: options.at } : {}),
    ...(options.homeKd ? { homeKd: Number(options.homeKd) } : {}),
    replace: options.replace ?? false,
    rolledUp: options.rolledUp ?? false,
    newScan: options.newScan ?? false,
    ...(options.joinScanId ? { joinScanId: Number(options.joinScanId) } : {}),
    // A file most of whose governors the kingdom never had is refused with a question until it is confirmed.
    newGovernors: options.newGovernors ? 'import' : 'ask',
  });
  await auditScanImport(db, {
    userId: input.userId,
    kingdomKd: kingdom.kd,
    kind: options.kind,
    file,
    ...(input.via ? { via: input.via } : {}),
  });
  await refreshAfterImport(db, file, input.warn);
  return { message: importMessage(file), file };
}

async function importUploadedMemberExport(
  db: Kysely<Database>,
  input: UploadedFile,
): Promise<ScanImportResponse> {
  const { kingdom, fileName } = input;
  const result = await importMemberExport(db, { kingdomKd: kingdom.kd, fileName, content: input.content });
  if (result.status === 'imported')
    await auditMemberExportImport(db, input.userId, kingdom.kd, result, input.via ?? 'upload');
  const { status, exportId, from, to, members, matchedBy } = result;
  return {
    message: memberExportSentence(result),
    file: { fileName, scans: [], ignoredColumns: [], warnings: [], skippedSheets: [] },
    memberExport: { status, exportId, from, to, members, matchedBy },
  };
}

/**
 * The request's file. A body of 0 bytes is a file that was chosen but is empty (a scanner export cut short, a
 * placeholder): saying "choose a file" to someone who did was wrong (issue 41).
 */
export function uploadedFile(body: unknown, fileName: string): Buffer {
  if (!Buffer.isBuffer(body)) throw new AppError('BAD_REQUEST', 'Choose a file to upload.');
  if (body.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      `${baseName(fileName)} is empty (0 bytes): nothing to import. Export it from the scanner again and upload the new file.`,
    );
  }
  return body;
}

/** An uploaded file's name as the browser (or curl) gave it, without any folder part. */
export function baseName(name: string): string {
  return name.replace(/^.*[\\/]/, '').trim() || 'upload';
}
