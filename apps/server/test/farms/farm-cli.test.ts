import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { importScanFile } from '../../src/import/import-scan.ts';
import { HERO_SCROLLS } from '../import/import-support.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

/** `npm run cli -- farm …` as a person types it, as its own process against the test database. */
describe('the farm CLI', () => {
  let database: TestDatabase;
  let dir: string;
  const KD = 3584;
  const cli = (...args: string[]) => runCli(database.url, ['farm', ...args]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-farm-cli-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'farm-cli.sqlite') });
    await addKingdom(database.db, { kd: KD, code: 'code-3584' });
    await importScanFile(database.db, {
      kingdomKd: KD,
      filePath: resolve(HERO_SCROLLS, 'kingdom_scan_baseline_data.xlsx'),
    });
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('links, lists with names, and refuses a chain with one line on stderr', async () => {
    const linked = await cli('link', '--kd', String(KD), '--farm', '79548327', '--main', '84677095');
    expect(linked.stderr).toBe('');
    expect(linked.stdout).toBe(`Kingdom ${KD}: 79548327 is a farm of 84677095\n`);
    const list = await cli('list', '--kd', String(KD));
    expect(list.stdout).toMatch(/^Kingdom 3584: Counted like any governor\n/);
    expect(list.stdout).toMatch(/79548327\s+HanabeeFarm2\s+84677095\s+Hanabeeメ\s+cli/);
    expect(list.stdout).toContain('2 suggestion(s) waiting');
    const chain = await cli('link', '--kd', String(KD), '--farm', '1', '--main', '79548327');
    expect(chain.status).toBe(1);
    expect(chain.stderr).toBe(
      'Error: Governor 79548327 is itself a farm; link to its main account instead.\n',
    );
  });

  it('sets the policy, refusing an unknown mode or a weight past 100', async () => {
    expect((await cli('policy', '--kd', String(KD), '--mode', 'rolled-up', '--weight', '20')).stdout).toBe(
      "Kingdom 3584: Rolled into the main's kills and deaths at 20 %\n",
    );
    expect((await cli('policy', '--kd', String(KD), '--mode', 'often')).stderr).toBe(
      'Error: --mode must be one of counted, excluded, apart, rolled-up (got "often")\n',
    );
    expect((await cli('policy', '--kd', String(KD), '--mode', 'apart', '--weight', '150')).status).toBe(1);
    expect((await cli('list', '--kd', String(KD))).stdout).toMatch(/at 20 %/);
  });

  it('lists, accepts and dismisses the Rolled Up suggestions', async () => {
    const waiting = await cli('suggestions', '--kd', String(KD));
    expect(waiting.stdout).toMatch(/100870734\s+ˢᵖFateRyoshu\s+89666025/);
    expect(waiting.stdout).toMatch(/67174744\s+ˢᵖShibainu\s+173785135/);
    expect(
      (await cli('accept-suggestions', '--kd', String(KD), '--farm', '67174744', '--dismiss')).stdout,
    ).toBe('Kingdom 3584: 1 suggestion(s) dismissed\n');
    expect((await cli('accept-suggestions', '--kd', String(KD))).stdout).toBe(
      'Kingdom 3584: 1 link(s) made from suggestions\n',
    );
    expect((await cli('suggestions', '--kd', String(KD))).stdout).toBe('No suggestions waiting.\n');
    expect((await cli('list', '--kd', String(KD))).stdout).toMatch(
      /100870734\s+ˢᵖFateRyoshu\s+89666025\s+.*suggestion-accepted/,
    );
  });

  it('unlinks', async () => {
    expect((await cli('unlink', '--kd', String(KD), '--farm', '79548327')).stdout).toBe(
      'Kingdom 3584: 79548327 is no longer linked\n',
    );
    expect((await cli('unlink', '--kd', String(KD), '--farm', '79548327')).stderr).toBe(
      'Error: Governor 79548327 is not linked as a farm in kingdom 3584.\n',
    );
  });
});
