/** How screens name a kingdom in headings, e.g. 'Kingdom 1001'. */
export function kingdomLabel(kd: string | number | undefined): string {
  return `Kingdom ${kd ?? ''}`.trim();
}
