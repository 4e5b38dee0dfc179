import { z } from 'zod';
import { FARM_MODES } from '../farms.ts';
import { adminKingdomParamsSchema } from './kingdom-admin.ts';

/** Farm and alt accounts on the per-kingdom admin page (/admin/kingdoms/{kd}/{code}/farms…, docs/farms.md). */

const governorId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const governorIdText = z.string().regex(/^\d{1,16}$/, 'must be a governor ID');

export const farmPolicySchema = z.object({
  mode: z.enum(FARM_MODES),
  /** Share of a farm's kills and deaths added to its main, in percent; used by 'rolled-up' only. */
  weightPct: z.number().int().min(0, 'Weight must be 0 to 100 %').max(100, 'Weight must be 0 to 100 %'),
});
export type FarmPolicyBody = z.infer<typeof farmPolicySchema>;

export const farmLinkSourceSchema = z.enum(['admin', 'cli', 'suggestion-accepted']);

export const farmLinkSchema = z.object({
  farmId: governorId,
  /** The latest name the kingdom's scans give, or null when no scan has the account. */
  farmName: z.string().nullable(),
  mainId: governorId,
  mainName: z.string().nullable(),
  source: farmLinkSourceSchema,
  createdAt: z.number().int(),
});
export type FarmLinkItem = z.infer<typeof farmLinkSchema>;

export const farmSuggestionSchema = z.object({
  farmId: governorId,
  farmName: z.string(),
  mainId: governorId,
  mainName: z.string(),
  /** The Hero Scrolls file whose Rolled Up sheet said so. */
  fileName: z.string(),
});
export type FarmSuggestion = z.infer<typeof farmSuggestionSchema>;

export const farmsResponseSchema = z.object({
  policy: farmPolicySchema,
  links: z.array(farmLinkSchema),
  /** Pending suggestions only (not dismissed, not already linked). */
  suggestions: z.array(farmSuggestionSchema),
});
export type FarmsResponse = z.infer<typeof farmsResponseSchema>;

export const farmLinkBodySchema = z.object({ farmId: governorId, mainId: governorId });
export type FarmLinkBody = z.infer<typeof farmLinkBodySchema>;

export const farmIdParamsSchema = adminKingdomParamsSchema.extend({ farmId: governorIdText });
export const governorLookupParamsSchema = adminKingdomParamsSchema.extend({ governorId: governorIdText });

export const governorLookupResponseSchema = z.object({
  governorId: governorId,
  /** The latest name in the kingdom's scans; null when no scan of the kingdom has this ID. */
  name: z.string().nullable(),
});
export type GovernorLookupResponse = z.infer<typeof governorLookupResponseSchema>;

/** Accept or dismiss: the named farms' suggestions, or every pending one when `farmIds` is left out. */
export const farmSuggestionsBodySchema = z.object({ farmIds: z.array(governorId).max(1000).optional() });
export type FarmSuggestionsBody = z.infer<typeof farmSuggestionsBodySchema>;

/**
 * A farm's mark on the main dashboard in `apart` mode (docs/farms.md): its main's ID and latest name in the kingdom's
 * scans (null when no scan has the main).
 */
export const farmMarkSchema = z.object({ mainId: governorId, mainName: z.string().nullable() });
export type FarmMark = z.infer<typeof farmMarkSchema>;

/** Governor ID (as text) → its mark, for the farms among the rows answered. */
export const farmMarksSchema = z.record(z.string(), farmMarkSchema);
export type FarmMarks = z.infer<typeof farmMarksSchema>;
