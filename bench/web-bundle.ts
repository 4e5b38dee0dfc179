/**
 * How much JavaScript (gzipped) the browser downloads: before any route (index.html's entry script and its
 * modulepreloads), for the dashboard route (that plus the route's lazy chunks, found through Vite's manifest), and
 * in all. Sizes use node:zlib's default gzip level (6), what on-the-fly compressors usually apply; level 9 would
 * save under 0.2%. (Vite 8's build report uses another gzip implementation and shows about 1% more.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WebBundleSizes {
  initialJsGzipBytes: number;
  initialJsFiles: string[];
  dashboardJsGzipBytes: number;
  totalJsGzipBytes: number;
  /** What the dashboard route loads: its JavaScript (initial included) and CSS, paths relative to dist. */
  dashboardFiles: string[];
}

/** The route module of the main dashboard, as the manifest keys it (relative to apps/web). */
const DASHBOARD_ROUTE = 'src/features/dashboard/page.tsx';

interface WebBuildScript {
  ensureWebBuild(): void;
  root: string;
}

/**
 * Builds apps/web when it is missing or stale (scripts/web-build.mjs, as `npm start` does) and answers the
 * repository root. The script is plain JavaScript without types, hence the typed dynamic import.
 */
export async function ensureWebApp(): Promise<{ root: string }> {
  const script = (await import(new URL('../scripts/web-build.mjs', import.meta.url).href)) as WebBuildScript;
  script.ensureWebBuild();
  return { root: script.root };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export async function measureWebBundle(): Promise<WebBundleSizes> {
  const { root } = await ensureWebApp();
  const dist = join(root, 'apps/web/dist');
  const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);

  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = new Set<string>();
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attribute = (key: string) => new RegExp(`\\s${key}="([^"]*)"`).exec(tag)?.[1];
    const preload = name === 'link' && attribute('rel') === 'modulepreload';
    const url = name === 'script' ? attribute('src') : preload ? attribute('href') : undefined;
    if (url?.endsWith('.js')) initial.add(url.replace(/^\//, ''));
  }
  if (initial.size === 0) throw new Error(`No script found in ${join(dist, 'index.html')}`);

  const manifestPath = join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[DASHBOARD_ROUTE]) {
    throw new Error(
      `${manifestPath} has no ${DASHBOARD_ROUTE} (is build.manifest on in apps/web/vite.config.ts?)`,
    );
  }
  // The route chunk and everything it imports statically; its own dynamic imports (the Excel export) wait for a
  // click, so they are not part of showing the dashboard.
  const dashboard = new Set(initial);
  const css = new Set<string>();
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]*)"/g)) {
    css.add(href!.replace(/^\//, ''));
  }
  const pending = [DASHBOARD_ROUTE];
  const seen = new Set<string>();
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    dashboard.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    pending.push(...(chunk.imports ?? []));
  }

  // The chart library loads with the governor and compare pages (apps/web/vite.config.ts names its chunk); were the
  // dashboard to import it, every first screen would download and compile it.
  const charts = [...dashboard].filter((file) => /^assets\/charts-[^/]*\.js$/.test(file));
  if (charts.length > 0) {
    throw new Error(`The dashboard route loads the chart library (${charts.join(', ')}): keep it lazy`);
  }

  const allJs = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  return {
    initialJsGzipBytes: sum(initial),
    initialJsFiles: [...initial],
    dashboardJsGzipBytes: sum(dashboard),
    totalJsGzipBytes: sum(allJs),
    dashboardFiles: [...dashboard, ...css],
  };
}
