import { describe, expect, it } from 'vitest';
import { createPopulation } from '../../src/demo/governors.ts';
import { generateRallies } from '../../src/demo/rallies.ts';
import { Rng } from '../../src/demo/random.ts';
import { buildTimeline, DAY, DEMO_KD } from '../../src/demo/timeline.ts';

// The awkward moments to start a site: just after midnight on a Monday (the ISO week has one minute in it),
// late on a Sunday, and an ordinary afternoon.
const NOWS = ['2025-03-10T00:00:30Z', '2025-03-16T23:59:59Z', '2025-07-02T13:20:00Z', '2026-01-01T00:59:00Z'];

describe('demo timeline', () => {
  it.each(NOWS)('keeps the season active and the scans in the past (now %s)', (iso) => {
    const timeline = buildTimeline(new Date(iso));
    const now = timeline.now;
    expect(timeline.open).toBeLessThan(now);
    expect(timeline.close).toBeGreaterThan(now);
    expect(timeline.scans).toHaveLength(40);
    const times = timeline.scans.map((s) => s.takenAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(timeline.prekvkStart);
    expect(now - times.at(-1)!).toBeGreaterThan(0);
    expect(now - times.at(-1)!).toBeLessThanOrEqual(2 * 3600);
    expect(timeline.wars.map((w) => [w.before.name, w.after.name])).toEqual([
      ['War 1 start', 'War 1 end'],
      ['War 2 start', 'War 2 end'],
    ]);
  });

  it('is denser during the wars than between them', () => {
    const timeline = buildTimeline(new Date(NOWS[2]!));
    const [war] = timeline.wars;
    const inWar = timeline.scans.filter(
      (s) => s.takenAt >= war!.before.takenAt && s.takenAt <= war!.after.takenAt,
    );
    expect(inWar.length / 3).toBeGreaterThan(2);
  });
});

describe('demo rallies', () => {
  const probe = buildTimeline(new Date(NOWS[0]!));
  const population = createPopulation(Rng.fromLabel('test'), probe).filter((g) => g.homeKd === DEMO_KD);
  const candidates = population.map((g) => ({
    id: g.id,
    name: g.name,
    power: g.power,
    aggression: g.aggression,
  }));

  it.each(NOWS)('cover every day of the current ISO week up to now (now %s)', (iso) => {
    const timeline = buildTimeline(new Date(iso));
    const { rallies, participants } = generateRallies(Rng.fromLabel('rallies'), timeline, candidates);
    const monday = timeline.today - ((new Date(timeline.today * 1000).getUTCDay() + 6) % 7) * DAY;
    for (let day = monday; day <= timeline.today; day += DAY) {
      expect(rallies.some((r) => r.launched_at >= day && r.launched_at < day + DAY)).toBe(true);
    }
    for (const rally of rallies) expect(rally.launched_at).toBeLessThanOrEqual(timeline.now);
    const perDay = rallies.length / 9;
    expect(perDay).toBeGreaterThan(15);
    expect(perDay).toBeLessThan(60);
    expect(new Set(rallies.map((r) => r.rally_id)).size).toBe(rallies.length);
    const keys = participants.map((p) => `${p.rally_id}/${p.governor_id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
