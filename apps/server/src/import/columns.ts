/**
 * The alias table: which header, in any scanner's file, feeds which column of governor_stats. Headers are matched
 * by name, never by position, after `normaliseHeader` (case, spaces, underscores and punctuation ignored), so
 * "Kill Points", "Killpoints" and "kill_points" are one column.
 * docs/import-formats.md shows this table to users; keep the two in step.
 */

/** How a column's cells are read. */
export type ValueKind = 'id' | 'kd' | 'count' | 'text';

export type StoredField =
  | 'governor_id'
  | 'name'
  | 'alliance'
  | 'home_kd'
  | 'power'
  | 'kill_points'
  | 't1_kills'
  | 't2_kills'
  | 't3_kills'
  | 't4_kills'
  | 't5_kills'
  | 'dead'
  | 't4_dead'
  | 't5_dead'
  | 'healed'
  | 't4_healed'
  | 't5_healed'
  | 'rss_gathered'
  | 'rss_assistance'
  | 'helps'
  | 'acclaim';

export interface StoredColumn {
  field: StoredField;
  kind: ValueKind;
  /** Headers as the scanners write them; the canonical name (the field itself) always matches too. */
  aliases: readonly string[];
}

export const STORED_COLUMNS: readonly StoredColumn[] = [
  {
    field: 'governor_id',
    kind: 'id',
    aliases: ['ID', 'Governor ID', 'Gov ID', 'Player ID', 'Lord ID', 'Character ID', 'Char ID', 'User ID'],
  },
  {
    field: 'name',
    kind: 'text',
    aliases: [
      'Name',
      'Governor Name',
      'Gov Name',
      'Player Name',
      'Governor',
      'Username',
      'User Name',
      'Nickname',
    ],
  },
  { field: 'alliance', kind: 'text', aliases: ['Alliance', 'Alliance Tag', 'Alliance Name', 'Tag'] },
  { field: 'home_kd', kind: 'kd', aliases: ['Kingdom', 'Home KD', 'Home Kingdom', 'KD', 'Kingdom ID'] },
  { field: 'power', kind: 'count', aliases: ['Power', 'Governor Power', 'Current Power'] },
  {
    field: 'kill_points',
    kind: 'count',
    aliases: ['Killpoints', 'Kill Points', 'KP', 'Kill Point', 'Total Kill Points', 'Kill Score', 'Total KP'],
  },
  tierKills(1),
  tierKills(2),
  tierKills(3),
  tierKills(4),
  tierKills(5),
  {
    field: 'dead',
    kind: 'count',
    aliases: [
      'Deads',
      'Dead',
      'Deaths',
      'Death',
      'Troops Dead',
      'Total Dead',
      'Total Deads',
      'Total Deaths',
      'Dead Troops',
      'Unit Lost',
      'Units Lost',
      'Troops Lost',
    ],
  },
  {
    field: 't4_dead',
    kind: 'count',
    aliases: ['T4 Dead', 'T4 Deads', 'T4 Deaths', 'Tier 4 Dead', 'Tier 4 Deaths', 'T4 Dead Troops'],
  },
  {
    field: 't5_dead',
    kind: 'count',
    aliases: ['T5 Dead', 'T5 Deads', 'T5 Deaths', 'Tier 5 Dead', 'Tier 5 Deaths', 'T5 Dead Troops'],
  },
  {
    field: 'healed',
    kind: 'count',
    aliases: ['Healed', 'Heals', 'Troops Healed', 'Total Healed', 'Healed Troops'],
  },
  { field: 't4_healed', kind: 'count', aliases: ['T4 Healed', 'T4 Heals', 'Tier 4 Healed'] },
  { field: 't5_healed', kind: 'count', aliases: ['T5 Healed', 'T5 Heals', 'Tier 5 Healed'] },
  {
    field: 'rss_gathered',
    kind: 'count',
    aliases: ['Rss Gathered', 'Resources Gathered', 'Resource Gathered', 'Gathered', 'Rss', 'Res Gathered'],
  },
  {
    field: 'rss_assistance',
    kind: 'count',
    aliases: [
      'Rss Assistance',
      'Resource Assistance',
      'Resources Assistance',
      'Resources Given',
      'Rss Assist',
      'Res Trade',
      'Rss Trade',
      'Resource Trade',
      'Resources Trade',
    ],
  },
  {
    field: 'helps',
    kind: 'count',
    aliases: ['Helps', 'Alliance Helps', 'Helps Given', 'Help', 'Alliance Help', 'Help Clicks', 'Help Times'],
  },
  { field: 'acclaim', kind: 'count', aliases: ['Acclaim', 'Aclaim'] },
];

