import { DIPLO_LOADING_DELAY_MS } from '@kingdom-stats/core';
import { useEffect, useRef, useState } from 'react';

/** The Diplo button says "Loading..." for SPEC's moment before the diplomatic overview opens. */
export function useDiploOpening() {
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const start = () => {
    setLoading(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setLoading(false);
      setOpen(true);
    }, DIPLO_LOADING_DELAY_MS);
  };
  return { open, loading, start, close: () => setOpen(false) };
}
