/**
 * A small seeded PRNG for the demo data. Every generator takes its own fork of one root stream, so changing how
 * one part of the demo is generated never reshuffles the others (names stay the same when rallies change, …).
 * Not for secrets: access codes come from node:crypto (see seed-demo.ts).
 */

/** mulberry32: 32-bit state, fast, and well distributed enough for believable fake data. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over UTF-16 code units: turns a label into a seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Rng {
  private readonly source: () => number;

  constructor(readonly seed: number) {
    this.source = mulberry32(seed);
  }

  static fromLabel(label: string): Rng {
    return new Rng(hashString(label));
  }

  /** An independent stream named by `label`; the parent's position does not matter. */
  fork(label: string): Rng {
    return new Rng(hashString(`${this.seed}/${label}`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }

  float(min: number, max: number): number {
    return min + (max - min) * this.source();
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.source() * items.length)] as T;
  }

  /** Picks by weight; `entries` are [value, weight] with weights ≥ 0 and a positive sum. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.source() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** Uniform on a log scale: as many accounts between 20M and 40M as between 40M and 80M. */
  logUniform(min: number, max: number): number {
    return min * (max / min) ** this.source();
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.source();
    const v = this.source();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Multiplicative noise around 1; sigma 0.3 keeps most values within ×0.55…×1.8. */
  noise(sigma: number): number {
    return Math.exp(sigma * this.normal() - (sigma * sigma) / 2);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.source() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }
}
