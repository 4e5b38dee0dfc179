import { z } from 'zod';

/** Kingdom Management and the per-kingdom admin page (SPEC §2 Admin settings, §7 /admin/kingdoms…). */

const kd = z.number().int().min(1).max(99999);
const unixSeconds = z.number().int();
const timestampText = z.string().regex(/^\d{1,12}$/, 'must be a unix time in seconds');

/** Path parameters of every per-kingdom admin call: the kingdom and its current access code. */
export const adminKingdomParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
  code: z.string().min(1).max(64),
});

/** SPEC §3 "Kingdom (admin list)": kdno, data_tablename, code — plus the name and the number of scans. */
export const adminKingdomListItemSchema = z.object({
  kdno: kd,
  /** Where the kingdom's rows live. There is one shared table (never one per kingdom), so this names it and the kd. */
  data_tablename: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  scans: z.number().int(),
});
export type AdminKingdomListItem = z.infer<typeof adminKingdomListItemSchema>;

export const adminKingdomsResponseSchema = z.object({ kingdoms: z.array(adminKingdomListItemSchema) });
export type AdminKingdomsResponse = z.infer<typeof adminKingdomsResponseSchema>;

export const createKingdomBodySchema = z.object({
  kd,
  /** Omitted: the server chooses a random one. */
  code: z.string().max(64).optional(),
  name: z.string().max(100).optional(),
});
export type CreateKingdomBody = z.infer<typeof createKingdomBodySchema>;

/**
 * The settings a kingdom's admin edits. Stored in kingdoms.settings_json; the dashboard reads
 * `defaultTopFilter`, `defaultDates` (GET /settings/{kd}/{code}) and `showAutarchSwitcher`.
 * Every key is optional in a change: a change sets only the keys it names.
 */
export const kingdomSettingsChangeSchema = z.strictObject({
  /** The player table's default top-N filter; null: everyone. */
  defaultTopFilter: z.number().int().min(1).max(100_000).nullable().optional(),
  /** The period the dashboard opens with, as unix seconds in text (SPEC §3); null: the latest scans. */
  defaultDates: z
    .object({ start: timestampText.nullable(), end: timestampText.nullable() })
    .refine((d) => d.start === null || d.end === null || Number(d.start) <= Number(d.end), {
      message: 'Start date cannot be later than end date',
    })
    .optional(),
  /** SPEC §1: whether viewers see the normal/autarch data-mode switch. */
  showAutarchSwitcher: z.boolean().optional(),
});
export type KingdomSettingsChange = z.infer<typeof kingdomSettingsChangeSchema>;

export const kingdomSettingsSchema = z.object({
  defaultTopFilter: z.number().int().nullable(),
  defaultDates: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  showAutarchSwitcher: z.boolean(),
});
export type KingdomSettings = z.infer<typeof kingdomSettingsSchema>;

/** POST /admin/kingdoms/{kd}/{code}/settings: SPEC's `{settings}`. */
export const adminSettingsBodySchema = z.object({ settings: kingdomSettingsChangeSchema });

export const campSchema = z.object({ id: z.number().int(), name: z.string(), members: z.array(kd) });
export type Camp = z.infer<typeof campSchema>;

export const kvkSeasonSchema = z.object({
  id: z.number().int(),
  kvkNumber: z.number().int(),
  openTime: unixSeconds,
  closeTime: unixSeconds,
});
export type KvkSeason = z.infer<typeof kvkSeasonSchema>;

export const adminScanSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['kingdom', 'autarch']),
  takenAt: unixSeconds,
  name: z.string(),
  rows: z.number().int(),
  sourceFormat: z.string(),
  importedAt: unixSeconds,
});
export type AdminScan = z.infer<typeof adminScanSchema>;

export const uploadSummarySchema = z.object({
  kvkNumber: z.number().int(),
  governors: z.number().int(),
  /** Unix seconds of the latest upload. */
  updatedAt: unixSeconds,
});
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: unixSeconds,
  username: z.string().nullable(),
  action: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Recent changes come in pages of this many, newest first. */
export const RECENT_CHANGES_PAGE_SIZE = 20;

/** GET /admin/kingdoms/{kd}/{code}/changes?before=…: the page of changes older than the cursor. */
export const recentChangesQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}-\d{1,15}$/, 'must be the next cursor of a previous page')
    .optional(),
});

export const recentChangesResponseSchema = z.object({
  changes: z.array(auditEntrySchema),
  /** The cursor of the next (older) page, or null at the first change. */
  next: z.string().nullable(),
});
export type RecentChangesResponse = z.infer<typeof recentChangesResponseSchema>;

