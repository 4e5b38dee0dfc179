import { existsSync } from 'node:fs';
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
 * router owns those paths (and redirects unknown ones); an unknown /api path is a JSON 404.
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
      allowedPath: (pathName) => !pathName.endsWith('/'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${path}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('NOT_FOUND', `Not found: ${request.method} ${path}`);
    }
    if (!hasBuild) {
      throw new AppError('UNAVAILABLE', 'The web app is not built. Run: npm run build');
    }
    // index.html must never be cached: it names the current hashed bundles.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
