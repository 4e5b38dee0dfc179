import type { FormulaDraft } from './editor.ts';

/**
 * An unsaved editor draft kept in this tab while its author signs in (issue 14: signing in from the editor, or
 * after the session expired while editing, brings the draft back). sessionStorage: it stays with the tab, survives
 * the trip through the login page and a reload, and is gone when the tab closes.
 */

const PREFIX = 'formula-draft:';

function keyOf(kd: string, code: string): string {
  return `${PREFIX}${kd.toLowerCase()}:${code}`;
}

export function keepDraft(kd: string, code: string, draft: FormulaDraft): void {
  try {
    window.sessionStorage.setItem(keyOf(kd, code), JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, quota): the sign-in still works, only the draft is not carried over.
  }
}

function isDraft(value: unknown): value is FormulaDraft {
  if (value === null || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return (
    draft.stats !== null &&
    typeof draft.stats === 'object' &&
    Array.isArray(draft.tiers) &&
    Array.isArray(draft.wars) &&
    typeof draft.score_on === 'boolean' &&
    typeof draft.dead_on === 'boolean' &&
    typeof draft.kp_on === 'boolean'
  );
}

/** The kept draft of this kingdom's editor; null when there is none. */
export function readKeptDraft(kd: string, code: string): FormulaDraft | null {
  try {
    const raw = window.sessionStorage.getItem(keyOf(kd, code));
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the kept draft once the editor holds it again (it is in the editor now, not in storage). */
export function forgetKeptDraft(kd: string, code: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(kd, code));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