/** GET /admin/kingdoms/{kd}/{code}: everything the per-kingdom page shows. */
export const adminKingdomResponseSchema = z.object({
  kingdom: z.object({
    kd,
    name: z.string().nullable(),
    code: z.string(),
    data_tablename: z.string(),
    createdAt: unixSeconds,
  }),
  settings: kingdomSettingsSchema,
  camps: z.array(campSchema),
  seasons: z.array(kvkSeasonSchema),
  scans: z.array(adminScanSchema),
  prekvk: z.array(uploadSummarySchema),
  hoh: z.array(uploadSummarySchema),
  /** Honor points with IDs per KvK (issue 37; KvK DKP's Honor Points). */
  honor: z.array(uploadSummarySchema),
  recentChanges: z.array(auditEntrySchema),
  /** The cursor of the changes before these (GET …/changes?before=), or null when these are all. */
  recentChangesNext: z.string().nullable(),
});
export type AdminKingdomResponse = z.infer<typeof adminKingdomResponseSchema>;

export const settingsChangeResponseSchema = z.object({
  message: z.string(),
  settings: kingdomSettingsSchema,
});

export const kingdomNameBodySchema = z.object({ name: z.string().max(100).nullable() });

export const rotateCodeBodySchema = z.object({
  /** A code of the admin's choosing; omitted: a random one. */
  code: z.string().max(64).optional(),
});
export const rotateCodeResponseSchema = z.object({ message: z.string(), code: z.string() });

export const campBodySchema = z.object({
  name: z.string().max(100),
  members: z.array(kd).min(1).max(64),
});
export const campIdParamsSchema = adminKingdomParamsSchema.extend({
  campId: z.string().regex(/^\d{1,12}$/, 'must be a camp id'),
});

export const kvkSeasonBodySchema = z.object({
  kvkNumber: z.number().int().min(1).max(100_000),
  openTime: unixSeconds,
  closeTime: unixSeconds,
});
export const kvkNumberParamsSchema = adminKingdomParamsSchema.extend({
  kvk: z.string().regex(/^\d{1,6}$/, 'must be a KvK number'),
});

export const scanIdParamsSchema = adminKingdomParamsSchema.extend({
  scanId: z.string().regex(/^\d{1,12}$/, 'must be a scan id'),
});

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * POST …/scans: the file is the raw request body (application/octet-stream); its name and options in the query.
 * Where a file's scans go (a new scan, or added to a moment the map already has): docs/import-formats.md.
 */
export const scanUploadQuerySchema = z.object({
  fileName: z.string().min(1).max(255),
  kind: z.enum(['kingdom', 'autarch']).default('kingdom'),
  /** ISO-8601; overrides the time the file states. Refused for a file holding several scans. */
  at: z.string().max(40).optional(),
  homeKd: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a kingdom number')
    .optional(),
  /** Replace what is stored for the file's governors (a whole scan of the same home kingdoms, or its rows). */
  replace: flag.optional(),
  rolledUp: flag.optional(),
  /** Make a scan of its own even when the file's time is near a scan of other home kingdoms. */
  newScan: flag.optional(),
  /** Add the file's governors to this scan (of the same kingdom and kind), whatever its time. */
  joinScanId: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a scan id')
    .optional(),
  /**
   * The admin confirmed it: import a file most of whose governors the kingdom never had. Without it such a file is
   * refused with NEW_GOVERNORS (the share named) when the kingdom has scans (docs/import-formats.md).
   */
  newGovernors: flag.optional(),
});

