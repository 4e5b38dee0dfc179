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
  recentChanges: z.array(auditEntrySchema),
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

/** POST …/scans: the file is the raw request body (application/octet-stream); its name and options in the query. */
export const scanUploadQuerySchema = z.object({
  fileName: z.string().min(1).max(255),
  kind: z.enum(['kingdom', 'autarch']).default('kingdom'),
  /** ISO-8601; overrides the time the file states. */
  at: z.string().max(40).optional(),
  homeKd: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a kingdom number')
    .optional(),
  replace: flag.optional(),
  rolledUp: flag.optional(),
});

export const scanImportResponseSchema = z.object({
  message: z.string(),
  result: z.object({
    status: z.enum(['imported', 'replaced', 'already-imported']),
    scanId: z.number().int(),
    takenAt: unixSeconds,
    takenAtSource: z.string(),
    name: z.string(),
    rows: z.number().int(),
    sourceFormat: z.string(),
    fileName: z.string(),
    ignoredColumns: z.array(z.string()),
  }),
});
export type ScanImportResponse = z.infer<typeof scanImportResponseSchema>;

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
