import { ApiError } from '../../api/client.ts';
import { translate } from '../../i18n/i18n.ts';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * SPEC §8 Rally: the server's detail, else its message, else 'Failed to fetch rally data' (also for network
 * failures and answers that are not the API's error body, whose wording means nothing to a player).
 */
export function rallyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as { detail?: unknown; message?: unknown };
    return text(body.detail) ?? text(body.message) ?? translate('rally.fetchFailed');
  }
  return translate('rally.fetchFailed');
}
