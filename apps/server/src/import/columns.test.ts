import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXTRA_COLUMNS,
  hasGovernorIdHeader,
  mapColumns,
  normaliseHeader,
  STORED_COLUMNS,
} from './columns.ts';
import { parseScanFile } from './parse-scan.ts';

const fieldsOf = (headers: string[]) => {
  const map = mapColumns(headers);
  return {
    stored: Object.fromEntries(map.stored.map((c) => [c.header, c.column.field])),
    extras: Object.fromEntries(map.extras.map((c) => [c.header, c.column.key])),
    unknown: map.unknown,
  };
};

describe('normaliseHeader', () => {
  it('ignores case, spaces, underscores and punctuation', () => {
    expect(normaliseHeader('Kill Points')).toBe('killpoints');
    expect(normaliseHeader('kill_points')).toBe('killpoints');
    expect(normaliseHeader('  KILLPOINTS ')).toBe('killpoints');
    expect(normaliseHeader('Kills (T4+)')).toBe('killst4');
    expect(normaliseHeader('Ｔ１ Ｋｉｌｌｓ')).toBe('t1kills'); // full-width, as some IMEs type it
  });
});

describe('mapColumns', () => {
  it('maps the RokTracker v5/v6 header', () => {
    const headers =
      'ID,Name,Power,Killpoints,Acclaim,Highest Acclaim,Deads,T1 Kills,T2 Kills,T3 Kills,T4 Kills,T5 Kills,Total Kills,T45 Kills,Ranged,Rss Gathered,Rss Assistance,Helps,Alliance'.split(
        ',',
      );
    expect(fieldsOf(headers)).toEqual({
      stored: {
        ID: 'governor_id',
        Name: 'name',
        Power: 'power',
        Killpoints: 'kill_points',
        Acclaim: 'acclaim',
        Deads: 'dead',
        'T1 Kills': 't1_kills',
        'T2 Kills': 't2_kills',
        'T3 Kills': 't3_kills',
        'T4 Kills': 't4_kills',
        'T5 Kills': 't5_kills',
        'Rss Gathered': 'rss_gathered',
        'Rss Assistance': 'rss_assistance',
        Helps: 'helps',
        Alliance: 'alliance',
      },
      extras: {
        'Highest Acclaim': 'highest_acclaim',
        'Total Kills': 'total_kills',
        'T45 Kills': 't45_kills',
        Ranged: 'ranged',
      },
      unknown: [],
    });
  });

  it('maps the RokTracker v1–v4 and v1/v2 headers', () => {
    const headers =
      'Governor ID,Governor Name,Power,Kill Points,Deaths,T1,T2,T3,T4,T5,Kills,Kills (T4+),Ranged Points,RSS Gathered,RSS Assistance,Resource Assistance,Helps,Alliance'.split(
        ',',
      );
    const map = mapColumns(headers);
    // v1/v2 say "Resource Assistance" where v3/v4 say "RSS Assistance": both in one file is a conflict.
    expect(map.conflict).toEqual({
      field: 'rss_assistance',
      headers: ['RSS Assistance', 'Resource Assistance'],
    });
    const fields = fieldsOf(headers.filter((h) => h !== 'RSS Assistance'));
    expect(fields.stored).toMatchObject({
      'Governor ID': 'governor_id',
      'Governor Name': 'name',
      'Kill Points': 'kill_points',
      Deaths: 'dead',
      T1: 't1_kills',
      T5: 't5_kills',
      'Resource Assistance': 'rss_assistance',
    });
    expect(fields.extras).toEqual({
      Kills: 'total_kills',
      'Kills (T4+)': 't45_kills',
      'Ranged Points': 'ranged',
    });
  });

  it('maps the legacy nikolakis1919 header, including its misspelt Aclaim', () => {
    const headers =
      'Governor Name,Governor ID,Power,Kill Points,Deads,Tier 1 Kills,Tier 2 Kills,Tier 3 Kills,Tier 4 Kills,Tier 5 Kills,Rss Assistance,Alliance Helps,Alliance,KvK Kills High,KvK Deads High,KvK Severely Wounds High,Aclaim,High Aclaim'.split(
        ',',
      );
    const fields = fieldsOf(headers);
    expect(fields.stored).toMatchObject({
      'Tier 1 Kills': 't1_kills',
      'Tier 5 Kills': 't5_kills',
      'Alliance Helps': 'helps',
      Aclaim: 'acclaim',
    });
    expect(fields.extras).toEqual({
      'KvK Kills High': 'kvk_kills_high',
      'KvK Deads High': 'kvk_deads_high',
      'KvK Severely Wounds High': 'kvk_severely_wounds_high',
      'High Aclaim': 'highest_acclaim',
    });
    expect(fields.unknown).toEqual([]);
  });

  it('maps the Hero Scrolls data sheet header', () => {
    const headers =
      'Kingdom,Governor Name,Governor ID,Governor Type,Power,Domain ID,Alliance Tag,Deads,Kill Points,Acclaim,T1 Kills,T2 Kills,T3 Kills,T4 Kills,T5 Kills,Helps Given,Resources Gathered,Resources Given,Troop Power,Tech Power,Building Power,Commander Power,Town Hall'.split(
        ',',
      );
    const fields = fieldsOf(headers);
    expect(fields.stored).toMatchObject({
      Kingdom: 'home_kd',
      'Alliance Tag': 'alliance',
      'Helps Given': 'helps',
      'Resources Gathered': 'rss_gathered',
      'Resources Given': 'rss_assistance',
    });
    expect(Object.values(fields.extras).sort()).toEqual(
      [
        'building_power',
        'commander_power',
        'domain_id',
        'governor_type',
        'tech_power',
        'town_hall',
        'troop_power',
      ].sort(),
    );
    expect(fields.unknown).toEqual([]);
  });

  it('maps the canonical names and reports unknown headers', () => {
    const fields = fieldsOf([
      'governor_id',
      'name',
      't4_dead',
      't5_healed',
      'home_kd',
      'Favourite Colour',
      '',
    ]);
    expect(fields.stored).toEqual({
      governor_id: 'governor_id',
      name: 'name',
      t4_dead: 't4_dead',
      t5_healed: 't5_healed',
      home_kd: 'home_kd',
    });
    expect(fields.unknown).toEqual(['Favourite Colour']);
  });

  it('maps the spellings found in real files, and their family', () => {
    const fields = fieldsOf([
      'governorID',
      'Username',
      'Current Power',
      'Total Kill Points',
      'Dead Troops',
      'Tier 4 Kill',
      'Res Trade',
      'Rss',
      'Alliance Help',
      't5_kills',
    ]);
    expect(fields.stored).toEqual({
      governorID: 'governor_id',
      Username: 'name',
      'Current Power': 'power',
      'Total Kill Points': 'kill_points',
      'Dead Troops': 'dead',
      'Tier 4 Kill': 't4_kills',
      'Res Trade': 'rss_assistance',
      Rss: 'rss_gathered',
      'Alliance Help': 'helps',
      t5_kills: 't5_kills',
    });
    const field = (header: string) => {
      const map = mapColumns([header]);
      return map.stored[0]?.column.field ?? map.extras[0]?.column.key ?? 'unknown';
    };
    for (const header of ['Character ID', 'Player ID', 'player_id', 'Character-ID', 'GOVERNOR_ID']) {
      expect(field(header), header).toBe('governor_id');
    }
    for (const header of ['KP', 'Kill Score', 'kill-scores', 'killpoints', 'Kill Points']) {
      expect(field(header), header).toBe('kill_points');
    }
    for (const header of [
      'Dead',
      'Deads',
      'Dead Troops',
      'Dead Troop',
      'Unit Lost',
      'Units Lost',
      'Deaths',
      'deads',
    ]) {
      expect(field(header), header).toBe('dead');
    }
    for (const header of ['T4 Kill Points', 'Tier 4 Kill Score', 't4_KP', 'T4 KP', 'T4 Killpoints']) {
      expect(field(header), header).toBe('t4_kill_points');
    }
    expect(field('Tier 4 Kills')).toBe('t4_kills');
    expect(field('T1 Deaths')).toBe('t1_dead');
    expect(field('highestPower')).toBe('highest_power');
    expect(field('Kills (T4+)')).toBe('t45_kills');
  });

  it('maps the real alliance CSV with its per-tier kill points', () => {
    const headers =
      'governorID,name,Alliance,power,killpoints,highestPower,deads,t1_kills,t1_KP,t2_kills,t2_KP,t3_kills,t3_KP,t4_kills,t4_KP,t5_kills,t5_KP'.split(
        ',',
      );
    const fields = fieldsOf(headers);
    expect(fields.unknown).toEqual([]);
    expect(Object.values(fields.extras).sort()).toEqual([
      'highest_power',
      't1_kill_points',
      't2_kill_points',
      't3_kill_points',
      't4_kill_points',
      't5_kill_points',
    ]);
  });

  it('tells a governor data header from others', () => {
    expect(hasGovernorIdHeader(['Name', 'Governor ID'])).toBe(true);
    expect(hasGovernorIdHeader(['id'])).toBe(true);
    expect(hasGovernorIdHeader(['Domain ID', 'Name'])).toBe(false);
    expect(hasGovernorIdHeader(['Top 10 Power'])).toBe(false);
  });
});

