import { describe, expect, it } from 'vitest';
import {
  addWarOptions,
  addWarState,
  defaultWars,
  deleteWar,
  editWarOptions,
  overlapMessage,
  type ScanOption,
  saveButtonLabel,
  toWarsConfig,
  validateWarSelection,
  validateWars,
  WAR_MESSAGES,
  type War,
} from './wars.ts';

const scan = (n: number): ScanOption => ({
  scan_name: `Scan ${n}`,
  timestamp: n * 1000,
  display: `Day ${n}`,
});
const scans = [1, 2, 3, 4, 5, 6].map(scan);
const war = (i: number, before: number | null, after: number | null): War => ({
  name: `War ${i}`,
  beforeScan: before === null ? null : scan(before),
  afterScan: after === null ? null : scan(after),
});

describe('defaultWars', () => {
  it('restores the saved selection, matching scans by timestamp', () => {
    const saved = [{ before: { 'Scan 2': 2000 }, after: { 'Scan 4': 4000 } }];
    expect(defaultWars(saved, scans)).toEqual([war(1, 2, 4)]);
  });

  it('shows a saved scan that no longer exists as not set', () => {
    expect(defaultWars([{ before: { Gone: 99 }, after: { 'Scan 4': 4000 } }], scans)).toEqual([
      war(1, null, 4),
    ]);
  });

  it('without a selection spans the first to the last scan', () => {
    expect(defaultWars(null, [scan(3), scan(1), scan(2)])).toEqual([war(1, 1, 3)]);
  });

  it('has no war with fewer than two scans', () => {
    expect(defaultWars(undefined, [scan(1)])).toEqual([]);
    expect(defaultWars([], [])).toEqual([]);
  });

  // Issue 14 bug 2: deleting every war and saving brought a full-period War 1 back.
  it('keeps a saved empty list empty, however many scans there are', () => {
    expect(defaultWars([], [scan(1), scan(2), scan(3)])).toEqual([]);
  });
});

describe('deleteWar', () => {
  it('renumbers the wars that remain', () => {
    expect(deleteWar([war(1, 1, 2), war(2, 2, 3), war(3, 3, 4)], 0).map((w) => w.name)).toEqual([
      'War 1',
      'War 2',
    ]);
  });
});

describe('scan options', () => {
  it('add mode offers scans at or after the latest after-scan', () => {
    expect(addWarOptions(scans, [war(1, 1, 3)]).map((s) => s.timestamp)).toEqual([3000, 4000, 5000, 6000]);
    expect(addWarOptions(scans, [])).toHaveLength(6);
  });

  it('edit mode stops the options before the next war starts', () => {
    const wars = [war(1, 1, 2), war(2, 3, 4), war(3, 5, 6)];
    expect(editWarOptions(scans, wars, 1).after.map((s) => s.timestamp)).toEqual([2000, 3000, 4000]);
    expect(editWarOptions(scans, wars, 0).after.map((s) => s.timestamp)).toEqual([1000, 2000]);
    expect(editWarOptions(scans, wars, 2).after.map((s) => s.timestamp)).toEqual([4000, 5000, 6000]);
  });
});

describe('addWarState', () => {
  it('is enabled while two or more scans remain', () => {
    expect(addWarState(scans, [war(1, 1, 3)])).toMatchObject({ canAdd: true, banner: null, reason: null });
  });

  it('says the period is covered when the last war ends at the last scan', () => {
    expect(addWarState(scans, [war(1, 1, 6)])).toMatchObject({
      canAdd: false,
      banner: WAR_MESSAGES.covered,
      reason: 'covered',
    });
  });

  it('says how many scans remain when too few do', () => {
    expect(addWarState([], [])).toMatchObject({
      canAdd: false,
      banner: 'No available scans remaining',
      reason: 'noScans',
    });
    expect(addWarState([scan(1)], [])).toMatchObject({
      canAdd: false,
      banner: 'Only 1 scan remaining',
      reason: 'oneScan',
    });
  });

  it('stops at eight wars', () => {
    const many = [...Array(12)].map((_, i) => scan(i + 1));
    const wars = [...Array(8)].map((_, i) => war(i + 1, i + 1, i + 1));
    expect(addWarState(many, wars)).toEqual({
      canAdd: false,
      banner: '5 scans available but cannot add wars',
      reason: 'maxWars',
      available: 5,
    });
  });
});

describe('validateWarSelection', () => {
  it.each([
    [null, 2000, WAR_MESSAGES.selectBoth],
    [1000, undefined, WAR_MESSAGES.selectBoth],
    [1000, 1234, 'Invalid scan selection'],
    [3000, 2000, 'Before scan must be earlier than or equal to after scan'],
    [2000, 2000, null],
    [1000, 2000, null],
  ])('before %j after %j → %j', (before, after, message) => {
    expect(validateWarSelection(scans, before, after)).toBe(message);
  });
});

describe('validateWars', () => {
  it('accepts wars in order, touching at a shared scan', () => {
    expect(validateWars([war(1, 1, 3), war(2, 3, 5)], scans)).toEqual([]);
  });

  it('refuses incomplete wars with one message', () => {
    expect(validateWars([war(1, 1, 3), war(2, 4, null)], scans)).toEqual([
      { warIndex: null, message: WAR_MESSAGES.incomplete, code: 'warsIncomplete' },
    ]);
  });

  it('refuses a war whose before is not earlier than its after', () => {
    expect(validateWars([war(1, 3, 3)], scans)).toEqual([
      { warIndex: 0, message: WAR_MESSAGES.beforeAfter, code: 'warBeforeAfter', params: { war: 1 } },
    ]);
  });

  it('names the previous war when wars overlap', () => {
    expect(validateWars([war(1, 1, 4), war(2, 3, 5)], scans)).toEqual([
      {
        warIndex: 1,
        message:
          'This war overlaps with War 1. Wars must be in chronological order with no overlapping periods.',
        code: 'warOverlap',
        params: { war: 2, previous: 1 },
      },
    ]);
    expect(overlapMessage('War 3')).toContain('War 3');
  });

  it('refuses a scan that does not exist', () => {
    expect(validateWars([war(1, 1, 9)], scans)).toEqual([
      { warIndex: 0, message: 'Invalid scan selection', code: 'warInvalidScan', params: { war: 1 } },
    ]);
  });
});

describe('saving', () => {
  it('builds the saved config with the earliest before-scan as base', () => {
    expect(toWarsConfig([war(1, 2, 3), war(2, 4, 6)])).toEqual({
      base: { 'Scan 2': 2000 },
      wars: [
        { before: { 'Scan 2': 2000 }, after: { 'Scan 3': 3000 } },
        { before: { 'Scan 4': 4000 }, after: { 'Scan 6': 6000 } },
      ],
    });
    expect(toWarsConfig([])).toBeNull();
  });

  it('labels the save button with the war count once every war is complete', () => {
    expect(saveButtonLabel([war(1, 1, 2), war(2, 2, 3)])).toBe('Save Formula + 2 War(s)');
    expect(saveButtonLabel([war(1, 1, 2), war(2, 2, null)])).toBe('Save Formula');
    expect(saveButtonLabel([])).toBe('Save Formula');
    expect(saveButtonLabel([war(1, 1, 2)], true)).toBe('Save + 1');
  });
});
