import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/errors.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDialect } from '../support/test-db.ts';

describe('the API shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes that fail on purpose, to see what a client gets.
    t.app.get('/api/test/crash', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    t.app.get(
      '/api/test/validate',
      { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
      async () => ({ ok: true }),
    );
    t.app.get('/api/test/conflict', async () => {
      throw new AppError('CONFLICT', 'Kingdom 1 already exists');
    });
  });
  afterAll(() => t.close());

  it('answers health with the database it uses', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDialect() });
  });

  it('answers health with 503 when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.db.destroy();
    const res = await broken.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('The database is not answering');
    await broken.app.close();
    if (broken.database.schema) await broken.database.drop().catch(() => undefined);
  });

  it('answers an unknown /api path with the JSON error body and 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'No API route GET /api/no-such-thing',
    });
    expect(body.message).toBe(body.error);
    expect(body.detail).toBe(body.error);
  });

  it('never leaks the cause of a 500', async () => {
    const res = await t.app.inject('/api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      error: 'Internal server error',
      message: 'Internal server error',
      detail: 'Internal server error',
    });
    expect(res.body).not.toContain('postgres://');
  });

  it('answers an AppError with its status and message', async () => {
    const res = await t.app.inject('/api/test/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: 'Kingdom 1 already exists' });
  });

  it('answers a request that fails its schema with 400 naming the field', async () => {
    const res = await t.app.inject('/api/test/validate?page=0');
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.issues?.[0]?.path).toBe('querystring.page');
    expect(body.error).toBe('The page number in the address is not valid. Check it and try again.');
  });

  it('answers an over-long path with its status in the same body', async () => {
    const res = await t.app.inject(`/api/demo/${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(414);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ statusCode: 414, code: 'BAD_REQUEST' });
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('tells the browser whether sign-in is enabled', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({ loginEnabled: false });
    const enabled = await createTestApp({ loginEnabled: true });
    expect((await enabled.app.inject('/api/config')).json()).toMatchObject({ loginEnabled: true });
    await enabled.close();
  });

  it('answers a wrong demo secret with 404 Demo not found', async () => {
    const res = await t.app.inject('/api/demo/not-the-secret');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Demo not found');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('says the web app is not built when it is not', async () => {
    const res = await t.app.inject('/some/page');
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('The web app is not built. Run: npm run build');
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ks-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Kingdom Stats</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'app.js'), 'console.log("app")');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/1234/dashboard/abcd', '/admin/users', '/anything/else'])(
    'gives the app for %s',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('serves built files as they are', async () => {
    const res = await t.app.inject('/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
  });

  it('serves files written after the server started (a rebuild)', async () => {
    writeFileSync(join(dist, 'rebuilt.js'), 'console.log("new")');
    const res = await t.app.inject('/rebuilt.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("new")');
  });

  it('keeps unknown /api paths as JSON 404 even with the app built', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers an unknown file with the app, as any unknown path', async () => {
    const res = await t.app.inject('/assets/missing.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it.each(['/.vite/manifest.json', '/%2evite/manifest.json', '/.env'])(
    'never serves the build metadata under dot-folders: %s is an unknown path',
    async (url) => {
      mkdirSync(join(dist, '.vite'), { recursive: true });
      writeFileSync(join(dist, '.vite/manifest.json'), '{"secret-looking":"build metadata"}');
      writeFileSync(join(dist, '.env'), 'TOKEN=x');
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('build metadata');
      expect(res.body).not.toContain('TOKEN');
    },
  );

  it('serves index.html uncached, from memory, and the new one after a rebuild', async () => {
    const first = await t.app.inject('/1234/dashboard/abcd');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = await t.app.inject({ method: 'HEAD', url: '/1234/dashboard/abcd' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');

    // Kept in memory: a rebuild that has removed index.html but not yet written the new one does not break pages.
    const index = join(dist, 'index.html');
    const original = readFileSync(index, 'utf8');
    rmSync(index);
    try {
      expect((await t.app.inject('/1234/dashboard/abcd')).body).toBe(original);
      writeFileSync(index, '<!doctype html><title>Rebuilt</title><div id="root"></div>');
      const later = new Date(Date.now() + 5_000);
      utimesSync(index, later, later);
      const rebuilt = await t.app.inject('/admin/users');
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toContain('<title>Rebuilt</title>');
    } finally {
      writeFileSync(index, original);
    }
  });
});

describe('preloading a dashboard route with the page', () => {
  let t: TestApp;
  let dist: string;
  const index = [
    '<!doctype html><html><head><title>Kingdom Stats</title>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_vendor-1.js'], isEntry: true },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_view-1.js': { file: 'assets/view-1.js', imports: ['_vendor-1.js', 'index.html', '_table-1.js'] },
    '_table-1.js': { file: 'assets/table-1.js', dynamicImports: ['exceljs'] },
    exceljs: { file: 'assets/exceljs-1.js', isDynamicEntry: true },
    'src/features/dashboard/page.tsx': {
      file: 'assets/page-dash.js',
      imports: ['_vendor-1.js', '_view-1.js'],
    },
    'src/features/demo/page.tsx': { file: 'assets/page-demo.js', imports: ['_view-1.js'] },
  };
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ks-dist-'));
    writeFileSync(join(dist, 'index.html'), index);
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("adds the main dashboard's chunks, not the entry's, nor what waits for a click", async () => {
    const res = await t.app.inject('/1234/dashboard/abcd');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([
      '/assets/vendor-1.js',
      '/assets/page-dash.js',
      '/assets/view-1.js',
      '/assets/table-1.js',
    ]);
    expect(res.body.indexOf('/assets/table-1.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it("adds the demo dashboard's chunks on the demo route", async () => {
    const res = await t.app.inject('/demo/dashboard/some-secret');
    expect(preloads(res.body)).toEqual([
      '/assets/vendor-1.js',
      '/assets/page-demo.js',
      '/assets/view-1.js',
      '/assets/table-1.js',
    ]);
  });

  it.each(['/', '/1234/kd-dashboard/abcd', '/1234/dashboard/abcd/extra', '/login'])(
    'leaves the page as it is for %s',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.body).toBe(index);
    },
  );

  it('serves the page as it is when the manifest does not know the route', async () => {
    const path = join(dist, '.vite/manifest.json');
    writeFileSync(path, JSON.stringify({ 'index.html': manifest['index.html'] }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path, later, later);
    try {
      expect((await t.app.inject('/1234/dashboard/abcd')).body).toBe(index);
    } finally {
      writeFileSync(path, JSON.stringify(manifest));
      const latest = new Date(Date.now() + 10_000);
      utimesSync(path, latest, latest);
    }
    expect(preloads((await t.app.inject('/1234/dashboard/abcd')).body)).toContain('/assets/page-dash.js');
  });
});
