import { compareNames } from './name-order.ts';

/**
 * Colours for camps and governor avatars (SPEC §2 Kingdom Wise Performance, player avatars). Camps take the
 * 16-colour palette in the order of their sorted names, cycling after 16, so the same camps get the same colours
 * on every table and in every browser; anything without a known camp is grey. Avatars take a palette colour from a
 * hash of the name, so a governor keeps the same colour across pages and visits.
 */

/** Bright enough to read on the dark theme, and distinct from each other in the order camps take them. */
export const CAMP_PALETTE = [
  '#38bdf8', // sky
  '#fb7185', // rose
  '#34d399', // emerald
  '#fbbf24', // amber
  '#a78bfa', // violet
  '#fb923c', // orange
  '#2dd4bf', // teal
  '#f472b6', // pink
  '#a3e635', // lime
  '#818cf8', // indigo
  '#f87171', // red
  '#22d3ee', // cyan
  '#facc15', // yellow
  '#e879f9', // fuchsia
  '#4ade80', // green
  '#60a5fa', // blue
] as const;

export const CAMP_FALLBACK_COLOR = '#94a3b8';

function usableName(name: string | null | undefined): name is string {
  return typeof name === 'string' && name.trim() !== '';
}

/** Camp name → colour, for every distinct non-blank name, by sorted name. */
export function campColorMap(names: Iterable<string | null | undefined>): Map<string, string> {
  const distinct = [...new Set([...names].filter(usableName))].sort(
    (a, b) => compareNames(a, b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return new Map(distinct.map((name, index) => [name, CAMP_PALETTE[index % CAMP_PALETTE.length]!]));
}

/** The camp's colour in `colors`, or grey for no camp or a camp the map does not know. */
export function campColor(colors: ReadonlyMap<string, string>, name: string | null | undefined): string {
  return (usableName(name) && colors.get(name)) || CAMP_FALLBACK_COLOR;
}

/** FNV-1a, 32 bits: small, fast and spreads similar names apart. */
export function hashName(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A palette colour from the name itself (avatars; also a camp colour that needs no list of camps). */
export function colorFromName(name: string | null | undefined): string {
  if (!usableName(name)) return CAMP_FALLBACK_COLOR;
  return CAMP_PALETTE[hashName(name.trim()) % CAMP_PALETTE.length]!;
}

/**
 * Avatar initials: the first two letters or digits of the name, upper-cased ('??' when it has none), so tags and
 * decorations such as '[ABC]' or '★' do not become initials.
 */
export function initials(name: string | null | undefined): string {
  const characters = Array.from(name ?? '').filter((char) => /[\p{L}\p{N}]/u.test(char));
  if (characters.length === 0) return '??';
  return characters.slice(0, 2).join('').toUpperCase();
}
