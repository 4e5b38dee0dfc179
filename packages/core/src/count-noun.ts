import { formatInteger } from './numbers.ts';

/**
 * A count with its noun in the right number: '1 governor', '0 governors', '3,712 governors'. English only; the
 * plural defaults to the singular plus 's' and can be given for irregular nouns.
 */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}