/** What one scan of an imported file became. */
export const importedScanSchema = z.object({
  /**
   * imported: a new scan; added: the governors joined a scan of other home kingdoms at that moment; replaced: they
   * replaced stored values (the replace option); already-imported: the same governors with the same values were
   * there, nothing changed.
   */
  status: z.enum(['imported', 'added', 'replaced', 'already-imported']),
  scanId: z.number().int(),
  /** The scan's time (an added file's governors take the time of the scan they joined). */
  takenAt: unixSeconds,
  /** Where the time came from: given, the file's name, a sheet's name, a Summary sheet, a date column, … */
  takenAtSource: z.string(),
  /** The scan's name (for added: the name of the scan joined). */
  name: z.string(),
  /** Governor rows of the file in this scan. */
  rows: z.number().int(),
  /** Which scanner wrote it, from the headers (roktracker-v6, hero-scrolls, canonical-csv, …). */
  sourceFormat: z.string(),
  /** Workbooks: the sheet this scan was read from. */
  sheetName: z.string().optional(),
  /** Rows that repeated another row exactly and were kept once. */
  mergedRepeatedRows: z.number().int(),
  /** Rows left out, with the row number as the person sees it and the reason. */
  skippedRows: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ImportedScan = z.infer<typeof importedScanSchema>;

/** The result of importing one file: every scan it held, and what it could not give. */
export const scanFileResultSchema = z.object({
  fileName: z.string(),
  scans: z.array(importedScanSchema),
  /** Headers no alias knows; their cells were not imported. */
  ignoredColumns: z.array(z.string()),
  /**
   * Headers read other than by the alias table: `words` (their words, 'KillsTOne' as t1_kills), `position` (the
   * game's export in a language without a header table), or a language's table ('vietnamese').
   */
  matchedColumns: z.array(z.object({ header: z.string(), column: z.string(), how: z.string() })).optional(),
  /** Plain sentences: DKP formula terms and dashboard columns that this file leaves unknown. */
  warnings: z.array(z.string()),
  /** Workbook sheets that are not scans, with why. */
  skippedSheets: z.array(z.object({ name: z.string(), reason: z.string() })),
  /** Values the data-quality checks flagged in the file's scans (issue 12), when any: where to review them. */
  misreads: z.object({ count: z.number().int(), reviewPath: z.string() }).optional(),
  /** How a sheet was read beyond the alias table (a whole-map Full Data sheet's max columns), in sentences. */
  notes: z.array(z.string()).optional(),
  /**
   * A whole-map file's camps on the importing kingdom's map: created (new), matched (an existing camp holding its
   * kingdoms; `added` the kingdoms it gained) or unchanged.
   */
  camps: z
    .array(
      z.object({
        name: z.string(),
        status: z.enum(['created', 'matched']),
        kds: z.array(z.number().int()),
        added: z.array(z.number().int()),
      }),
    )
    .optional(),
});
export type ScanFileResult = z.infer<typeof scanFileResultSchema>;

/**
 * The game's member export, imported as each member's activity between its two dates (never a scan; issue 37,
 * docs/import-formats.md "The game's member export").
 */
export const memberExportResultSchema = z.object({
  status: z.enum(['imported', 'already-imported']),
  exportId: z.number().int(),
  /** 'YYYY-MM-DD': the first and last day the game exported it for. */
  from: z.string(),
  to: z.string(),
  members: z.number().int(),
  /** 'english', 'vietnamese' (a header table) or 'position' (headers in a language not listed). */
  matchedBy: z.string(),
});
export type MemberExportResultBody = z.infer<typeof memberExportResultSchema>;

export const scanImportResponseSchema = z.object({
  /** What happened, in sentences, e.g. "Imported 249 governors as scan 2025-06-27; 1 repeated row merged". */
  message: z.string(),
  /** For a member export: its name and no scans (the export is in `memberExport`). */
  file: scanFileResultSchema,
  memberExport: memberExportResultSchema.optional(),
});
export type ScanImportResponse = z.infer<typeof scanImportResponseSchema>;

/** PATCH …/scans/{scanId}: a scan's new name (control characters are removed). */
export const scanRenameBodySchema = z.object({ name: z.string().trim().min(1).max(100) });
export const scanRenameResponseSchema = z.object({
  message: z.string(),
  scan: z.object({ id: z.number().int(), name: z.string() }),
});
export type ScanRenameResponse = z.infer<typeof scanRenameResponseSchema>;

/** POST …/prekvk and …/hoh: a CSV or xlsx file as the raw body, for one KvK. */
export const kvkUploadQuerySchema = z.object({
  fileName: z.string().min(1).max(255),
  kvk: z.string().regex(/^\d{1,6}$/, 'must be a KvK number'),
});

export const kvkUploadResponseSchema = z.object({
  message: z.string(),
  kvkNumber: z.number().int(),
  /** Governor rows stored (added or updated). */
  rows: z.number().int(),
  /** Rows left out on purpose, such as a template's example rows. */
  skipped: z.number().int(),
  ignoredColumns: z.array(z.string()),
});
export type KvkUploadResponse = z.infer<typeof kvkUploadResponseSchema>;

// A machine's upload (a scanner or a bot, with the kingdom's upload token): POST /api/upload/{kd}/scans

/** The upload page's options; the file's name may come from the multipart part (`curl -F file=@scan.xlsx`). */
export const tokenScanUploadQuerySchema = scanUploadQuerySchema.extend({
  fileName: z.string().min(1).max(255).optional(),
});

export const tokenScanUploadParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
});
