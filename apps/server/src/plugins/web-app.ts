import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import {
  CompressedText,
  cacheControlFor,
  isCompressible,
  pickEncoding,
  REVALIDATE,
} from './web-compression.ts';

export interface WebAppOptions {
  distDir: string | undefined;
}

/**
 * Screens whose code a page needs at once, by the paths of apps/web/src/routes.tsx (most specific first), with the
 * route module as Vite's manifest names it. index.html is served to these paths with `<link rel="modulepreload">`
 * for the module and the chunks it imports, so the browser fetches them alongside the entry script instead of after
 * it has run: the dashboards are the screens people open from a shared link and wait for.
 */
export const PRELOADED_ROUTES: readonly { path: RegExp; module: string }[] = [
  { path: /^\/demo\/dashboard\/[^/]+\/?$/, module: 'src/features/demo/page.tsx' },
  { path: /^\/[^/]+\/dashboard\/[^/]+\/?$/, module: 'src/features/dashboard/page.tsx' },
];

/** Where Vite writes its manifest (build.manifest in apps/web/vite.config.ts): route module → chunk files. */
const MANIFEST_PATH = '.vite/manifest.json';

/**
 * Serves the built React app. Every path outside /api that is not a file gets index.html, because the browser's
 * router owns those paths (and redirects unknown ones); an unknown /api path is a JSON 404. Files under dot-folders
 * (the build's metadata, such as Vite's manifest) are not part of the app and count as unknown paths.
 */
export const webAppPlugin = fp<WebAppOptions>(async (app: FastifyInstance, { distDir }) => {
  const hasBuild = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    // wildcard: files are looked up per request, so a rebuild while the server runs is served, not a stale list.
    // Folders (such as `/`) are the router's paths, never listings: they fall through to index.html below.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      dotfiles: 'ignore',
      allowedPath: (pathName) => !pathName.endsWith('/'),
      // The .br and .gz files the build writes beside each asset, as the browser accepts them.
      preCompressed: true,
      // Ours, not send's `max-age=0`: hashed assets are kept for a year, anything else revalidated.
      cacheControl: false,
      setHeaders: (response, sentPath) => {
        // The path sent may be the precompressed copy (index-Ab12.js.br): its headers are the original's.
        const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
        response.setHeader('Cache-Control', cacheControlFor(relative(distDir, filePath)));
        if (isCompressible(filePath)) response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  const pages = hasBuild ? new IndexPages(distDir) : undefined;
  pages?.current();

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${path}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('NOT_FOUND', `Not found: ${request.method} ${path}`);
    }
    const page = pages?.forPath(path);
    if (page === undefined || pages === undefined) {
      throw new AppError('UNAVAILABLE', 'The web app is not built. Run: npm run build');
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    // index.html must never be cached: it names the current hashed bundles.
    return reply
      .header('Content-Security-Policy', pages.policy)
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(page.bytes(encoding));
  });
});

/**
 * index.html, kept in memory: read at start, and again when the file changes (a rebuild while the server runs).
 * A page load costs one stat, not an open-read-close through the file system's thread pool. Paths of
 * PRELOADED_ROUTES get their own copy with the route's modulepreload links, made once per build.
 */
class IndexPages {
  private readonly indexPath: string;
  private readonly manifestPath: string;
  private version = '';
  private html: string | undefined;
  private readonly pages = new Map<string, CompressedText>();
  /** The Content-Security-Policy of the current index.html: its inline script allowed by its hash. */
  policy = contentSecurityPolicy();

  constructor(distDir: string) {
    this.indexPath = join(distDir, 'index.html');
    this.manifestPath = join(distDir, MANIFEST_PATH);
  }

  /** The page for a path, or undefined when there is no index.html (and never was). */
  forPath(path: string): CompressedText | undefined {
    const html = this.current();
    if (html === undefined) return undefined;
    const module = PRELOADED_ROUTES.find((candidate) => candidate.path.test(path))?.module ?? '';
    let page = this.pages.get(module);
    if (page === undefined) {
      page = new CompressedText(module ? addPreloads(html, this.readManifest(), module) : html);
      this.pages.set(module, page);
    }
    return page;
  }

  /** index.html as built, or undefined when there is none (and never was). */
  current(): string | undefined {
    // The manifest is part of the version: the build may write it after index.html.
    const version = `${fileVersion(this.indexPath)}|${fileVersion(this.manifestPath)}`;
    if (version !== this.version || this.html === undefined) {
      try {
        this.html = readFileSync(this.indexPath, 'utf8');
        this.policy = contentSecurityPolicy(inlineScriptHashes(this.html));
        this.version = version;
        this.pages.clear();
      } catch {
        // Half-way through a rebuild (Vite empties dist first): the last page is served until the new one is there.
      }
    }
    return this.html;
  }

  private readManifest(): Manifest {
    try {
      return JSON.parse(readFileSync(this.manifestPath, 'utf8')) as Manifest;
    } catch {
      return {};
    }
  }
}

/**
 * CSP source expressions ('sha256-…') for the inline scripts of a page: the build writes the page's first script into
 * index.html (apps/web/vite.config.ts), and a policy of 'self' alone would refuse it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, text] of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (text) hashes.push(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return hashes;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk | undefined>;

function fileVersion(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

/**
 * index.html with modulepreload links for a route module and every chunk it imports statically (its dynamic imports,
 * such as the Excel writer, wait for a click), leaving out what the page already loads. Without a manifest, or when
 * the module is not in it, the page is served as it is: preloading only makes it faster.
 */
export function addPreloads(html: string, manifest: Manifest, module: string): string {
  const files: string[] = [];
  const seen = new Set<string>();
  const pending = [module];
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    // 'index.html' is the entry chunk, which the page loads anyway.
    if (key !== 'index.html' && !html.includes(`"/${chunk.file}"`)) files.push(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  const end = html.indexOf('</head>');
  if (files.length === 0 || end === -1) return html;
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
  return `${html.slice(0, end)}${links}${html.slice(end)}`;
}
