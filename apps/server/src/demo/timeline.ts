/**
 * When things happen in the demo. Everything is laid relative to the UTC day the demo is seeded, so whoever starts
 * the site finds a KvK in progress (opened 25 days ago, closing in 30), two finished wars and a scan from the last
 * couple of hours. Times are unix seconds.
 */

export const HOUR = 3_600;
export const DAY = 86_400;

/** The demo kingdom (the one /demo/dashboard/{secret} shows) and the 11 others on its KvK map. */
export const DEMO_KD = 2101;
export const KINGDOM_COUNT = 12;
export const DEMO_KDS: readonly number[] = Array.from({ length: KINGDOM_COUNT }, (_, i) => DEMO_KD + i);
export const CAMP_NAMES = ['Azure Legion', 'Crimson Pact', 'Emerald Order', 'Golden Horde'] as const;
export const CURRENT_KVK = 7;

/** Camp index of a demo kd: interleaved like a real map, so neighbouring kds end up in different camps. */
export function campOf(kd: number): number {
  return (kd - DEMO_KD) % CAMP_NAMES.length;
}

export interface ScanSlot {
  index: number;
  name: string;
  takenAt: number;
}

/**
 * A period of fighting. `intensity` (per camp) scales how much governors of that camp kill; `loss` scales how much
 * they die — the camp that lost the fight dies more for the same kills.
 */
export interface FightWindow {
  label: string;
  start: number;
  end: number;
  intensity: readonly number[];
  loss: readonly number[];
}

export interface War {
  number: number;
  before: ScanSlot;
  after: ScanSlot;
}

export interface Timeline {
  now: number;
  /** 00:00 UTC of the seeding day. */
  today: number;
  open: number;
  close: number;
  /** SPEC §9: the pre-KvK period is the 5 days before open time. */
  prekvkStart: number;
  /** The previous KvK (CURRENT_KVK - 1): its dates, its few scans and its fights (previous-season.ts). */
  previousSeason: PreviousSeason;
  scans: readonly ScanSlot[];
  fights: readonly FightWindow[];
  wars: readonly War[];
}

const OPEN_DAYS_AGO = 25;
const SEASON_DAYS = 55;
/** KvK days (day 1 = opening day) on which the two wars start; each lasts three days. */
const WAR_START_DAYS = [8, 18] as const;
const WAR_DAYS = 3;

// Both wars involve all four camps, but the pairings differ: war 1 is a hard fight between camps 0 and 1 while
// 2 and 3 skirmish; in war 2 everyone is all-in. Camp 1, then camp 2, comes off worse.
const WAR_INTENSITY = [
  [1.1, 1.0, 0.6, 0.5],
  [1.0, 0.9, 1.2, 1.0],
] as const;
const WAR_LOSS = [
  [0.9, 1.4, 1.0, 1.0],
  [1.0, 1.0, 1.4, 0.9],
] as const;

export function buildTimeline(nowDate: Date): Timeline {
  const now = Math.floor(nowDate.getTime() / 1000);
  if (!Number.isFinite(now)) throw new Error('seedDemo needs a valid `now` date');
  const today = Math.floor(now / DAY) * DAY;
  const open = today - OPEN_DAYS_AGO * DAY;
  // `at(day, hour)`: KvK day 1 is the opening day, day 0 the day before.
  const at = (day: number, hour: number) => open + (day - 1) * DAY + hour * HOUR;

  const warDays = new Set(WAR_START_DAYS.flatMap((start) => range(start, start + WAR_DAYS - 1)));
  const slots: Omit<ScanSlot, 'index'>[] = [
    { name: 'Pre-KvK baseline', takenAt: at(-3, 14) },
    { name: 'Pre-KvK stage 2', takenAt: at(-1, 14) },
    { name: 'Pre-KvK final', takenAt: at(0, 20) },
    { name: 'KvK open', takenAt: at(1, 2) },
  ];
  // One scan a day between wars; during a war a morning and an evening scan, plus a scan right before and right
  // after, which are the scans the saved wars point at.
  for (let day = 1; day <= OPEN_DAYS_AGO; day++) {
    if (!warDays.has(day)) slots.push({ name: `Day ${day} afternoon`, takenAt: at(day, 14) });
  }
  WAR_START_DAYS.forEach((start, w) => {
    slots.push({ name: `War ${w + 1} start`, takenAt: at(start, 0) });
    for (let day = start; day < start + WAR_DAYS; day++) {
      slots.push({ name: `Day ${day} morning`, takenAt: at(day, 8) });
      slots.push({ name: `Day ${day} evening`, takenAt: at(day, 20) });
    }
    slots.push({ name: `War ${w + 1} end`, takenAt: at(start + WAR_DAYS, 0) });
  });
  // The freshest scan: the start of the hour before this one, so 1–2 hours old. It is at least 23:00 of
  // yesterday, well after yesterday's afternoon scan.
  const latest = Math.floor(now / HOUR) * HOUR - HOUR;
  const latestDay = Math.floor((latest - open) / DAY) + 1;
  slots.push({ name: `Day ${latestDay} ${partOfDay(latest)}`, takenAt: latest });

  slots.sort((a, b) => a.takenAt - b.takenAt);
  const scans = slots.map((slot, index) => ({ ...slot, index }));
  assertDistinct(scans);

  const byName = new Map(scans.map((scan) => [scan.name, scan]));
  const fights: FightWindow[] = WAR_START_DAYS.map((start, w) => ({
    label: `War ${w + 1}`,
    start: at(start, 0),
    end: at(start + WAR_DAYS, 0),
    intensity: WAR_INTENSITY[w]!,
    loss: WAR_LOSS[w]!,
  }));
  // Smaller clashes (pass and ruin fights) between the wars, so kills do not sit flat for a week.
  fights.push(
    {
      label: 'Pass skirmish',
      start: at(4, 12),
      end: at(5, 6),
      intensity: [0.3, 0.2, 0.3, 0.2],
      loss: [1, 1, 1, 1],
    },
    {
      label: 'Ruins',
      start: at(14, 10),
      end: at(15, 10),
      intensity: [0.3, 0.4, 0.35, 0.3],
      loss: [1, 1, 1, 1],
    },
  );
  const wars = WAR_START_DAYS.map((_, w) => ({
    number: w + 1,
    before: byName.get(`War ${w + 1} start`)!,
    after: byName.get(`War ${w + 1} end`)!,
  }));

  return {
    now,
    today,
    open,
    close: open + SEASON_DAYS * DAY,
    prekvkStart: open - 5 * DAY,
    previousSeason: buildPreviousSeason(open),
    scans,
    fights,
    wars,
  };
}

