import { describe, expect, it } from 'vitest';
import {
  applyDeadTroopsSettings,
  deadTroopsSplitOn,
  defaultDeadTroopsPoints,
  hohInvalidMessage,
  validateDeadTroopsSettings,
} from './dead-troops-settings.ts';
import { DEFAULT_STATS_FORMULA } from './formula.ts';
import { FORMULA_VALIDATION_MESSAGES as M } from './formula-issues.ts';
import {
  type FormulaPayloadData,
  normaliseFormulaPayload,
  validateFormulaPayload,
  validateStatsFormula,
  validateTiers,
} from './formula-validation.ts';
import type { SavedWar, ScanOption } from './wars.ts';

const tier = {
  from: 0,
  to: 150,
  type: 'percentage',
  score_multiplier: 200,
  dead_multiplier: 1,
  kp_multiplier: 400,
};
const scans: ScanOption[] = [
  { scan_name: 'a', timestamp: 100, display: 'A' },
  { scan_name: 'b', timestamp: 200, display: 'B' },
  { scan_name: 'c', timestamp: 300, display: 'C' },
];
const data = (over: Partial<FormulaPayloadData> = {}): FormulaPayloadData => ({
  goals: [tier],
  stats_formula: { ...DEFAULT_STATS_FORMULA },
  score_on: true,
  dead_on: false,
  kp_on: false,
  ...over,
});
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('validateStatsFormula', () => {
  it('needs one enabled term', () => {
    const off = Object.fromEntries(
      Object.entries(DEFAULT_STATS_FORMULA).map(([k, v]) => [k, [v[0], false] as const]),
    );
    expect(messages(validateStatsFormula(off))).toEqual(['At least one DKP Formula setting must be enabled']);
  });
  it("says '{stat} cannot be empty' per enabled empty stat, in stat order", () => {
    const issues = validateStatsFormula({
      'T5-Kills': ['', true],
      'T4-Kills': [null, true],
      'Dead Troops': ['', false],
    });
    expect(messages(issues)).toEqual(['T4-Kills cannot be empty', 'T5-Kills cannot be empty']);
    expect(issues[0]!.path).toBe('stats_formula.T4-Kills');
  });
  it('refuses text that is not a number', () => {
    expect(messages(validateStatsFormula({ 'T4-Kills': ['abc', true] }))).toEqual([
      'T4-Kills must be a number',
    ]);
  });
  it('accepts numeric text', () => {
    expect(validateStatsFormula({ 'T4-Kills': ['10', true] })).toEqual([]);
  });
});

describe('validateTiers', () => {
  it('needs a tier', () => {
    expect(messages(validateTiers([], { dead_on: true, kp_on: true }))).toEqual([
      'At least one power tier goal must be configured',
    ]);
  });
  it('reports each empty goal by tier number; dead and KP only when their switch is on', () => {
    const tiers = [
      { ...tier, score_multiplier: '' },
      { ...tier, from: 150, to: 300, dead_multiplier: null, kp_multiplier: '' },
    ];
    expect(messages(validateTiers(tiers, { dead_on: false, kp_on: false }))).toEqual([
      'Power tier 1: Score Goal cannot be empty',
    ]);
    expect(messages(validateTiers(tiers, { dead_on: true, kp_on: true }))).toEqual([
      'Power tier 1: Score Goal cannot be empty',
      'Power tier 2: Dead Goal cannot be empty when Dead Troops Requirements are enabled',
      'Power tier 2: KP Goal cannot be empty when Kill Points Requirements are enabled',
    ]);
  });
  it('reads the old kd_multiplier as the KP goal', () => {
    const old = { from: 0, to: 100, score_multiplier: 1, dead_multiplier: 1, kd_multiplier: 5 };
    expect(validateTiers([old], { dead_on: true, kp_on: true })).toEqual([]);
  });
  it('refuses a tier whose To is not above its From, and more than 15 tiers', () => {
    expect(messages(validateTiers([{ ...tier, to: 0 }], { dead_on: false, kp_on: false }))).toEqual([
      'Power tier 1: To value must be greater than From value',
    ]);
    const many = Array.from({ length: 16 }, (_, i) => ({ ...tier, from: i * 10, to: i * 10 + 10 }));
    expect(messages(validateTiers(many, { dead_on: false, kp_on: false }))).toEqual([
      'At most 15 power tiers can be saved',
    ]);
  });
});

