import type { FilterOperator } from '@kingdom-stats/core';

/**
 * How an applied condition reads in its chip (the player table) and in the filter editor. Apart from FilterModal.tsx
 * so that the table does not pull the editor, which loads when first opened (lazy-parts.tsx), into the first screen.
 */
export const OPERATOR_SYMBOLS: Record<FilterOperator, string> = {
  contains: 'contains',
  equals: '=',
  greater: '>',
  less: '<',
};