/** T4 Kills, T4, Tier 4 Kills, T4 Kill: every way a scanner names one tier's kills. */
function tierKills(tier: 1 | 2 | 3 | 4 | 5): StoredColumn {
  return {
    field: `t${tier}_kills`,
    kind: 'count',
    aliases: [`T${tier} Kills`, `T${tier}`, `Tier ${tier} Kills`, `T${tier} Kill`],
  };
}

/** Kill points earned on one tier (the game's per-tier kill score): kept in extra_json as t<n>_kill_points. */
function tierKillPoints(tier: 1 | 2 | 3 | 4 | 5): ExtraColumn {
  return {
    key: `t${tier}_kill_points`,
    kind: 'count',
    aliases: [
      `T${tier} Kill Points`,
      `T${tier} Killpoints`,
      `T${tier} KP`,
      `Tier ${tier} Kill Points`,
      `Tier ${tier} Kill Score`,
      `T${tier} Kill Score`,
      `Tier ${tier} KP`,
    ],
  };
}

export interface ExtraColumn {
  /** The key in extra_json. */
  key: string;
  kind: 'count' | 'text';
  aliases: readonly string[];
}

/**
 * Columns we know and keep in extra_json but do not store as columns. Derived totals ("Total Kills", "Kills") are
 * kept for reference only: kill totals are always computed from the tier columns, which the scanner read directly.
 */
export const EXTRA_COLUMNS: readonly ExtraColumn[] = [
  { key: 'total_kills', kind: 'count', aliases: ['Total Kills', 'Kills'] },
  { key: 't45_kills', kind: 'count', aliases: ['T45 Kills', 'Kills (T4+)', 'T4+T5 Kills'] },
  { key: 'ranged', kind: 'count', aliases: ['Ranged', 'Ranged Points'] },
  { key: 'highest_acclaim', kind: 'count', aliases: ['Highest Acclaim', 'High Aclaim', 'High Acclaim'] },
  { key: 'troop_power', kind: 'count', aliases: ['Troop Power', 'Troops Power'] },
  { key: 'tech_power', kind: 'count', aliases: ['Tech Power'] },
  { key: 'building_power', kind: 'count', aliases: ['Building Power'] },
  { key: 'commander_power', kind: 'count', aliases: ['Commander Power'] },
  { key: 'town_hall', kind: 'count', aliases: ['Town Hall', 'City Hall'] },
  { key: 'domain_id', kind: 'count', aliases: ['Domain ID'] },
  // The profile's KvK bests: the legacy RokTracker's names, and the 35-column scanner's `Most KvK …`.
  { key: 'kvk_kills_high', kind: 'count', aliases: ['KvK Kills High', 'Most KvK Kill'] },
  { key: 'kvk_deads_high', kind: 'count', aliases: ['KvK Deads High', 'Most KvK Dead'] },
  { key: 'kvk_severely_wounds_high', kind: 'count', aliases: ['KvK Severely Wounds High', 'Most KvK Heal'] },
  { key: 'governor_type', kind: 'text', aliases: ['Governor Type'] },
  { key: 'highest_power', kind: 'count', aliases: ['Highest Power', 'Max Power'] },
  { key: 't1_dead', kind: 'count', aliases: ['T1 Dead', 'T1 Deaths', 'Tier 1 Dead', 'Tier 1 Deaths'] },
  { key: 't2_dead', kind: 'count', aliases: ['T2 Dead', 'T2 Deaths', 'Tier 2 Dead', 'Tier 2 Deaths'] },
  { key: 't3_dead', kind: 'count', aliases: ['T3 Dead', 'T3 Deaths', 'Tier 3 Dead', 'Tier 3 Deaths'] },
  ...[1, 2, 3, 4, 5].map((tier) => tierKillPoints(tier as 1 | 2 | 3 | 4 | 5)),
  // The 35-column scanner's profile columns (issue 37): civilization, autarch, KvK count, Ark of Osiris, conduct.
  { key: 'civilization', kind: 'text', aliases: ['Civilization', 'Civilisation', 'Civ'] },
  { key: 'autarch_times', kind: 'count', aliases: ['Autarch Times'] },
  { key: 'kvk_played', kind: 'count', aliases: ['KvK Played'] },
  { key: 'aoo_joined', kind: 'count', aliases: ['AOO Joined'] },
  { key: 'aoo_won', kind: 'count', aliases: ['AOO Won'] },
  { key: 'aoo_avg_kill', kind: 'count', aliases: ['AOO Avg Kill'] },
  { key: 'aoo_avg_dead', kind: 'count', aliases: ['AOO Avg Dead'] },
  { key: 'aoo_avg_heal', kind: 'count', aliases: ['AOO Avg Heal'] },
  { key: 'credit', kind: 'count', aliases: ['Credit'] },
  // A whole-map file's camp of the row's kingdom (whole-map.ts): camps are created or matched from it at import.
  { key: 'camp', kind: 'text', aliases: ['Camp', 'Camp ID', 'CampID', 'Camp Name'] },
];

