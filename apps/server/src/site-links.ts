/**
 * The addresses a host hands out: the start banner and the CLI print them. PUBLIC_URL is the address people reach
 * the site at (behind a reverse proxy, say https://stats.example.org); without it, this machine's own port.
 */
export function siteBase(env: NodeJS.ProcessEnv = process.env, listeningPort?: number): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `http://localhost:${listeningPort ?? (env.PORT || 3000)}`;
}

/**
 * What the CLI adds under links it prints without PUBLIC_URL: the server may run with another PORT, or behind a
 * proxy, which this shell cannot know (issue 41). Null when PUBLIC_URL says where the site is.
 */
export function siteBaseNote(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PUBLIC_URL?.trim()) return null;
  return (
    `These links use ${siteBase(env)} (this shell's PORT, else 3000). If the site is reached at another address, ` +
    'set PUBLIC_URL to it (e.g. PUBLIC_URL=https://stats.example.org) here and for the server.'
  );
}

export interface ViewerLinks {
  dashboard: string;
  kdDashboard: string;
  rallies: string;
}

/** A kingdom's three viewer screens, each opened by its access code. */
export function viewerLinks(base: string, kd: number, code: string): ViewerLinks {
  const tail = `${kd}/%s/${encodeURIComponent(code)}`;
  const at = (screen: string) => `${base}/${tail.replace('%s', screen)}`;
  return { dashboard: at('dashboard'), kdDashboard: at('kd-dashboard'), rallies: at('rallydata') };
}
