import { describe, expect, it } from 'vitest';
import { cacheControlFor, pickEncoding } from './web-compression.ts';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('reads a header sent twice', () => {
    expect(pickEncoding(['identity', 'gzip'])).toBe('gzip');
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('cacheControlFor', () => {
  it('keeps hashed assets and revalidates the rest', () => {
    expect(cacheControlFor('assets/index-Ab12.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe('no-cache');
  });
});
