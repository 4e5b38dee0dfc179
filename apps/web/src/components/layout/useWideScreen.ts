import { MOBILE_BREAKPOINT_PX } from '@kingdom-stats/core';
import { useSyncExternalStore } from 'react';

/**
 * SPEC §9's breakpoint as the stylesheet's `md:` variant writes it (Tailwind: 48rem), so that what the scripts
 * decide and what the styles show change at the same width, also for a reader whose browser font is not 16 px.
 */
const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX / 16}rem)`;

/** A screen whose pointer cannot hover (a phone's or a tablet's finger). */
const NO_HOVER_QUERY = '(hover: none)';

function subscribeTo(query: string) {
  return (listener: () => void): (() => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  };
}

const subscribe = subscribeTo(WIDE_QUERY);
const subscribeNoHover = subscribeTo(NO_HOVER_QUERY);

function read(): boolean {
  return window.matchMedia(WIDE_QUERY).matches;
}

function readNoHover(): boolean {
  return window.matchMedia(NO_HOVER_QUERY).matches;
}

/** True from SPEC §9's 768 px breakpoint up (the desktop layout); follows the window as it is resized. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}

/**
 * True where the reader taps rather than hovers: below the 768 px breakpoint (phones) or on a screen without hover
 * (a tablet). Texts that point at a mark say "tap" there, "hover" elsewhere (issue 41).
 */
export function useTapScreen(): boolean {
  const wide = useWideScreen();
  const noHover = useSyncExternalStore(subscribeNoHover, readNoHover, () => false);
  return !wide || noHover;
}
