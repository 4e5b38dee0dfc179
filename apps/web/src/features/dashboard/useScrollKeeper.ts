import { useCallback, useEffect, useRef } from 'react';

/** SPEC §9: restore within 5 px, up to 5 retries 50 ms apart, and stop waiting for a busy table after 2 s. */
export const SCROLL_TOLERANCE_PX = 5;
export const SCROLL_MAX_RETRIES = 5;
export const SCROLL_RETRY_DELAY_MS = 50;
export const SCROLL_BUSY_TIMEOUT_MS = 2000;

/**
 * Keeps the reader where they were when the player table re-renders after a filter, search, sort, page or date
 * change. Call `remember()` just before changing what the table shows; once the table is no longer busy (or after
 * the busy timeout) the window is scrolled back, retrying while the layout settles.
 */
export function useScrollKeeper(busy: boolean, version: unknown) {
  const saved = useRef<{ y: number; since: number } | null>(null);
  const timers = useRef<number[]>([]);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, []);

  const restore = useCallback(
    (y: number) => {
      clearTimers();
      let attempts = 0;
      const attempt = () => {
        if (Math.abs(window.scrollY - y) <= SCROLL_TOLERANCE_PX) return;
        window.scrollTo({ top: y, left: window.scrollX, behavior: 'instant' });
        attempts++;
        if (attempts <= SCROLL_MAX_RETRIES)
          timers.current.push(window.setTimeout(attempt, SCROLL_RETRY_DELAY_MS));
      };
      attempt();
    },
    [clearTimers],
  );

  const remember = useCallback(() => {
    saved.current = { y: window.scrollY, since: Date.now() };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger (a new answer was drawn)
  useEffect(() => {
    const pending = saved.current;
    if (!pending) return;
    if (busy) {
      const left = SCROLL_BUSY_TIMEOUT_MS - (Date.now() - pending.since);
      const timer = window.setTimeout(
        () => {
          if (saved.current === pending) {
            saved.current = null;
            restore(pending.y);
          }
        },
        Math.max(0, left),
      );
      return () => window.clearTimeout(timer);
    }
    saved.current = null;
    restore(pending.y);
    return undefined;
  }, [busy, version, restore]);

  useEffect(() => clearTimers, [clearTimers]);

  return remember;
}