export interface PreviousSeason {
  open: number;
  close: number;
  /** Oldest first; indexes count within this list. */
  scans: readonly ScanSlot[];
  fights: readonly FightWindow[];
}

const PREVIOUS_OPEN_DAYS_BEFORE = 150;
/** KvK days of the previous season's two wars (three days each), and the days of its scans inside the season. */
const PREVIOUS_WAR_START_DAYS = [12, 29] as const;
const PREVIOUS_SCAN_DAYS = [10, 22, 35, 50] as const;

/**
 * The previous KvK, as a kingdom that scans now and then (not daily) would have it: a scan before it opened, one at
 * the opening, four during it and one after it closed. Its wars pair the camps like this season's.
 */
function buildPreviousSeason(currentOpen: number): PreviousSeason {
  const open = currentOpen - PREVIOUS_OPEN_DAYS_BEFORE * DAY;
  const close = open + SEASON_DAYS * DAY;
  const at = (day: number, hour: number) => open + (day - 1) * DAY + hour * HOUR;
  const kvk = CURRENT_KVK - 1;
  const slots = [
    { name: `KvK ${kvk} before open`, takenAt: at(-1, 14) },
    { name: `KvK ${kvk} open`, takenAt: at(1, 2) },
    ...PREVIOUS_SCAN_DAYS.map((day) => ({ name: `KvK ${kvk} day ${day}`, takenAt: at(day, 14) })),
    { name: `KvK ${kvk} after close`, takenAt: close + 2 * DAY + 14 * HOUR },
  ];
  const fights = PREVIOUS_WAR_START_DAYS.map((start, w) => ({
    label: `War ${w + 1}`,
    start: at(start, 0),
    end: at(start + WAR_DAYS, 0),
    intensity: WAR_INTENSITY[w]!,
    loss: WAR_LOSS[w]!,
  }));
  return { open, close, scans: slots.map((slot, index) => ({ ...slot, index })), fights };
}

export interface Exposure {
  /** Intensity-weighted days of fighting the governor took part in. */
  fight: number;
  /** The same, weighted by how badly their camp fared. */
  loss: number;
}

/**
 * How much fighting a governor of `camp` saw between two scans. `spirit[i]` is their own turn-out for fight i;
 * on top of that there is a low background of field fights once KvK is open and almost none before it.
 */
export function exposure(
  timeline: Pick<Timeline, 'fights' | 'open'>,
  from: number,
  to: number,
  camp: number,
  spirit: readonly number[],
): Exposure {
  let fight = 0;
  let loss = 0;
  timeline.fights.forEach((window, i) => {
    const days = overlap(from, to, window.start, window.end) / DAY;
    if (days <= 0) return;
    const weight = days * window.intensity[camp]! * (spirit[i] ?? 1);
    fight += weight;
    loss += weight * window.loss[camp]!;
  });
  const background =
    (overlap(from, to, timeline.open, Number.POSITIVE_INFINITY) / DAY) * 0.04 +
    (overlap(from, to, Number.NEGATIVE_INFINITY, timeline.open) / DAY) * 0.01;
  return { fight: fight + background, loss: loss + background };
}

export function isDuringFight(timeline: Timeline, from: number, to: number): boolean {
  return timeline.fights.some(
    (window) => window.intensity.some((i) => i >= 0.5) && overlap(from, to, window.start, window.end) > 0,
  );
}

function overlap(from: number, to: number, start: number, end: number): number {
  return Math.max(0, Math.min(to, end) - Math.max(from, start));
}

function partOfDay(time: number): string {
  const hour = Math.floor((time % DAY) / HOUR);
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function assertDistinct(scans: readonly ScanSlot[]): void {
  const names = new Set(scans.map((scan) => scan.name));
  const times = new Set(scans.map((scan) => scan.takenAt));
  if (names.size !== scans.length || times.size !== scans.length) {
    throw new Error('Demo timeline produced two scans with the same name or time');
  }
}
