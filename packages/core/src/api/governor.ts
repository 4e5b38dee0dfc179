import { z } from 'zod';
import { allianceActivityRowSchema } from './alliance-activity.ts';
import { kingdomCodeParamsSchema } from './dashboard.ts';

/**
 * The governor page's call (issue 13 item 1; docs/governor.md):
 * - GET /api/governor/{kd}/{governorId}/{code} → governorResponseSchema
 * A viewer call like the dashboards': kd + the kingdom's access code (404 'Kingdom not found' when the pair is wrong,
 * counted by the same rate limits). A governor the kingdom's scans never saw answers 200 with no scans (the page's
 * empty state), so a right code is never counted as a guess. Every number is raw; null = unknown, never 0.
 */

export const governorParamsSchema = kingdomCodeParamsSchema.extend({
  governorId: z.string().regex(/^\d{1,12}$/, 'must be a governor ID'),
});
export type GovernorParams = z.infer<typeof governorParamsSchema>;

const n = z.number().nullable();

/** extra_json keys of a scan row (docs/import-formats.md) shown as the governor's profile, in the page's order. */
export const GOVERNOR_PROFILE_KEYS = [
  'town_hall',
  'troop_power',
  'tech_power',
  'building_power',
  'commander_power',
  'civilization',
  'kvk_played',
  'kvk_kills_high',
  'kvk_deads_high',
  'kvk_severely_wounds_high',
  'aoo_joined',
  'aoo_won',
  'aoo_avg_kill',
  'aoo_avg_dead',
  'aoo_avg_heal',
  'credit',
] as const;
export type GovernorProfileKey = (typeof GOVERNOR_PROFILE_KEYS)[number];

/** Each profile key the latest scan holds: a number, or text (civilization). */
const governorProfileSchema = z.partialRecord(
  z.enum(GOVERNOR_PROFILE_KEYS),
  z.union([z.number(), z.string()]),
);

/** One kingdom scan of the governor, as stored (totals). */
export const governorScanSchema = z.object({
  takenAt: z.number().int(),
  name: z.string(),
  alliance: z.string().nullable(),
  homeKd: n,
  power: n,
  killPoints: n,
  t4Kills: n,
  t5Kills: n,
  dead: n,
  healed: n,
});
export type GovernorScan = z.infer<typeof governorScanSchema>;

/**
 * The governor's row of the KD DKP dashboard for one season (its whole period) or one war (that war alone): the very
 * numbers that dashboard answers for the same period. Null when the governor has no row there (not one of the
 * kingdom's own governors in it, or no scan of it).
 */
export const governorDkpSchema = z.object({
  powerChange: n,
  killPoints: n,
  t4Kills: n,
  t5Kills: n,
  dead: n,
  healed: n,
  dkp: n,
  goal: n,
  reached: n,
  /**
   * 1 = highest DKP of the kingdom's governors in that period (the KD DKP table's order); null for a farm shown apart,
   * which the KD DKP table lists after every main without a rank (docs/farms.md).
   */
  rank: z.number().int().nullable(),
  /** How many governors that period ranks (farms shown apart are not among them). */
  ranked: z.number().int(),
  /** A farm shown apart: its main's governor ID. */
  farmOf: z.number().int().optional(),
  /**
   * Issue 36: the counters whose gain went down in that period (a misread at one end), whose values here are
   * unknown (docs/data-quality.md, "Gains that went down"); absent when none.
   */
  decreased: z.array(z.string()).optional(),
});
export type GovernorDkp = z.infer<typeof governorDkpSchema>;

export const governorSeasonSchema = z.object({
  kvkNumber: z.number().int(),
  openTime: z.number().int(),
  closeTime: z.number().int(),
  result: governorDkpSchema.nullable(),
});

export const governorWarSchema = z.object({
  name: z.string(),
  /** Scan times the war is scored between (its before and after scans). */
  start: z.number().int(),
  end: z.number().int(),
  result: governorDkpSchema.nullable(),
});