// Issue 14 bug 7 and issue 15: negative points and goals were accepted, and a 1e308 goal broke the KvK DKP page.
describe('formula value limits', () => {
  it('refuses negative points and points above 10,000, on or off', () => {
    expect(
      messages(
        validateStatsFormula({ 'T4-Kills': [-1, true], 'T5-Kills': [10_001, true], 'T1-Kills': [-5, false] }),
      ),
    ).toEqual([
      'T1-Kills must be between 0 and 10,000',
      'T4-Kills must be between 0 and 10,000',
      'T5-Kills must be between 0 and 10,000',
    ]);
    expect(validateStatsFormula({ 'T4-Kills': [10_000, true], 'Rss Gathered': [0.0001, true] })).toEqual([]);
  });
  it('refuses negative goals and goals above 100,000 % or 1,000,000M', () => {
    const tiers = [
      { ...tier, score_multiplier: -200 },
      { ...tier, from: 150, to: 300, score_multiplier: 1e308, kp_multiplier: '100001' },
      { ...tier, from: 300, to: 400, type: 'direct', score_multiplier: 1_000_001, dead_multiplier: -0.5 },
    ];
    expect(messages(validateTiers(tiers, { dead_on: true, kp_on: true }))).toEqual([
      'Power tier 1: Score Goal must be between 0 and 100,000 %',
      'Power tier 2: Score Goal must be between 0 and 100,000 %',
      'Power tier 2: KP Goal must be between 0 and 100,000 %',
      'Power tier 3: Score Goal must be between 0 and 1,000,000M',
      'Power tier 3: Dead Goal must be between 0 and 1,000,000M',
    ]);
  });
  it('refuses tier bounds below 0 or above 10,000M', () => {
    expect(
      messages(validateTiers([{ ...tier, from: -10, to: 20_000 }], { dead_on: false, kp_on: false })),
    ).toEqual([
      'Power tier 1: From value cannot be negative',
      'Power tier 1: Maximum power limit is 10,000M',
    ]);
  });
  it('refuses T4/T5 dead points above 10,000 in the modal', () => {
    expect(
      validateDeadTroopsSettings({ enabled: true, t4: 15, t5: 20_000 }, { valid: true, reason: null }),
    ).toBe('T4 and T5 dead points must be at most 10,000');
  });
  it('refuses the whole payload with a 1e308 goal', () => {
    const payload = { data: data({ goals: [{ ...tier, score_multiplier: 1e308 }] }), warsConfig: null };
    expect(messages(validateFormulaPayload(payload, { scans }))).toEqual([
      'Power tier 1: Score Goal must be between 0 and 100,000 %',
    ]);
  });
});

describe('T4/T5 Dead Troops modal', () => {
  const valid = { valid: true, reason: null } as const;
  it('needs both points above 0 when enabled', () => {
    expect(validateDeadTroopsSettings({ enabled: true, t4: 0, t5: 30 }, valid)).toBe(M.deadPointsPositive);
    expect(validateDeadTroopsSettings({ enabled: true, t4: 15, t5: '' }, valid)).toBe(
      'T4 and T5 dead points must be greater than 0',
    );
    expect(validateDeadTroopsSettings({ enabled: false, t4: 0, t5: 0 }, valid)).toBeNull();
    expect(validateDeadTroopsSettings({ enabled: true, t4: 15, t5: 30 }, valid)).toBeNull();
  });
  it('gives the HoH reason messages', () => {
    const settings = { enabled: true, t4: 15, t5: 30 };
    expect(validateDeadTroopsSettings(settings, { valid: false, reason: 'NO_ACTIVE_KVK' })).toBe(
      'You only need this function when kvk is going on',
    );
    expect(validateDeadTroopsSettings(settings, { valid: false, reason: 'INSUFFICIENT_HOH_DATA' })).toBe(
      'Follow the instructions above to collect Hall of Heroes data first',
    );
    expect(hohInvalidMessage(null)).toBe(
      'Hall of Heroes data validation failed. Please collect HoH data before enabling T4/T5 Dead Troops.',
    );
  });
  it('proposes T4 = Dead Troops value and T5 twice that; enabling sets both terms on', () => {
    const formula = { ...DEFAULT_STATS_FORMULA, 'Dead Troops': [12, true] as const };
    expect(defaultDeadTroopsPoints(formula)).toEqual({ t4: 12, t5: 24 });
    const on = applyDeadTroopsSettings(formula, { enabled: true, t4: 12, t5: 24 });
    expect(on['T4 Dead Troops']).toEqual([12, true]);
    expect(on['T5 Dead Troops']).toEqual([24, true]);
    expect(deadTroopsSplitOn(on)).toBe(true);
    const off = applyDeadTroopsSettings(on, { enabled: false, t4: 12, t5: 24 });
    expect(deadTroopsSplitOn(off)).toBe(false);
  });
});

