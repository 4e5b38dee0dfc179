import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export interface WebAppOptions {
  distDir: string | undefined;
}

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
    const html = pages?.current();
    if (html === undefined) {
      throw new AppError('UNAVAILABLE', 'The web app is not built. Run: npm run build');
    }
    // index.html must never be cached: it names the current hashed bundles.
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
});

/**
 * index.html, kept in memory: read at start, and again when the file changes (a rebuild while the server runs).
 * A page load costs one stat, not an open-read-close through the file system's thread pool.
 */
class IndexPages {
  private readonly indexPath: string;
  private version = '';
  private html: string | undefined;

  constructor(distDir: string) {
    this.indexPath = join(distDir, 'index.html');
  }

  /** The page, or undefined when there is no index.html (and never was). */
  current(): string | undefined {
    const version = fileVersion(this.indexPath);
    if (version !== this.version || this.html === undefined) {
      try {
        this.html = readFileSync(this.indexPath, 'utf8');
        this.version = version;
      } catch {
        // Half-way through a rebuild (Vite empties dist first): the last page is served until the new one is there.
      }
    }
    return this.html;
  }
}

function fileVersion(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}
