import { MAX_COMPARED_GOVERNORS } from '@kingdom-stats/core/api';
import { useSyncExternalStore } from 'react';

/**
 * The governors picked for compare in the player table, per kingdom (docs/governor.md "Compare"). Kept for the tab
 * (sessionStorage) so that paging, sorting or going back keeps the picks; at most MAX_COMPARED_GOVERNORS.
 */

export interface Picked {
  id: number;
  name: string;
}

const listeners = new Set<() => void>();
const cache = new Map<string, Picked[]>();
const storageKey = (kd: string) => `kingdom-stats:compare:${kd}`;

function read(kd: string): Picked[] {
  const known = cache.get(kd);
  if (known) return known;
  let picked: Picked[] = [];
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(kd)) ?? '[]');
    if (Array.isArray(parsed)) {
      picked = parsed
        .filter((p): p is Picked => typeof p?.id === 'number' && typeof p?.name === 'string')
        .slice(0, MAX_COMPARED_GOVERNORS);
    }
  } catch {
    // Storage unavailable or unreadable: start empty.
  }
  cache.set(kd, picked);
  return picked;
}

function write(kd: string, picked: Picked[]): void {
  cache.set(kd, picked);
  try {
    sessionStorage.setItem(storageKey(kd), JSON.stringify(picked));
  } catch {
    // Private mode without storage: the picks live until the page is left.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useComparePicks(kd: string) {
  const picked = useSyncExternalStore(
    subscribe,
    () => read(kd),
    () => read(kd),
  );
  return {
    picked,
    isPicked: (id: number) => picked.some((p) => p.id === id),
    full: picked.length >= MAX_COMPARED_GOVERNORS,
    toggle: (id: number, name: string) => {
      const now = read(kd);
      if (now.some((p) => p.id === id))
        write(
          kd,
          now.filter((p) => p.id !== id),
        );
      else if (now.length < MAX_COMPARED_GOVERNORS) write(kd, [...now, { id, name }]);
    },
    clear: () => write(kd, []),
  };
}
