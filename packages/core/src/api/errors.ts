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
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  error: z.string(),
  message: z.string(),
  detail: z.string(),
  /** For validation failures: which field was wrong and why. */
  issues: z.array(errorIssueSchema).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: ErrorCode, message: string, issues?: ErrorBody['issues']): ErrorBody {
  return {
    statusCode: ERROR_CODES[code],
    code,
    error: message,
    message,
    detail: message,
    ...(issues?.length ? { issues } : {}),
  };
}
