import { createHash } from 'node:crypto';

/**
 * A short, stable digest of a list of strings, for cache keys: the dashboards' periods, the farm policy and the review
 * marks are cached under keys made of what they were computed from, and any change to one part gives another key.
 */
export function fingerprint(parts: readonly (string | number)[]): string {
  return createHash('sha1').update(parts.join('\u0000')).digest('base64url');
}
