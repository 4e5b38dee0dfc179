import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAMP_FALLBACK_COLOR,
  CAMP_PALETTE,
  campColor,
  campColorMap,
  colorFromName,
  hashName,
  initials,
} from './camp-colors.ts';

describe('campColorMap', () => {
  it('has 16 distinct colours', () => {
    expect(CAMP_PALETTE).toHaveLength(16);
    expect(new Set(CAMP_PALETTE).size).toBe(16);
  });

  it('gives colours in the order of sorted camp names, whatever order they come in', () => {
    const colors = campColorMap(['Golden Horde', 'azure legion', 'Emerald Order', 'Crimson Pact']);
    expect([...colors.keys()]).toEqual(['azure legion', 'Crimson Pact', 'Emerald Order', 'Golden Horde']);
    expect(colors.get('azure legion')).toBe(CAMP_PALETTE[0]);
    expect(colors.get('Golden Horde')).toBe(CAMP_PALETTE[3]);
  });

  it('cycles after 16 camps and ignores blanks and repeats', () => {
    const names = Array.from({ length: 18 }, (_, i) => `Camp ${i + 1}`);
    const colors = campColorMap([...names, '', '  ', null, undefined, 'Camp 1']);
    expect(colors.size).toBe(18);
    // Numeric collation: Camp 2 sorts before Camp 10.
    expect(colors.get('Camp 17')).toBe(CAMP_PALETTE[0]);
    expect(colors.get('Camp 18')).toBe(CAMP_PALETTE[1]);
  });

  it('is the same for the same set of names', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (names) => {
        const a = campColorMap(names);
        const b = campColorMap([...names].reverse());
        expect([...a.entries()]).toEqual([...b.entries()]);
      }),
    );
  });
});

describe('campColor', () => {
  const colors = campColorMap(['Azure Legion']);

  it('looks the camp up', () => {
    expect(campColor(colors, 'Azure Legion')).toBe(CAMP_PALETTE[0]);
  });

  it('is grey for an unknown or missing camp', () => {
    expect(campColor(colors, 'Nobody')).toBe(CAMP_FALLBACK_COLOR);
    expect(campColor(colors, null)).toBe(CAMP_FALLBACK_COLOR);
    expect(campColor(colors, '')).toBe(CAMP_FALLBACK_COLOR);
  });
});

describe('colorFromName', () => {
  it('is a palette colour that depends only on the name', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        (name) => {
          expect(CAMP_PALETTE).toContain(colorFromName(name));
          // The colour of the name without its surrounding spaces, whatever spaces the caller leaves.
          expect(colorFromName(` ${name}  `)).toBe(colorFromName(name.trim()));
        },
      ),
    );
  });

  it('takes the palette colour at the 32-bit FNV-1a hash of the name, modulo 16 (published test vectors)', () => {
    // FNV-1a("a") = 0xe40c292c and FNV-1a("foobar") = 0xbf9cf968 (the FNV reference's test suite).
    expect(hashName('')).toBe(0x811c9dc5);
    expect(hashName('a')).toBe(0xe40c292c);
    expect(hashName('foobar')).toBe(0xbf9cf968);
    expect(colorFromName('a')).toBe('#facc15'); // 0xe40c292c % 16 = 12: yellow
    expect(colorFromName('foobar')).toBe('#a3e635'); // 0xbf9cf968 % 16 = 8: lime
    expect(colorFromName('  foobar ')).toBe('#a3e635');
  });

  it('spreads names over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => colorFromName(`Governor ${i}`)));
    expect(used.size).toBeGreaterThan(12);
  });

  it('is grey without a name', () => {
    expect(colorFromName('')).toBe(CAMP_FALLBACK_COLOR);
    expect(colorFromName(null)).toBe(CAMP_FALLBACK_COLOR);
  });
});

describe('initials', () => {
  it.each([
    ['dragon', 'DR'],
    ['Al', 'AL'],
    ['x', 'X'],
    ['[ABC] knight', 'AB'],
    ['★ 9lives', '9L'],
    ['émile', 'ÉM'],
    ['龍王', '龍王'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("is '??' when the name has no letters", () => {
    expect(initials('')).toBe('??');
    expect(initials(null)).toBe('??');
    expect(initials('★★ --')).toBe('??');
  });
});
