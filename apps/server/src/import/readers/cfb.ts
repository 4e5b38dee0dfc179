/**
 * The Compound File Binary container (MS-CFB) of a legacy .xls workbook: a small FAT file system in one file. Only
 * what reading one stream by name needs: the header, the FAT (through the header's DIFAT and any DIFAT sectors),
 * the directory, and the mini stream for streams under the cutoff. Every sector number and chain is checked, so a
 * damaged or hostile file ends in CfbError, never in a loop or a read past the end.
 */

export class CfbError extends Error {
  override name = 'CfbError';
}

export const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
const STORAGE_ROOT = 5;
const STREAM = 2;

export interface CfbFile {
  /** Stream names, as stored (e.g. `Workbook`). */
  streamNames: string[];
  /** The stream's bytes, or undefined when the file has no stream of that name (compared ignoring case). */
  readStream(name: string): Buffer | undefined;
}

interface DirectoryEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

export function openCfb(content: Buffer): CfbFile {
  if (!CFB_MAGIC.every((byte, i) => content[i] === byte)) throw new CfbError('it is not a compound file');
  if (content.length < 512) throw new CfbError('it ends before its header does');
  const sectorShift = content.readUInt16LE(30);
  const miniSectorShift = content.readUInt16LE(32);
  if ((sectorShift !== 9 && sectorShift !== 12) || miniSectorShift !== 6) {
    throw new CfbError('its sector sizes are not those of a compound file');
  }
  const sectorSize = 1 << sectorShift;
  // The header fills the first sector (512 bytes, or 4,096 in a version 4 file, zero after its 512): sector 0 follows.
  const sectorCount = Math.ceil(content.length / sectorSize) - 1;
  const sector = (index: number): Buffer => {
    if (index >= sectorCount) throw new CfbError(`it points at sector ${index}, past its end`);
    const start = (index + 1) * sectorSize;
    return content.subarray(start, Math.min(start + sectorSize, content.length));
  };

  const fat = readFat(content, sector, sectorSize, sectorCount);
  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const sectors: number[] = [];
    const seen = new Set<number>();
    for (let at = start; at !== END_OF_CHAIN; at = table[at]!) {
      if (at >= limit || at >= table.length || seen.has(at)) throw new CfbError('a sector chain is broken');
      seen.add(at);
      sectors.push(at);
    }
    return sectors;
  };
  const readChain = (start: number, size?: number): Buffer => {
    const bytes = Buffer.concat(chain(start, fat, sectorCount).map(sector));
    if (size !== undefined && bytes.length < size) throw new CfbError('a stream is shorter than it says');
    return size === undefined ? bytes : bytes.subarray(0, size);
  };

  const directory = readChain(content.readUInt32LE(48));
  const entries: DirectoryEntry[] = [];
  for (let at = 0; at + DIRECTORY_ENTRY_BYTES <= directory.length; at += DIRECTORY_ENTRY_BYTES) {
    const nameBytes = Math.min(directory.readUInt16LE(at + 64), 64);
    entries.push({
      name: directory.toString('utf16le', at, at + Math.max(0, nameBytes - 2)),
      type: directory[at + 66]!,
      start: directory.readUInt32LE(at + 116),
      size: directory.readUInt32LE(at + 120),
    });
  }
  const root = entries[0];
  if (root?.type !== STORAGE_ROOT) throw new CfbError('it has no root entry');
  const miniCutoff = content.readUInt32LE(56);
  let mini: { stream: Buffer; table: Uint32Array } | undefined;
  const miniStream = () => {
    mini ??= {
      stream: readChain(root.start, root.size),
      table: toTable(readChain(content.readUInt32LE(60))),
    };
    return mini;
  };

  return {
    streamNames: entries.filter((entry) => entry.type === STREAM).map((entry) => entry.name),
    readStream(name) {
      const entry = entries.find(
        (candidate) => candidate.type === STREAM && candidate.name.toLowerCase() === name.toLowerCase(),
      );
      if (!entry) return undefined;
      if (entry.size >= miniCutoff) return readChain(entry.start, entry.size);
      const { stream, table } = miniStream();
      const miniSectors = Math.ceil(stream.length / 64);
      const bytes = Buffer.concat(
        chain(entry.start, table, miniSectors).map((index) => stream.subarray(index * 64, index * 64 + 64)),
      );
      if (bytes.length < entry.size) throw new CfbError('a stream is shorter than it says');
      return bytes.subarray(0, entry.size);
    },
  };
}

/** The FAT: the sectors the header's DIFAT lists, then those of the DIFAT sector chain. */
function readFat(
  content: Buffer,
  sector: (index: number) => Buffer,
  sectorSize: number,
  sectorCount: number,
): Uint32Array {
  const fatSectorCount = content.readUInt32LE(44);
  if (fatSectorCount > sectorCount) throw new CfbError('it says it has more FAT sectors than sectors');
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES && fatSectors.length < fatSectorCount; i++) {
    fatSectors.push(content.readUInt32LE(76 + i * 4));
  }
  const seen = new Set<number>();
  let difat = content.readUInt32LE(68);
  while (fatSectors.length < fatSectorCount) {
    if (difat === END_OF_CHAIN || difat === FREE_SECTOR || seen.has(difat)) {
      throw new CfbError('its FAT sector list is broken');
    }
    seen.add(difat);
    const block = sector(difat);
    const perBlock = sectorSize / 4 - 1;
    for (let i = 0; i < perBlock && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(block.readUInt32LE(i * 4));
    }
    difat = block.readUInt32LE(perBlock * 4);
  }
  return toTable(Buffer.concat(fatSectors.map(sector)));
}

function toTable(bytes: Buffer): Uint32Array {
  const table = new Uint32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < table.length; i++) table[i] = bytes.readUInt32LE(i * 4);
  return table;
}
