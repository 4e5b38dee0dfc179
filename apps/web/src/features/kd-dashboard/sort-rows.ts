import { sortRows } from '@kingdom-stats/core';
import type { DkpRow } from '@kingdom-stats/core/api';
import type { DkpSort } from './address.ts';

/**
 * The KvK DKP table's rows in the viewer's sort. Farms shown apart (docs/farms.md) stay after every main whatever
 * the sort, as the server lists them: sorted among themselves, never among the mains whose places they do not take.
 */
export function sortDkpRows(rows: readonly DkpRow[], sort: DkpSort): DkpRow[] {
  const inOrder = (list: DkpRow[]) =>
    sortRows(list as unknown as Record<string, unknown>[], [{ ...sort, priority: 1 }]) as unknown as DkpRow[];
  const mains = rows.filter((row) => row['Farm Of'] === undefined);
  const farms = rows.filter((row) => row['Farm Of'] !== undefined);
  return [...inOrder(mains), ...inOrder(farms)];
}