describe('docs/import-formats.md', () => {
  it('lists every alias of the table, so users see what the import reads', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../../../docs/import-formats.md'), 'utf8');
    for (const column of STORED_COLUMNS) {
      const line = docs.split('\n').find((l) => new RegExp(`^\\| \`${column.field}\` +\\|`).test(l));
      expect(line, column.field).toBeDefined();
      for (const alias of column.aliases) expect(line, column.field).toContain(`\`${alias}\``);
    }
    for (const column of EXTRA_COLUMNS) {
      const line = docs.split('\n').find((l) => new RegExp(`^\\| \`${column.key}\` +\\|`).test(l));
      expect(line, column.key).toBeDefined();
      for (const alias of column.aliases) expect(line, column.key).toContain(`\`${alias}\``);
    }
  });

  it('shows a canonical CSV example that imports', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../../../docs/import-formats.md'), 'utf8');
    const example = /```csv\n([\s\S]*?)```/.exec(docs)![1]!;
    const [parsed] = parseScanFile(Buffer.from(example), 'kd77-2026-10-08-week-2.csv').scans;
    expect(parsed!.sourceFormat).toBe('canonical-csv');
    expect(parsed!.name).toBe('week-2');
    expect(parsed!.rows.map((r) => [r.governor_id, r.name, r.home_kd, r.power])).toEqual([
      [101, 'Alice', 77, 45_000_000],
      [102, 'Bob, the 2nd', 78, 30_000_000],
      [103, 'Carol', null, null],
    ]);
  });
});

