import { crc32, inflateRawSync } from 'node:zlib';
import { DEFAULT_IMPORT_LIMITS, formatBytes, type ImportLimitName, type ImportLimits } from '../limits.ts';

/**
 * The few lines of the ZIP format an xlsx needs: the central directory, stored and deflated entries. Written here
 * rather than through exceljs because exceljs's reader (full or streaming) takes 0.6–1.2 s for a 16,000-row sheet on
 * our 2-core machine, and the import must finish well under a second (docs/benchmarks.md).
 *
 * Safe against hostile archives by construction (docs/security.md, "Limits"): every entry owns its own bytes (no two
 * entries may share or overlap, so one big deflated stream cannot be unpacked once per sheet that points at it),
 * names are unique, the number of entries is capped, inflating stops at the archive's remaining budget of inflated
 * bytes and at the entry's compression-ratio cap (zlib's maxOutputLength, so a bomb never allocates past the cap),
 * and each entry's CRC-32 is checked.
 */

export class ZipError extends Error {
  override name = 'ZipError';
}

/** An archive that passes one of the import limits; the reader turns it into a refusal naming the limit. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
  constructor(
    /** What the archive has, in a user's words ("unpacks to more than 256 MB"). */
    readonly found: string,
    readonly limit: ImportLimitName,
  ) {
    super(found);
  }
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  /** Where the compressed bytes start (after the local header, its name and extra field). */
  dataStart: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
/**
 * The ratio cap applies only past this many inflated bytes: small parts (styles, a near-empty sheet) legitimately
 * compress far better than 200:1 and cost nothing.
 */
const RATIO_FREE_BYTES = 1024 * 1024;

export class ZipArchive {
  // Part names in OOXML are case-insensitive, so entries are found by their lower-cased name.
  private readonly entries = new Map<string, ZipEntry>();
  private inflatedSoFar = 0;

  constructor(
    private readonly data: Buffer,
    private readonly limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
  ) {
    const { entries, directoryStart } = readCentralDirectory(data, limits);
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      if (this.entries.has(key)) throw new ZipError(`it holds the entry ${entry.name} twice`);
      this.entries.set(key, entry);
    }
    checkNoOverlap(entries, directoryStart);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** Inflated bytes so far, over every entry read. */
  get inflatedBytes(): number {
    return this.inflatedSoFar;
  }

  /**
   * The entry's text (UTF-8), or undefined when the archive has no such entry. Each call inflates again and counts
   * against the archive's budget, so callers read each part once.
   */
  readText(name: string): string | undefined {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) return undefined;
    return this.inflate(entry).toString('utf8');
  }

  private inflate(entry: ZipEntry): Buffer {
    if (entry.flags & 1) throw new ZipError('it is password-protected');
    const raw = this.data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const remaining = this.limits.inflatedBytes - this.inflatedSoFar;
    const ratioCap = Math.max(RATIO_FREE_BYTES, entry.compressedSize * this.limits.compressionRatio);
    // The declared size may lie; it is checked first only to refuse early, then the real output is capped.
    this.checkSize(entry, entry.size, remaining, ratioCap);
    let inflated: Buffer;
    if (entry.method === STORED) {
      inflated = raw;
    } else if (entry.method === DEFLATED) {
      const cap = Math.min(remaining, ratioCap);
      try {
        // One byte past the cap tells "exactly at the cap" from "more than the cap".
        inflated = inflateRawSync(raw, { maxOutputLength: Math.max(1, cap + 1) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          this.checkSize(entry, cap + 1, remaining, ratioCap);
        }
        throw new ZipError(`entry ${entry.name} is damaged (${(error as Error).message})`);
      }
      this.checkSize(entry, inflated.length, remaining, ratioCap);
    } else {
      throw new ZipError(`entry ${entry.name} uses unsupported compression`);
    }
    if (inflated.length !== entry.size) {
      throw new ZipError(`entry ${entry.name} is damaged (its size does not match the table of contents)`);
    }
    if (crc32(inflated) !== entry.crc) {
      throw new ZipError(`entry ${entry.name} is damaged (its CRC-32 checksum does not match)`);
    }
    this.inflatedSoFar += inflated.length;
    return inflated;
  }

  private checkSize(entry: ZipEntry, size: number, remaining: number, ratioCap: number): void {
    if (size > remaining) {
      throw new ZipLimitError(
        `unpacks to more than ${formatBytes(this.limits.inflatedBytes)} (at entry ${entry.name})`,
        'inflatedBytes',
      );
    }
    if (size > ratioCap) {
      throw new ZipLimitError(
        `has an entry (${entry.name}) that unpacks to more than ${this.limits.compressionRatio} times its packed size`,
        'compressionRatio',
      );
    }
  }
}

function readCentralDirectory(
  data: Buffer,
  limits: ImportLimits,
): { entries: ZipEntry[]; directoryStart: number } {
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const directoryStart = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryStart === U32_MAX) {
    throw new ZipError('it is a ZIP64 archive, which is not supported');
  }
  if (count > limits.zipEntries) throw new ZipLimitError(`has ${count} parts`, 'zipEntries');
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_FILE_HEADER) {
      throw new ZipError('its table of contents is damaged');
    }
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
      dataStart: 0,
    };
    applyZip64Sizes(entry, data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entry.dataStart = locateData(data, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, directoryStart };
}

function locateData(data: Buffer, entry: ZipEntry): number {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_FILE_HEADER) {
    throw new ZipError(`entry ${entry.name} is damaged`);
  }
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressedSize > data.length) throw new ZipError(`entry ${entry.name} is cut off`);
  return start;
}

/**
 * Each entry's bytes (local header to end of data) must be its own: entries that share bytes are how a small
 * archive makes a reader unpack one huge stream many times.
 */
function checkNoOverlap(entries: readonly ZipEntry[], directoryStart: number): void {
  const byStart = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let previous: ZipEntry | undefined;
  for (const entry of byStart) {
    if (previous && entry.localHeaderOffset < previous.dataStart + previous.compressedSize) {
      throw new ZipError(`entries ${previous.name} and ${entry.name} overlap`);
    }
    previous = entry;
  }
  if (previous && previous.dataStart + previous.compressedSize > directoryStart) {
    throw new ZipError(`entry ${previous.name} overlaps the table of contents`);
  }
}

/** Some writers (streaming ones) mark sizes as 0xFFFFFFFF and put the real ones in a ZIP64 extra field. */
function applyZip64Sizes(entry: ZipEntry, extra: Buffer): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > extra.length) throw new ZipError(`entry ${entry.name} has a damaged ZIP64 field`);
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === U32_MAX) entry.size = next();
      if (entry.compressedSize === U32_MAX) entry.compressedSize = next();
      if (entry.localHeaderOffset === U32_MAX) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipError('it is not a ZIP archive, which every xlsx file is');
}
