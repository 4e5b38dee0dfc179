import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DEMO_SETTING_KEYS } from '../../src/demo/demo-target.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A built page's inline first script (apps/web/vite.config.ts writes prefetch.ts there). */
const INLINE_SCRIPT = 'window.__early=fetch("/api/config");';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ks-csp-'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><div id="root"></div>`,
    );
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/api/health', '/api/no-such-route'])(
    'sends a strict CSP and the other headers on %s',
    async (url) => {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    },
  );

  it("allows the page's own inline script by its hash, on pages only", async () => {
    const allowed = `'sha256-${sha256(INLINE_SCRIPT)}'`;
    for (const url of ['/', '/1001/dashboard/some-code']) {
      const csp = String((await t.app.inject(url)).headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${allowed};`);
      expect(csp.match(/'sha256-/g)).toHaveLength(1);
    }
    const api = String((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(api).toContain("script-src 'self';");
    expect(api).not.toContain('sha256');
  });

  it('sends HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    expect((await t.app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    // By default no proxy is trusted, not even a local one.
    const untrusted = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await createTestApp({ trustProxy: ['loopback'] });
    try {
      const viaProxy = await behindProxy.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const forged = await behindProxy.app.inject({
        url: '/api/health',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('public config for the landing page', () => {
  it('gives the demo path when the demo kingdom exists, and the configured external links', async () => {
    const t = await createTestApp({
      shopUrl: 'https://shop.example/',
      premiumUrl: 'https://shop.example/premium',
    });
    try {
      expect((await t.app.inject('/api/config')).json()).toEqual({
        loginEnabled: false,
        demoPath: null,
        shopUrl: 'https://shop.example/',
        premiumUrl: 'https://shop.example/premium',
      });
      await addKingdom(t.database.db, { kd: 2101, code: 'demo-code' });
      await t.database.db
        .insertInto('app_settings')
        .values([
          { key: DEMO_SETTING_KEYS.secret, value: 'abc_DEF-1' },
          { key: DEMO_SETTING_KEYS.kd, value: '2101' },
        ])
        .execute();
      expect((await t.app.inject('/api/config')).json().demoPath).toBe('/demo/dashboard/abc_DEF-1');
    } finally {
      await t.close();
    }
  });

  it('hides the external links when they are not configured', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject('/api/config')).json()).toMatchObject({ shopUrl: null, premiumUrl: null });
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('reads SHOP_URL, PREMIUM_URL and TRUST_PROXY, refusing bad values', () => {
    const config = loadConfig({
      SHOP_URL: 'https://shop.example',
      PREMIUM_URL: '',
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    expect(config.shopUrl).toBe('https://shop.example/');
    expect(config.premiumUrl).toBeNull();
    expect(config.trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    // No proxy is believed unless named: a local proxy that passes a client's header on cannot let it pick its address.
    expect(loadConfig({}).trustProxy).toBe(false);
    // Fastify cannot check the peer of a bare hop count, so it believes nobody: refused rather than silently ignored.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/hop count/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ SHOP_URL: 'javascript:alert(1)' })).toThrow(/SHOP_URL must be a full http/);
    expect(() => loadConfig({ PREMIUM_URL: 'shop.example' })).toThrow(/PREMIUM_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads RATE_LIMIT_IPV6_PREFIX, a /64 unless told', () => {
    expect(loadConfig({}).rateLimits.ipv6PrefixBits).toBe(64);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '56' }).rateLimits.ipv6PrefixBits).toBe(56);
    expect(() => loadConfig({ RATE_LIMIT_IPV6_PREFIX: '8' })).toThrow(/RATE_LIMIT_IPV6_PREFIX must be/);
    expect(() => loadConfig({ RATE_LIMIT_IPV6_PREFIX: '64.5' })).toThrow(/from 16 to 128/);
  });
});
