/**
 * The addresses a host hands out: the start banner and the CLI print them. PUBLIC_URL is the address people reach
 * the site at (behind a reverse proxy, say https://stats.example.org); without it, this machine's own port.
 */
export function siteBase(env: NodeJS.ProcessEnv = process.env, listeningPort?: number): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `http://localhost:${listeningPort ?? (env.PORT || 3000)}`;
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
