import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A built app as Vite leaves it: hashed files under assets/ with the .br and .gz the build writes beside them.
const script = `export const table = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const page = `<!doctype html><title>Kingdom Stats</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;

describe('the web app over the wire', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ks-assets-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('keeps hashed assets for a year, compressed with brotli where the browser accepts it', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('sends gzip to a browser without brotli, and plain bytes to one that accepts neither', async () => {
    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const refused = await get('/assets/index-Ab12Cd34.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has files outside assets/ revalidated, since their names do not change with their content', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends index.html uncached and compressed as accepted', async () => {
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get('/1234/dashboard/some-code', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(decode(res.rawPayload).toString()).toBe(page);
    }
    const plain = await get('/admin/users');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});
