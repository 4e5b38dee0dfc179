import { describe, expect, it } from 'vitest';
import { compareNames, plainNameKey } from './name-order.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const expected = (a: string, b: string) => Math.sign(collator.compare(a, b));

/** A small, seeded generator: the same strings on every run, so a failure can be reproduced. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Names built from the pieces camp and alliance names are made of: words, numbers (leading zeros too), symbols. */
function randomName(random: () => number, alphabet: string): string {
  const length = Math.floor(random() * 12);
  let name = '';
  for (let i = 0; i < length; i++) {
    const roll = random();
    if (roll < 0.2) name += String(Math.floor(random() * 1200)).padStart(random() < 0.2 ? 4 : 0, '0');
    else name += alphabet[Math.floor(random() * alphabet.length)];
  }
  return name;
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

describe('compareNames', () => {
  it('orders as the collator does: case ignored, numbers by value, symbols before digits before letters', () => {
    const names = [
      'camp 10',
      'Camp 2',
      'camp 1',
      'Alpha',
      'alpha',
      'beta',
      '_x',
      'x',
      '9 lives',
      'Camp 02',
      '$',
    ];
    const sorted = [...names].sort((a, b) => compareNames(a, b) || (a < b ? -1 : a > b ? 1 : 0));
    expect(sorted).toEqual([
      '_x',
      '$',
      '9 lives',
      'Alpha',
      'alpha',
      'beta',
      'camp 1',
      'Camp 02',
      'Camp 2',
      'camp 10',
      'x',
    ]);
  });

  it('agrees with the collator on every pair of printable ASCII characters', () => {
    for (const a of PRINTABLE)
      for (const b of PRINTABLE) expect([a, b, compareNames(a, b)]).toEqual([a, b, expected(a, b)]);
  });

  it('agrees with the collator on 60,000 pairs of random ASCII names', () => {
    const random = generator(16);
    const mismatches: [string, string][] = [];
    for (let i = 0; i < 30_000; i++) {
      for (const alphabet of [PRINTABLE, 'aAbB0 1-_.']) {
        const a = randomName(random, alphabet);
        // Half the pairs share a start, so the comparison reaches past the first characters.
        const b =
          random() < 0.5
            ? a.slice(0, Math.floor(random() * a.length)) + randomName(random, alphabet)
            : randomName(random, alphabet);
        if (compareNames(a, b) !== expected(a, b)) mismatches.push([a, b]);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('gives printable ASCII names keys whose string order is the order of the sort collator (accents counted)', () => {
    // The table's text sort (table-query.ts) compares these keys where it would ask this collator.
    const sortCollator = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });
    const byKeys = (a: string, b: string) => {
      const [x, y] = [plainNameKey(a)!, plainNameKey(b)!];
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const random = generator(17);
    const mismatches: [string, string][] = [];
    const check = (a: string, b: string) => {
      const order = byKeys(a, b);
      if (order !== Math.sign(sortCollator.compare(a, b)) || order !== compareNames(a, b))
        mismatches.push([a, b]);
    };
    for (const a of PRINTABLE) for (const b of PRINTABLE) check(a, b);
    for (let i = 0; i < 30_000; i++) {
      for (const alphabet of [PRINTABLE, 'aAbB0 1-_.', '00 12']) {
        const a = randomName(random, alphabet);
        const b =
          random() < 0.5
            ? a.slice(0, Math.floor(random() * a.length)) + randomName(random, alphabet)
            : randomName(random, alphabet);
        check(a, b);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(plainNameKey('Élan')).toBeNull();
    expect(plainNameKey('a'.repeat(201))).toBeNull();
  });

  it('leaves names beyond ASCII, and very long ones, to the collator', () => {
    expect(compareNames('Élan', 'Zeta')).toBe(-1);
    expect(compareNames('élan', 'Elan')).toBe(0);
    expect(compareNames('Ωmega', 'alpha')).toBe(expected('Ωmega', 'alpha'));
    const long = `a${'1'.repeat(300)}`;
    expect(compareNames(long, `a${'1'.repeat(299)}2`)).toBe(expected(long, `a${'1'.repeat(299)}2`));
  });
});
