import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { flagValue, importSeries, KD } from './review-support.ts';

/** `review settings` and `review recheck`: what a person sees, exit codes, and what is stored. */
describe('review settings and recheck CLI', () => {
  let database: TestDatabase;
  let dir: string;
  const cli = (args: string[]) => runCli(database.url, args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ks-cli-review-settings-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await addKingdom(database.db, { kd: KD, code: 'review-cli' });
    await importSeries(database.db, KD);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the settings, every check on and the documented defaults', async () => {
    const shown = await cli(['review', 'settings', '--kd', String(KD)]);
    expect(shown.stderr).toBe('');
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/^SETTING\s+VALUE\n/);
    expect(shown.stdout).toMatch(/digit_misread\s+on\n/);
    expect(shown.stdout).toMatch(/maxPowerChangePerDay\s+0\.5\n/);
    expect(shown.stdout).toMatch(/minPowerChange\s+3,000,000\n/);
  });

  it('changes what --set names, keeps the rest, and refuses a bound out of range or an unknown key', async () => {
    const changed = await cli([
      'review',
      'settings',
      '--kd',
      String(KD),
      '--set',
      'power_jump=off',
      '--set',
      'minPowerChange=5,000,000',
      '--set',
      'helps=low',
    ]);
    expect(changed.stderr).toBe('');
    expect(changed.status).toBe(0);
    expect(changed.stdout).toMatch(/saved; they apply to the next imports/);
    expect(changed.stdout).toMatch(/power_jump\s+off\n/);
    expect(changed.stdout).toMatch(/digit_misread\s+on\n/);
    expect(changed.stdout).toMatch(/minPowerChange\s+5,000,000\n/);
    expect(changed.stdout).toMatch(/helps\s+low\n/);
    expect(changed.stdout).toMatch(/dead\s+normal\n/);

    const tooBig = await cli(['review', 'settings', '--kd', String(KD), '--set', 'maxPowerChangePerDay=9']);
    expect(tooBig.status).toBe(1);
    expect(tooBig.stderr).toMatch(/^Error: --set maxPowerChangePerDay: /);
    const unknown = await cli(['review', 'settings', '--kd', String(KD), '--set', 'speed=3']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/speed/);
    const notOnOff = await cli(['review', 'settings', '--kd', String(KD), '--set', 'id_reused=maybe']);
    expect(notOnOff.status).toBe(1);
    expect(notOnOff.stderr).toMatch(/--set id_reused: on or off/);
    const badLevel = await cli(['review', 'settings', '--kd', String(KD), '--set', 'helps=quiet']);
    expect(badLevel.status).toBe(1);
    expect(badLevel.stderr).toMatch(/--set helps: normal, low, off/);

    const kingdom = await database.db
      .selectFrom('kingdoms')
      .select('settings_json')
      .where('kd', '=', KD)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kingdom.settings_json).dataQuality).toMatchObject({
      enabled: { power_jump: false, digit_misread: true },
      sensitivity: { helps: 'low', dead: 'normal' },
      minPowerChange: 5_000_000,
      maxPowerChangePerDay: 0.5,
    });
  });

  it('recheck drops an open flag the checks no longer find, and says how many', async () => {
    const scan = await database.db
      .selectFrom('scans')
      .select('id')
      .where('kingdom_kd', '=', KD)
      .orderBy('taken_at', 'desc')
      .executeTakeFirstOrThrow();
    // The series is clean: a flag written by hand is one the checks do not find.
    await flagValue(database.db, { scanId: scan.id, governorId: 101, field: 't4_kills', value: 4_850_000 });
    const answer = await cli(['review', 'recheck', '--kd', String(KD)]);
    expect(answer.stderr).toBe('');
    expect(answer.status).toBe(0);
    expect(answer.stdout).toMatch(
      /^Re-checked 3 scans with the current settings: 0 values to review; 0 flags added, 1 flag no longer found and removed/,
    );
    const byCheck = await cli(['review', 'list', '--kd', String(KD), '--check', 'power_jump']);
    expect(byCheck.status).toBe(0);
    expect(byCheck.stdout).toMatch(/has no values to review/);
    const badCheck = await cli(['review', 'list', '--kd', String(KD), '--check', 'spelling']);
    expect(badCheck.status).toBe(1);
    expect(badCheck.stderr).toMatch(/^Error: --check: /);
    const unknown = await cli(['review', 'recheck', '--kd', '9999']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^Error: .*9999/);
  });
});
