import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/auth/sessions.ts';
import { DEMO_SETTING_KEYS } from '../../src/demo/demo-target.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { RALLY_TOKEN, rotateIngestToken, UPLOAD_TOKEN } from '../../src/features/ingest-tokens/tokens.ts';
import { setCamp } from '../../src/features/kingdoms/service.ts';
import { ROKTRACKER, ROKTRACKER_END, ROKTRACKER_START_XLSX } from '../import/import-support.ts';
import { type AuthWorld, bearer, createAuthWorld, createUser } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  CALLERS,
  type Caller,
  docRow,
  expectedStatuses,
  hasWrongCodeProbe,
  type Probe,
  ROUTES,
  type RouteContext,
  type RouteRule,
  wrongCodeCaller,
} from './route-table.ts';

const DOCS = resolve(import.meta.dirname, '../../../../docs/security.md');
const DEMO_SECRET = 'route-table-demo';
const key = (method: string, path: string) => `${method} ${path}`;

describe('the authorisation table (docs/security.md)', () => {
  let t: TestApp;
  let world: AuthWorld;
  let counter = 0;

  beforeAll(async () => {
    // Sign-in on, and the wrong-code limit out of the way: this test makes many wrong-code calls on purpose.
    t = await createTestApp({
      loginEnabled: true,
      rateLimits: {
        wrongCodePerAddress: 100_000,
        wrongCodePerPair: 100_000,
        wrongCodePerKingdom: 100_000,
        signInPerAddress: 100_000,
      },
    });
    const db = t.database.db;
    world = await createAuthWorld(db);
    for (const file of [ROKTRACKER_START_XLSX, ROKTRACKER_END.xlsx]) {
      await importScanFile(db, {
        kingdomKd: world.kd,
        filePath: resolve(ROKTRACKER, file),
        homeKd: world.kd,
      });
    }
    await db
      .insertInto('app_settings')
      .values([
        { key: DEMO_SETTING_KEYS.secret, value: DEMO_SECRET },
        { key: DEMO_SETTING_KEYS.kd, value: String(world.kd) },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const registered = () => t.app.routeList.filter((r) => r.url.startsWith('/api'));

  it('lists every registered /api route', () => {
    const table = new Set(ROUTES.map((r) => key(r.method, r.path)));
    const missing = registered().filter((r) => !table.has(key(r.method, r.url)));
    expect(missing, 'add these routes to test/security/route-table.ts and docs/security.md').toEqual([]);
  });

  it('lists no route that is not registered, except those marked planned', () => {
    const live = new Set(registered().map((r) => key(r.method, r.url)));
    const stale = ROUTES.filter((r) => !r.planned && !live.has(key(r.method, r.path))).map((r) =>
      key(r.method, r.path),
    );
    expect(stale, 'remove these from the table, or mark them planned').toEqual([]);
  });

  it('matches docs/security.md row for row', () => {
    const docs = readFileSync(DOCS, 'utf8');
    const rows = docs.split('\n').filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(line));
    expect(rows, 'regenerate the table: npx tsx apps/server/test/security/print-route-table.ts').toEqual(
      ROUTES.map(docRow),
    );
  });

  function context(caller: Caller, wrong: boolean): RouteContext {
    const db = t.database.db;
    const kd = world.kd;
    return {
      db,
      world,
      caller,
      kd,
      code: wrong ? 'wrong-code-0000' : '',
      demoSecret: wrong ? 'wrong-secret' : DEMO_SECRET,
      fresh: {
        rallyToken: async () => (await rotateIngestToken(db, RALLY_TOKEN, { kd, userId: null })).token,
        uploadToken: async () => (await rotateIngestToken(db, UPLOAD_TOKEN, { kd, userId: null })).token,
        user: async () => (await createUser(db, `victim-${++counter}`, 'admin', [kd])).id,
        scan: async () => {
          const result = (
            await importScanFile(db, {
              kingdomKd: kd,
              filePath: 'fresh.csv',
              content: Buffer.from(`governor_id,name,power\n${++counter},Fresh,100\n`),
              at: new Date(Date.UTC(2025, 0, 1) + counter * 60_000).toISOString(),
            })
          ).scans[0]!;
          return result.scanId;
        },
        camp: async () =>
          (await setCamp(db, { kd, campName: `Camp ${++counter}`, memberKds: [3000 + counter] })).campId,
        kvk: async () => {
          const kvk = 500 + ++counter;
          const open = 1_600_000_000 + counter * 86_400 * 40;
          await db
            .insertInto('kvk_seasons')
            .values({ kingdom_kd: kd, kvk_number: kvk, open_time: open, close_time: open + 86_400 })
            .execute();
          await db
            .insertInto('prekvk_points')
            .values({
              kingdom_kd: kd,
              kvk_number: kvk,
              governor_id: 1,
              name: 'P',
              stage1_points: 1,
              stage2_points: 0,
              stage3_points: 0,
              updated_at: open,
            })
            .execute();
          await db
            .insertInto('hoh_records')
            .values({
              kingdom_kd: kd,
              kvk_number: kvk,
              governor_id: 1,
              t4_dead: 1,
              t5_dead: 1,
              notes: null,
              recorded_at: open,
            })
            .execute();
          await db
            .insertInto('kvk_honor_points')
            .values({
              kingdom_kd: kd,
              kvk_number: kvk,
              governor_id: 1,
              name: 'P',
              honor_points: 1,
              updated_at: open,
            })
            .execute();
          return kvk;
        },
        kd: () => 4000 + ++counter,
        session: async () => {
          const user = caller === 'anonymous' ? null : world[caller];
          return user ? createSession(db, user.id) : null;
        },
      },
      files: {
        scan: Buffer.from('governor_id,name,power\n7,Seven,700\n'),
        prekvk: Buffer.from('governor_id,name,stage1_points\n7,Seven,70\n'),
        hoh: Buffer.from('governor_id,t4_deaths,t5_deaths\n7,1,2\n'),
        honor: Buffer.from('GovernorID,Name,Honor Points\n7,A,100\n'),
      },
    };
  }

  async function call(rule: RouteRule, caller: Caller, wrong: boolean, build = rule.request) {
    const ctx = context(caller, wrong);
    if (!wrong) ctx.code = await world.codeOf(world.kd);
    const spec = await build(ctx);
    const user = caller === 'anonymous' ? null : world[caller];
    const res = await t.app.inject({
      method: rule.method,
      url: spec.url,
      headers: { ...bearer(user), ...spec.headers },
      ...(spec.payload === undefined ? {} : { payload: spec.payload }),
    });
    return { status: res.statusCode, body: res.body.slice(0, 300) };
  }

  const live = () => new Set(registered().map((r) => key(r.method, r.url)));

  it.each(ROUTES.map((rule) => [key(rule.method, rule.path), rule] as const))(
    '%s answers each caller as the table says',
    async (_name, rule) => {
      if (!live().has(key(rule.method, rule.path))) {
        expect(rule.planned, `${key(rule.method, rule.path)} is not registered`).toBe(true);
        return;
      }
      const expected = expectedStatuses(rule);
      const got: Partial<Record<Probe | string, { status: number; body: string }>> = {};
      for (const caller of CALLERS) got[caller] = await call(rule, caller, false);
      if (hasWrongCodeProbe(rule)) got.wrongCode = await call(rule, wrongCodeCaller(rule), true);
      const want: Record<string, number> = { ...expected } as Record<string, number>;
      for (const extra of rule.extra ?? []) {
        got[extra.name] = await call(rule, 'anonymous', false, extra.request);
        want[extra.name] = extra.status;
      }
      const statuses = Object.fromEntries(
        Object.entries(got).map(([probe, answer]) => [probe, answer?.status]),
      );
      // On a mismatch the bodies say why.
      expect(statuses, JSON.stringify(got, null, 1)).toEqual(want);
    },
  );
});