/** A value the governor held from its first to its last scan with it (unix seconds); changes only. */
export const historyEntrySchema = z.object({
  value: z.string().nullable(),
  from: z.number().int(),
  to: z.number().int(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const linkedAccountSchema = z.object({
  governorId: z.number().int(),
  /** The latest name in the kingdom's scans; null when no scan has the account. */
  name: z.string().nullable(),
});
export const linkedAccountsSchema = z.object({
  main: linkedAccountSchema.nullable(),
  farms: z.array(linkedAccountSchema),
});
export type LinkedAccounts = z.infer<typeof linkedAccountsSchema>;

/**
 * One of the game's member exports as it counts the governor: what he did from the first to the last day of the
 * export (never a total at one moment), with the name the export gives him. null: the cell was empty.
 */
export const exportActivitySchema = z.object({
  exportId: z.number().int(),
  /** 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  name: z.string(),
  power: n,
  highestPower: n,
  killPoints: n,
  t1Kills: n,
  t2Kills: n,
  t3Kills: n,
  t4Kills: n,
  t5Kills: n,
  t1Dead: n,
  t2Dead: n,
  t3Dead: n,
  t4Dead: n,
  t5Dead: n,
  rssGathered: n,
  helps: n,
});
export type ExportActivity = z.infer<typeof exportActivitySchema>;

export const governorResponseSchema = z.object({
  kd: z.number().int(),
  governorId: z.number().int(),
  /** From the governor's latest kingdom scan; null when no kingdom scan has the governor. */
  header: z
    .object({
      name: z.string(),
      alliance: z.string().nullable(),
      homeKd: n,
      power: n,
      lastSeen: z.number().int(),
      /** The formula's goal tier that power falls in (bounds in millions) and the DKP goal it sets; null: none. */
      goalTier: z.object({ from: z.number(), to: z.number(), dkpGoal: n }).nullable(),
    })
    .nullable(),
  /** Every kingdom scan with the governor, oldest first. */
  scans: z.array(governorScanSchema),
  seasons: z.array(governorSeasonSchema),
  wars: z.array(governorWarSchema),
  history: z.object({
    names: z.array(historyEntrySchema),
    alliances: z.array(historyEntrySchema),
    homeKds: z.array(historyEntrySchema),
  }),
  prekvk: z.array(
    z.object({
      kvkNumber: z.number().int(),
      stage1: z.number(),
      stage2: z.number(),
      stage3: z.number(),
      total: z.number(),
    }),
  ),
  /** Hall of Heroes deaths per KvK (null: that cell unknown). */
  hoh: z.array(z.object({ kvkNumber: z.number().int(), t4Dead: n, t5Dead: n })),
  /** Rallies of the kingdom the governor launched and joined (all time). */
  rallies: z.object({ launched: z.number().int(), joined: z.number().int() }),
  /** Farm links (docs/farms.md): the governor's main when it is a farm, its farms when it is a main. */
  linkedAccounts: linkedAccountsSchema,
  /** The Discord users an admin approved as this governor's player (docs/discord.md); absent when none. */
  discordPlayers: z.array(z.string()).optional(),
  /** What the game's member exports say the governor did between their dates (issue 37), oldest first; absent: none. */
  exportActivity: z.array(exportActivitySchema).optional(),
  /**
   * The profile columns the latest scan's scanner read (the 35-column file, issue 37): city hall, power split,
   * civilization, KvK bests, Ark of Osiris, conduct; absent when the latest scan has none of them.
   */
  profile: governorProfileSchema.optional(),
  /** Weekly alliance activity (issue 37), newest week first, at most 8 weeks; absent when none was imported. */
  allianceActivity: z
    .array(
      // The Activity screen's row without who (the page is the governor's), with the week: YYYY-MM-DD, its Monday (UTC).
      allianceActivityRowSchema.omit({ governorId: true, name: true }).extend({ weekStart: z.string() }),
    )
    .optional(),
});
export type GovernorResponse = z.infer<typeof governorResponseSchema>;

/**
 * Compare (issue 13 item 4; docs/governor.md "Compare"):
 * - GET /api/compare/{kd}/{code}?ids=1,2,3 → governorCompareResponseSchema
 * Two to six governors' scans in one call, for one chart. The same viewer rules as the governor page.
 */
export const MAX_COMPARED_GOVERNORS = 6;

export const governorCompareQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d{1,12}(,\d{1,12}){1,5}$/, 'must be 2 to 6 governor IDs separated by commas')
    .refine((text) => new Set(text.split(',')).size >= 2, 'must name at least 2 different governors'),
});
export type GovernorCompareQuery = z.infer<typeof governorCompareQuerySchema>;

export const comparedGovernorSchema = z.object({
  governorId: z.number().int(),
  /** From the governor's latest kingdom scan; null when no scan of the kingdom has the governor. */
  name: z.string().nullable(),
  alliance: z.string().nullable(),
  /** Every kingdom scan with the governor, oldest first (as on the governor page). */
  scans: z.array(governorScanSchema),
});
export type ComparedGovernor = z.infer<typeof comparedGovernorSchema>;

export const governorCompareResponseSchema = z.object({
  kd: z.number().int(),
  /** In the order asked, each ID once. */
  governors: z.array(comparedGovernorSchema),
  seasons: z.array(
    z.object({ kvkNumber: z.number().int(), openTime: z.number().int(), closeTime: z.number().int() }),
  ),
});
export type GovernorCompareResponse = z.infer<typeof governorCompareResponseSchema>;
