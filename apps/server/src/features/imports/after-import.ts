import type { ScanFileResult } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What every import tells its listeners, after its transaction committed. */
export interface ImportedEvent {
  db: Kysely<Database>;
  kingdomKd: number;
  result: ScanFileResult;
}

export type ImportListener = (event: ImportedEvent) => void;

const listeners = new Set<ImportListener>();

/**
 * Work that follows an import without being part of it (Discord announcements): a listener is called after the
 * import stored its scans, must not throw and must not make the import wait (it starts its own promise). Several
 * servers may share a process (tests): a listener compares event.db with its own. Answers the unsubscribe.
 */
export function onScansImported(listener: ImportListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tellScansImported(event: ImportedEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A listener's failure is its own to report; the import has succeeded.
    }
  }
}