describe('validateFormulaPayload', () => {
  it('accepts the default formula with one tier and no wars', () => {
    expect(validateFormulaPayload({ data: data() }, { scans })).toEqual([]);
  });
  it('lists messages in the editor order: terms, T4/T5, tiers, wars', () => {
    const payload = {
      data: data({
        stats_formula: { 'T4-Kills': ['', true], 'T4 Dead Troops': [0, true], 'T5 Dead Troops': [30, true] },
        goals: [{ ...tier, score_multiplier: '' }],
      }),
      warsConfig: { wars: [{ before: { a: 100 }, after: {} }] },
    };
    expect(messages(validateFormulaPayload(payload, { scans }))).toEqual([
      'T4-Kills cannot be empty',
      'T4 and T5 dead points must be greater than 0',
      'Power tier 1: Score Goal cannot be empty',
      'Some wars are missing start or end dates. Please complete all wars before saving.',
    ]);
  });
  it('applies the HoH check only when the switch is being turned on', () => {
    const payload = {
      data: data({
        stats_formula: {
          ...DEFAULT_STATS_FORMULA,
          'T4 Dead Troops': [15, true],
          'T5 Dead Troops': [30, true],
        },
      }),
    };
    const hoh = { valid: false, reason: 'NO_ACTIVE_KVK' } as const;
    expect(messages(validateFormulaPayload(payload, { scans, hoh }))).toEqual([M.hohNoActiveKvk]);
    expect(validateFormulaPayload(payload, { scans, hoh, deadTroopsSplitWasOn: true })).toEqual([]);
  });
  it('reports overlapping, reversed and unknown wars', () => {
    const wars: SavedWar[] = [
      { before: { a: 100 }, after: { c: 300 } },
      { before: { b: 200 }, after: { c: 300 } },
      { before: { x: 999 }, after: { c: 300 } },
    ];
    expect(validateFormulaPayload({ data: data(), warsConfig: { wars } }, { scans })).toEqual([
      {
        path: 'warsConfig.wars.1',
        message:
          'This war overlaps with War 1. Wars must be in chronological order with no overlapping periods.',
        code: 'warOverlap',
        params: { war: 2, previous: 1 },
      },
      {
        path: 'warsConfig.wars.2',
        message: 'Invalid scan selection',
        code: 'warInvalidScan',
        params: { war: 3 },
      },
    ]);
    expect(
      messages(
        validateFormulaPayload(
          { data: data(), warsConfig: { wars: [{ before: { c: 300 }, after: { a: 100 } }] } },
          { scans },
        ),
      ),
    ).toEqual(['Before scan must be earlier than after scan']);
  });
});

describe('normaliseFormulaPayload', () => {
  it('fills missing stats off, parses numbers, migrates kd_multiplier and re-derives the wars base', () => {
    const result = normaliseFormulaPayload(
      {
        data: data({
          stats_formula: { 'T4-Kills': ['12', true] },
          goals: [{ from: '0', to: '100', score_multiplier: '150', dead_multiplier: '', kd_multiplier: 300 }],
        }),
        warsConfig: { wars: [{ before: { b: 200 }, after: { c: 300 } }] },
      },
      scans,
    );
    expect(result.stats_formula['T4-Kills']).toEqual([12, true]);
    expect(result.stats_formula['T5-Kills']).toEqual([20, false]);
    expect(result.goals).toEqual([
      {
        from: 0,
        to: 100,
        type: 'percentage',
        score_multiplier: 150,
        dead_multiplier: null,
        kp_multiplier: 300,
      },
    ]);
    expect(result.warsConfig).toEqual({
      base: { b: 200 },
      wars: [{ before: { b: 200 }, after: { c: 300 } }],
    });
  });
});
