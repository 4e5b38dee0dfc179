import { MOBILE_BREAKPOINT_PX } from '@kingdom-stats/core';
import { useSyncExternalStore } from 'react';

/**
 * SPEC §9's breakpoint as the stylesheet's `md:` variant writes it (Tailwind: 48rem), so that what the scripts
 * decide and what the styles show change at the same width, also for a reader whose browser font is not 16 px.
 */
const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX / 16}rem)`;

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

function read(): boolean {
  return window.matchMedia(WIDE_QUERY).matches;
}

/** True from SPEC §9's 768 px breakpoint up (the desktop layout); follows the window as it is resized. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