/** Lower case, and only letters and digits: 'Kills (T4+)' → 'killst4', 'kill_points' → 'killpoints'. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

type ColumnTarget = { stored: StoredColumn } | { extra: ExtraColumn };

const TARGETS: ReadonlyMap<string, ColumnTarget> = buildTargets();

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
};

/**
 * A header as the words a person reads in it, order and spelling aside: camelCase, snake_case and digits split into
 * words ('KillsTOne' → kills t one), tiers spelled out or written 'Tier' made 't1' … 't5', every word in the singular,
 * then sorted. So `KillsTOne`, `TierFourKills`, `t_four_kills` and `T4 Kills` are one key. Used only where the exact
 * alias table finds nothing, and only for keys that name one column (spellingKey collisions are dropped).
 */
export function spellingKey(header: string): string {
  const words = header
    .normalize('NFKC')
    .replace(/\+/g, ' plus ') // 'Kills (T4+)' is T4 and T5 kills, not T4 kills
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_m, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`))
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => NUMBER_WORDS[word] ?? (word === 'tier' ? 't' : word));
  const joined: string[] = [];
  for (const word of words) {
    const previous = joined.at(-1);
    if (previous === 't' && /^[1-5]$/.test(word)) joined[joined.length - 1] = `t${word}`;
    else
      joined.push(word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return joined.sort().join(' ');
}

const BY_SPELLING: ReadonlyMap<string, ColumnTarget> = buildSpellingTargets();

function buildSpellingTargets(): Map<string, ColumnTarget> {
  const byKey = new Map<string, ColumnTarget | null>();
  const add = (alias: string, target: ColumnTarget) => {
    const key = spellingKey(alias);
    const existing = byKey.get(key);
    if (existing === undefined) byKey.set(key, target);
    else if (existing !== null && targetName(existing) !== targetName(target)) byKey.set(key, null);
  };
  for (const stored of STORED_COLUMNS)
    for (const alias of [stored.field, ...stored.aliases]) add(alias, { stored });
  for (const extra of EXTRA_COLUMNS) for (const alias of [extra.key, ...extra.aliases]) add(alias, { extra });
  const targets = new Map<string, ColumnTarget>();
  for (const [key, target] of byKey) if (target !== null) targets.set(key, target);
  return targets;
}

/** The column a header names: by the alias table, else by its words (`how` says which). */
function targetOf(header: string): { target: ColumnTarget; how: 'alias' | 'spelling' } | undefined {
  const exact = TARGETS.get(normaliseHeader(header));
  if (exact) return { target: exact, how: 'alias' };
  const spelled = BY_SPELLING.get(spellingKey(header));
  return spelled ? { target: spelled, how: 'spelling' } : undefined;
}

function buildTargets(): Map<string, ColumnTarget> {
  const targets = new Map<string, ColumnTarget>();
  const add = (alias: string, target: ColumnTarget) => {
    const key = normaliseHeader(alias);
    const existing = targets.get(key);
    if (existing && targetName(existing) !== targetName(target)) {
      throw new Error(
        `Alias table: "${alias}" would feed both ${targetName(existing)} and ${targetName(target)}`,
      );
    }
    targets.set(key, target);
  };
  for (const stored of STORED_COLUMNS)
    for (const alias of [stored.field, ...stored.aliases]) add(alias, { stored });
  for (const extra of EXTRA_COLUMNS) for (const alias of extra.aliases) add(alias, { extra });
  // The singular of every plural and the plural of every singular ('Dead Troop', 'Kill Scores', 'Alliance Help'),
  // unless a spelling listed above already means something else.
  for (const [key, target] of [...targets]) {
    if (key.endsWith('ss') || key.length < 3) continue; // 'rss' is no plural of 'rs'
    const other = key.endsWith('s') ? key.slice(0, -1) : `${key}s`;
    if (!targets.has(other)) targets.set(other, target);
  }
  return targets;
}

function targetName(target: ColumnTarget): string {
  return 'stored' in target ? target.stored.field : `extra ${target.extra.key}`;
}

export interface MappedColumn<T> {
  index: number;
  header: string;
  column: T;
}

export interface ColumnMap {
  stored: MappedColumn<StoredColumn>[];
  extras: MappedColumn<ExtraColumn>[];
  /** Headers no alias matches; their cells are not imported. */
  unknown: string[];
  /** Headers matched by their words rather than an alias ('KillsTOne' as t1_kills), for the answer to list. */
  bySpelling: { header: string; column: string }[];
  /** Two headers that feed one field: the file is ambiguous. */
  conflict?: { field: string; headers: [string, string] };
}

export function mapColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = { stored: [], extras: [], unknown: [], bySpelling: [] };
  const seen = new Map<string, string>();
  headers.forEach((header, index) => {
    if (header === '') return;
    const found = targetOf(header);
    if (!found) {
      map.unknown.push(header);
      return;
    }
    const { target } = found;
    const field = targetName(target);
    if (found.how === 'spelling') map.bySpelling.push({ header, column: field });
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      map.conflict ??= { field, headers: [earlier, header] };
      return;
    }
    seen.set(field, header);
    if ('stored' in target) map.stored.push({ index, header, column: target.stored });
    else map.extras.push({ index, header, column: target.extra });
  });
  return map;
}

/** True when one of the headers names the governor ID: the row is a header row of governor data. */
export function hasGovernorIdHeader(headers: readonly string[]): boolean {
  return headers.some((header) => {
    const target = targetOf(header)?.target;
    return target !== undefined && 'stored' in target && target.stored.field === 'governor_id';
  });
}

/** The governor ID aliases, for the message when a file has none. */
export const GOVERNOR_ID_HEADERS: readonly string[] = STORED_COLUMNS[0]!.aliases;

/** The stat a header names (a count column, stored or extra: 't4_kills', 'dead', 't4_kill_points'), if any. */
export function statColumnOf(header: string): string | undefined {
  const target = targetOf(header)?.target;
  if (!target) return undefined;
  if ('stored' in target) return target.stored.kind === 'count' ? target.stored.field : undefined;
  return target.extra.kind === 'count' ? target.extra.key : undefined;
}

/** The stat fields a scan can hold: everything stored that is a count. */
export const STAT_FIELDS: readonly StoredField[] = STORED_COLUMNS.filter((c) => c.kind === 'count').map(
  (c) => c.field,
);