describe('headers a person reads at a glance', () => {
  it('reads spelled-out tiers, camelCase and snake_case families as their columns', () => {
    const headers = [
      'GovernorId',
      'governorName',
      'KillsTOne',
      'KillsTTwo',
      'KillsTThree',
      'TierFourKills',
      't_five_kills',
      'HelpClicks',
      'killPoints',
      'T4DeadTroops',
      'tier_three_deaths',
    ];
    expect(fieldsOf(headers)).toEqual({
      stored: {
        GovernorId: 'governor_id',
        governorName: 'name',
        KillsTOne: 't1_kills',
        KillsTTwo: 't2_kills',
        KillsTThree: 't3_kills',
        TierFourKills: 't4_kills',
        t_five_kills: 't5_kills',
        HelpClicks: 'helps',
        killPoints: 'kill_points',
        T4DeadTroops: 't4_dead',
      },
      extras: { tier_three_deaths: 't3_dead' },
      unknown: [],
    });
    expect(mapColumns(headers).bySpelling).toEqual([
      { header: 'KillsTOne', column: 't1_kills' },
      { header: 'KillsTTwo', column: 't2_kills' },
      { header: 'KillsTThree', column: 't3_kills' },
      { header: 'TierFourKills', column: 't4_kills' },
      { header: 't_five_kills', column: 't5_kills' },
      { header: 'tier_three_deaths', column: 'extra t3_dead' },
    ]);
  });

  it('leaves a header whose words name no one column unknown', () => {
    expect(fieldsOf(['ID', 'KillsTSix', 'Favourite Colour']).unknown).toEqual([
      'KillsTSix',
      'Favourite Colour',
    ]);
  });
});
