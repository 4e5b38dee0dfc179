import { inflateRawSync } from 'node:zlib';

/**
 * The few lines of the ZIP format an xlsx needs: the central directory, stored and deflated entries. Written here
 * rather than through exceljs because exceljs's reader (full or streaming) takes 0.6–1.2 s for a 16,000-row sheet on
 * our 2-core machine, and the import must finish well under a second (docs/benchmarks.md).
 */

export class ZipError extends Error {
  override name = 'ZipError';
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
/** A scan sheet is a few MB; a larger entry is a zip bomb or not a scan, and must not take the server's memory. */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

export class ZipArchive {
  // Part names in OOXML are case-insensitive, so entries are found by their lower-cased name.
  private readonly entries = new Map<string, ZipEntry>();

  constructor(private readonly data: Buffer) {
    for (const entry of readCentralDirectory(data)) this.entries.set(entry.name.toLowerCase(), entry);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** The entry's text (UTF-8), or undefined when the archive has no such entry. */
  readText(name: string): string | undefined {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) return undefined;
    return this.inflate(entry).toString('utf8');
  }

  private inflate(entry: ZipEntry): Buffer {
    if (entry.flags & 1) throw new ZipError('it is password-protected');
    const { data } = this;
    const at = entry.localHeaderOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_FILE_HEADER) {
      throw new ZipError(`entry ${entry.name} is damaged`);
    }
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > data.length) throw new ZipError(`entry ${entry.name} is cut off`);
    const raw = data.subarray(start, end);
    if (entry.size > MAX_ENTRY_BYTES) throw new ZipError(`entry ${entry.name} is larger than 512 MB`);
    if (entry.method === STORED) return raw;
    if (entry.method !== DEFLATED) throw new ZipError(`entry ${entry.name} uses unsupported compression`);
    try {
      return inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      throw new ZipError(`entry ${entry.name} is damaged (${(error as Error).message})`);
    }
  }
}

function readCentralDirectory(data: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === U32_MAX) throw new ZipError('it is a ZIP64 archive, which is not supported');
  const entries: ZipEntry[] = [];
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
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
    };
    applyZip64Sizes(entry, data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
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
