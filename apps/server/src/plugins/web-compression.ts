import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How the built web app goes over the wire. Vite names every file under /assets by its content's hash, so a browser
 * (or a CDN in front of us) may keep those forever; anything else (index.html, the favicon) must be asked for again.
 * Text files are sent brotli- or gzip-compressed as the browser accepts: the files under /assets are compressed at
 * build time (apps/web/vite.config.ts writes .br and .gz beside them), index.html once per build in memory.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export type ContentEncoding = 'br' | 'gzip';

/** Served with Vary: Accept-Encoding, since their bytes depend on it. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

export function isCompressible(path: string): boolean {
  return COMPRESSIBLE.test(path);
}

/** Cache-Control of a built file by its path inside the build. */
export function cacheControlFor(pathInBuild: string): string {
  return /^\/?assets\//.test(pathInBuild.replace(/\\/g, '/')) ? IMMUTABLE : REVALIDATE;
}

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli where accepted, else gzip, else none.
 * An encoding with q=0 is refused; `*` accepts both.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (name === '') continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const weight = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Brotli's quality for text compressed while a request waits (index.html, once per build and path): a fresh server's
 * first page took 15 ms at quality 11 (the build's, for /assets) and takes under 3 at 5, for 250 more bytes of an
 * 8 kB page.
 */
const RUNTIME_BROTLI_QUALITY = 5;

/** A text answer with its compressed forms, made once on first use. */
export class CompressedText {
  readonly #text: Buffer;
  readonly #encoded = new Map<ContentEncoding, Buffer>();

  constructor(text: string) {
    this.#text = Buffer.from(text, 'utf8');
  }

  bytes(encoding: ContentEncoding | undefined): Buffer {
    if (encoding === undefined) return this.#text;
    let encoded = this.#encoded.get(encoding);
    if (encoded === undefined) {
      encoded =
        encoding === 'br'
          ? brotliCompressSync(this.#text, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: RUNTIME_BROTLI_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(this.#text, { level: 9 });
      this.#encoded.set(encoding, encoded);
    }
    return encoded;
  }
}
