import { z } from 'zod';

/**
 * Every failure the API answers has this one body. The browser reads `error`, `detail` or `message` depending on
 * the screen (SPEC §8), so all three carry the same human-readable sentence; `code` is for programs.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IMPORT_REFUSED: 422,
  /** A scan file most of whose governors the kingdom never had: imported only when the request confirms it. */
  NEW_GOVERNORS: 409,
  /** A change to a past KvK season's rules without the request's confirmation (docs/dkp.md, "Each season's rules"). */
  PAST_SEASON: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

/** NEW_GOVERNORS: the file and the share of its governors the kingdom never had (docs/import-formats.md). */
export const newGovernorsDetailSchema = z.object({
  fileName: z.string(),
  kingdom: z.number().int(),
  /** The file's governors of the kingdom never seen in any of its scans. */
  unseen: z.number().int(),
  /** The file's governors of the kingdom (its home kingdom's rows). */
  total: z.number().int(),
});
export type NewGovernorsDetail = z.infer<typeof newGovernorsDetailSchema>;

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  error: z.string(),
  message: z.string(),
  detail: z.string(),
  /** For validation failures: which field was wrong and why. */
  issues: z.array(errorIssueSchema).optional(),
  /** With NEW_GOVERNORS: what the question names. */
  newGovernors: newGovernorsDetailSchema.optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(
  code: ErrorCode,
  message: string,
  issues?: ErrorBody['issues'],
  newGovernors?: NewGovernorsDetail,
): ErrorBody {
  return {
    statusCode: ERROR_CODES[code],
    code,
    error: message,
    message,
    detail: message,
    ...(issues?.length ? { issues } : {}),
    ...(newGovernors ? { newGovernors } : {}),
  };
}
