import { z } from 'zod';
import { adminKingdomParamsSchema } from './kingdom-admin.ts';

/**
 * Migration lists (issue 40 item 5; docs/migration-list.md): per kingdom and KvK season, governors proposed to leave
 * or to arrive. Kingdom-admin calls under /api/admin/kingdoms/{kd}/{code}/migration-list:
 * - GET    ?season=N                        → migrationListResponseSchema (the current season without ?season)
 * - POST   /{kvk}            migrationEntryAddBodySchema    → 201 migrationEntryResponseSchema
 * - PATCH  /{kvk}/{governorId} migrationEntryUpdateBodySchema → migrationEntryResponseSchema
 * - DELETE /{kvk}/{governorId}                   → migrationMessageResponseSchema
 * - POST   /{kvk}/fill                           → migrationFillResponseSchema
 * - GET    /{kvk}/export.csv                     → text/csv (MIGRATION_LIST_CSV_COLUMNS)
 * Failures are the one error body (errors.ts): 404 for an unknown season or entry, 409 CONFLICT for a governor
 * already on the season's list.
 */

export const MIGRATION_DIRECTIONS = ['leave', 'arrive'] as const;
export type MigrationDirection = (typeof MIGRATION_DIRECTIONS)[number];

/** Four independent facts, not one status: a governor is contacted, then migrated, and may be zeroed too. */
export const MIGRATION_FLAGS = ['contacted', 'excluded', 'migrated', 'zeroed'] as const;
export type MigrationFlag = (typeof MIGRATION_FLAGS)[number];

export const MIGRATION_REASON_MAX = 500;
export const MIGRATION_NOTE_MAX = 500;
export const MIGRATION_NAME_MAX = 64;

export const migrationListParamsSchema = adminKingdomParamsSchema;
export const migrationSeasonParamsSchema = adminKingdomParamsSchema.extend({
  kvk: z.string().regex(/^\d{1,6}$/, 'must be a KvK number'),
});
export const migrationEntryParamsSchema = migrationSeasonParamsSchema.extend({
  governorId: z.string().regex(/^\d{1,12}$/, 'must be a governor ID'),
});

export const migrationListQuerySchema = z.object({
  season: z.coerce.number().int().min(1).max(999_999).optional(),
});

export const migrationEntrySchema = z.object({
  governorId: z.number().int(),
  name: z.string(),
  direction: z.enum(MIGRATION_DIRECTIONS),
  reason: z.string(),
  contacted: z.boolean(),
  excluded: z.boolean(),
  migrated: z.boolean(),
  zeroed: z.boolean(),
  note: z.string(),
  /** Username of the admin who last changed the entry ('cli' from the command line). */
  updatedBy: z.string(),
  /** Unix seconds of the last change. */
  updatedAt: z.number().int(),
});
export type MigrationEntry = z.infer<typeof migrationEntrySchema>;

export const migrationSeasonSchema = z.object({
  kvkNumber: z.number().int(),
  openTime: z.number().int(),
  closeTime: z.number().int(),
});

export const migrationListResponseSchema = z.object({
  /** The kingdom's KvK seasons, oldest first. */
  seasons: z.array(migrationSeasonSchema),
  /** The season answered: ?season, else the current one; null when the kingdom has no season yet. */
  season: z.number().int().nullable(),
  /** Leaves first, then arrivals; by name within each. */
  entries: z.array(migrationEntrySchema),
});
export type MigrationListResponse = z.infer<typeof migrationListResponseSchema>;

export const migrationEntryAddBodySchema = z.object({
  governorId: z.number().int().min(1).max(999_999_999_999),
  name: z.string().trim().max(MIGRATION_NAME_MAX).default(''),
  direction: z.enum(MIGRATION_DIRECTIONS),
  reason: z.string().trim().max(MIGRATION_REASON_MAX).default(''),
  note: z.string().trim().max(MIGRATION_NOTE_MAX).default(''),
  contacted: z.boolean().default(false),
  excluded: z.boolean().default(false),
  migrated: z.boolean().default(false),
  zeroed: z.boolean().default(false),
});
export type MigrationEntryAdd = z.infer<typeof migrationEntryAddBodySchema>;
export type MigrationEntryAddInput = z.input<typeof migrationEntryAddBodySchema>;

/** Only the fields sent change. */
export const migrationEntryUpdateBodySchema = z
  .object({
    name: z.string().trim().max(MIGRATION_NAME_MAX),
    direction: z.enum(MIGRATION_DIRECTIONS),
    reason: z.string().trim().max(MIGRATION_REASON_MAX),
    note: z.string().trim().max(MIGRATION_NOTE_MAX),
    contacted: z.boolean(),
    excluded: z.boolean(),
    migrated: z.boolean(),
    zeroed: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type MigrationEntryUpdate = z.infer<typeof migrationEntryUpdateBodySchema>;

export const migrationEntryResponseSchema = z.object({ message: z.string(), entry: migrationEntrySchema });
export const migrationMessageResponseSchema = z.object({ message: z.string() });

export const migrationFillResponseSchema = z.object({
  message: z.string(),
  /** The entries added, from the season's arrivals and departures. */
  added: z.array(migrationEntrySchema),
  /** Governors of the movements already on the list (left as they were). */
  alreadyListed: z.number().int(),
});
export type MigrationFillResponse = z.infer<typeof migrationFillResponseSchema>;

/** The CSV export's columns, in order (English, one entry a line; flags as yes/no). */
export const MIGRATION_LIST_CSV_COLUMNS = [
  'kvk',
  'governor_id',
  'name',
  'direction',
  'reason',
  'contacted',
  'excluded',
  'migrated',
  'zeroed',
  'note',
  'updated_by',
  'updated_at_utc',
] as const;
