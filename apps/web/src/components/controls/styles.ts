/** Shared control looks, so every screen's buttons and inputs match. */

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

export const buttonBase =
  `inline-flex items-center justify-center gap-2 rounded-lg text-sm font-medium whitespace-nowrap transition-colors ` +
  `disabled:cursor-not-allowed disabled:opacity-50 ${focus}`;

export const primaryButton =
  `${buttonBase} h-9 bg-sky-500 px-4 text-slate-950 hover:bg-sky-400 ` +
  `disabled:bg-slate-800 disabled:text-slate-400 disabled:opacity-100`;

export const secondaryButton =
  `${buttonBase} h-9 border border-slate-700 bg-slate-900 px-3 text-slate-200 hover:border-slate-500 ` +
  `hover:bg-slate-800 disabled:hover:bg-slate-900`;

export const ghostButton = `${buttonBase} h-9 px-3 text-slate-300 hover:bg-slate-800 hover:text-white`;

export const iconButton = `${buttonBase} size-9 text-slate-300 hover:bg-slate-800 hover:text-white`;

export const selectClass =
  `h-9 rounded-lg border border-slate-700 bg-slate-900 px-2.5 text-sm text-slate-100 hover:border-slate-500 ` +
  `disabled:opacity-50 ${focus}`;

export const inputClass =
  `h-9 rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm text-slate-100 placeholder:text-slate-500 ` +
  `hover:border-slate-500 ${focus}`;

/**
 * The charts' toggle buttons (counter, totals or gains, season), pressed or not. `bordered`: one standing alone,
 * not inside a bordered group.
 */
export function pillButton(pressed: boolean, bordered = false): string {
  const pill =
    'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400';
  const state = pressed ? 'bg-sky-500/20 text-sky-100' : 'text-slate-300 hover:text-white';
  return `${pill}${bordered ? ' border border-slate-700' : ''} ${state}`;
}
