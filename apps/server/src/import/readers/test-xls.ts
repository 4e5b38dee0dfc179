/**
 * Builds legacy .xls workbooks (BIFF8 in a compound file) for the readers' tests, the way Excel and Python's xlwt
 * lay them out: shared strings split over CONTINUE records (a string's characters carried over with a new flags
 * byte, which may change one byte a character to two or back), integers as RK or MULRK, other numbers as NUMBER, formulas with cached results, a small workbook in the
 * mini stream. Options make the shapes a reader must refuse: an older BIFF, a password, a broken sector chain.
 */

export type XlsCell =
  | string
  | number
  | boolean
  | null
  | { error: number }
  | { formula: number | string }
  | { label: string };

export interface XlsSheetSpec {
  name: string;
  rows: XlsCell[][];
}

export interface BuildXlsOptions {
  /** Bytes of a record's data before the shared strings go on in a CONTINUE record (Excel: 8,224). */
  sstRecordBytes?: number;
  /** Shared strings as UTF-16 even when they fit in one byte a character. */
  wideStrings?: boolean;
  /** Consecutive whole numbers of a row as one MULRK record. */
  mulrk?: boolean;
  /** The workbook stream in the mini stream (as a workbook under 4,096 bytes is). */
  miniStream?: boolean;
  /** The BOF version: 0x0600 is BIFF8; 0x0500 is Excel 5.0/95. */
  biffVersion?: number;
  /** The stream's name: 'Workbook' (BIFF8) or 'Book' (Excel 5.0/95). */
  streamName?: string;
  /** A FILEPASS record: the workbook is encrypted. */
  password?: boolean;
  /** The workbook stream's FAT chain points back at its own first sector. */
  loopedChain?: boolean;
  /** A version 4 compound file: 4,096-byte sectors, the header alone in the first. */
  version4?: boolean;
}

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;

export function buildXls(sheets: readonly XlsSheetSpec[], options: BuildXlsOptions = {}): Buffer {
  return buildCompoundFile(options.streamName ?? 'Workbook', buildWorkbookStream(sheets, options), options);
}

function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

function u16(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 2);
  for (const [i, value] of values.entries()) buffer.writeUInt16LE(value, i * 2);
  return buffer;
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0, 0);
  return buffer;
}

function f64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleLE(value, 0);
  return buffer;
}

function isLatin1(text: string): boolean {
  return [...text].every((char) => char.charCodeAt(0) < 256 && char.length === 1);
}

/** XLUnicodeString (16-bit length) or ShortXLUnicodeString (8-bit). */
function unicodeString(text: string, shortLength = false): Buffer {
  const wide = !isLatin1(text);
  const chars = Buffer.from(text, wide ? 'utf16le' : 'latin1');
  const length = shortLength ? Buffer.from([text.length]) : u16(text.length);
  return Buffer.concat([length, Buffer.from([wide ? 1 : 0]), chars]);
}

function buildWorkbookStream(sheets: readonly XlsSheetSpec[], options: BuildXlsOptions): Buffer {
  const version = options.biffVersion ?? 0x0600;
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const sheetStreams = sheets.map((sheet) => {
    const cells: Buffer[] = [];
    sheet.rows.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (cell === null || cell === undefined) continue;
        const at = u16(r, c, 15);
        if (options.mulrk && isRk(cell) && isRk(row[c + 1])) {
          let last = c;
          while (isRk(row[last + 1])) last++;
          const parts = [u16(r, c)];
          for (let i = c; i <= last; i++) parts.push(u16(15), u32(rkOf(row[i] as number)));
          parts.push(u16(last));
          cells.push(record(0x00bd, Buffer.concat(parts)));
          c = last;
        } else if (typeof cell === 'string') {
          if (!stringIndex.has(cell)) {
            stringIndex.set(cell, strings.length);
            strings.push(cell);
          }
          cells.push(record(0x00fd, Buffer.concat([at, u32(stringIndex.get(cell)!)])));
        } else if (typeof cell === 'number') {
          cells.push(
            isRk(cell)
              ? record(0x027e, Buffer.concat([at, u32(rkOf(cell))]))
              : record(0x0203, Buffer.concat([at, f64(cell)])),
          );
        } else if (typeof cell === 'boolean') {
          cells.push(record(0x0205, Buffer.concat([at, Buffer.from([cell ? 1 : 0, 0])])));
        } else if ('error' in cell) {
          cells.push(record(0x0205, Buffer.concat([at, Buffer.from([cell.error, 1])])));
        } else if ('label' in cell) {
          cells.push(record(0x0204, Buffer.concat([at, unicodeString(cell.label)])));
        } else if (typeof cell.formula === 'number') {
          cells.push(record(0x0006, Buffer.concat([at, f64(cell.formula), u16(0), u32(0), u16(0)])));
        } else {
          const result = Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]);
          cells.push(record(0x0006, Buffer.concat([at, result, u16(0), u32(0), u16(0)])));
          cells.push(record(0x0207, unicodeString(cell.formula)));
        }
      }
    });
    return Buffer.concat([
      record(0x0809, Buffer.concat([u16(version, 0x0010), Buffer.alloc(12)])),
      ...cells,
      record(0x000a, Buffer.alloc(0)),
    ]);
  });

  const sheetRecords = sheets.map((sheet) =>
    record(0x0085, Buffer.concat([u32(0), Buffer.from([0, 0]), unicodeString(sheet.name, true)])),
  );
  const globalsHead = [
    record(0x0809, Buffer.concat([u16(version, 0x0005), Buffer.alloc(12)])),
    ...(options.password ? [record(0x002f, Buffer.alloc(54))] : []),
    record(0x0022, u16(0)),
    // A font and the 16 cell formats every workbook has (cells name format 15); the reader skips them.
    record(
      0x0031,
      Buffer.concat([u16(200, 0, 0x7fff, 400, 0), Buffer.from([0, 0, 0, 0]), unicodeString('Arial', true)]),
    ),
    ...Array.from({ length: 16 }, (_, i) =>
      record(0x00e0, Buffer.concat([u16(0, 0, i < 15 ? 0xfff5 : 0x0001), Buffer.alloc(14)])),
    ),
  ];
  const sst = sstRecords(strings, options);
  const globalsLength =
    [...globalsHead, ...sheetRecords, ...sst].reduce((sum, part) => sum + part.length, 0) + 4;
  // Each BOUNDSHEET names where its sheet's BOF starts in the stream.
  let offset = globalsLength;
  sheetRecords.forEach((sheetRecord, i) => {
    sheetRecord.writeUInt32LE(offset, 4);
    offset += sheetStreams[i]!.length;
  });
  return Buffer.concat([
    ...globalsHead,
    ...sheetRecords,
    ...sst,
    record(0x000a, Buffer.alloc(0)),
    ...sheetStreams,
  ]);
}

function isRk(cell: XlsCell | undefined): cell is number {
  return typeof cell === 'number' && Number.isInteger(cell) && cell >= -(2 ** 29) && cell < 2 ** 29;
}

function rkOf(value: number): number {
  return ((value << 2) | 0x02) >>> 0;
}

/** SST then CONTINUE records: a string's header never split, its characters split with a flags byte. */
function sstRecords(strings: readonly string[], options: BuildXlsOptions): Buffer[] {
  const budget = options.sstRecordBytes ?? 8224;
  const records: Buffer[][] = [[u32(strings.length), u32(strings.length)]];
  let size = 8;
  const add = (bytes: Buffer) => {
    records.at(-1)!.push(bytes);
    size += bytes.length;
  };
  const next = (first?: Buffer) => {
    records.push([]);
    size = 0;
    if (first) add(first);
  };
  for (const text of strings) {
    let wide = options.wideStrings || !isLatin1(text);
    if (budget - size < 3 + (wide ? 2 : 1)) next();
    add(Buffer.concat([u16(text.length), Buffer.from([wide ? 1 : 0])]));
    let at = 0;
    while (at < text.length) {
      const width = wide ? 2 : 1;
      const fits = Math.floor((budget - size) / width);
      if (fits === 0) {
        // As Excel does, the rest of a string is stored one byte a character when it can be, whatever came before.
        wide = options.wideStrings || !isLatin1(text.slice(at));
        next(Buffer.from([wide ? 1 : 0]));
        continue;
      }
      const part = text.slice(at, at + fits);
      add(Buffer.from(part, wide ? 'utf16le' : 'latin1'));
      at += part.length;
    }
  }
  return records.map((parts, i) => record(i === 0 ? 0x00fc : 0x003c, Buffer.concat(parts)));
}

/** A compound file (version 3: 512-byte sectors; version 4: 4,096) holding one stream. */
function buildCompoundFile(name: string, stream: Buffer, options: BuildXlsOptions): Buffer {
  const SECTOR = options.version4 ? 4096 : 512;
  const mini = options.miniStream === true;
  const miniData = mini ? pad(stream, 64) : Buffer.alloc(0);
  const streamData = mini ? Buffer.alloc(0) : pad(stream.length < 4096 ? pad(stream, 4096) : stream, SECTOR);
  const miniFat = mini ? pad(Buffer.concat(chainTable(0, miniData.length / 64)), SECTOR) : Buffer.alloc(0);
  const regions = {
    stream: streamData.length / SECTOR,
    directory: 1,
    miniFat: miniFat.length / SECTOR,
    miniData: pad(miniData, SECTOR).length / SECTOR,
  };
  const dataSectors = regions.stream + regions.directory + regions.miniFat + regions.miniData;
  let fatSectors = 1;
  while (dataSectors + fatSectors > fatSectors * (SECTOR / 4)) fatSectors++;
  const first = {
    stream: 0,
    directory: regions.stream,
    miniFat: regions.stream + 1,
    miniData: regions.stream + 1 + regions.miniFat,
    fat: dataSectors,
  };
  const fat = [
    ...chainTable(first.stream, regions.stream),
    ...chainTable(first.directory, 1),
    ...chainTable(first.miniFat, regions.miniFat),
    ...chainTable(first.miniData, regions.miniData),
    ...Array.from({ length: fatSectors }, () => u32(FAT_SECTOR)),
  ];
  if (options.loopedChain && regions.stream > 1) fat[regions.stream - 1] = u32(first.stream);
  const fatBytes = pad(Buffer.concat(fat), SECTOR, 0xff);

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(options.version4 ? 4 : 3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(options.version4 ? 12 : 9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(fatSectors, 44);
  header.writeUInt32LE(first.directory, 48);
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(mini ? first.miniFat : END_OF_CHAIN, 60);
  header.writeUInt32LE(regions.miniFat, 64);
  header.writeUInt32LE(END_OF_CHAIN, 68);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? first.fat + i : FREE, 76 + i * 4);

  const directory = Buffer.concat([
    directoryEntry('Root Entry', 5, mini ? first.miniData : END_OF_CHAIN, miniData.length, 1),
    directoryEntry(name, 2, mini ? 0 : first.stream, stream.length < 4096 && !mini ? 4096 : stream.length),
  ]);
  return Buffer.concat([
    header,
    streamData,
    pad(directory, SECTOR),
    miniFat,
    pad(miniData, SECTOR),
    fatBytes,
  ]);
}

function directoryEntry(name: string, type: number, start: number, size: number, child = FREE): Buffer {
  const entry = Buffer.alloc(128);
  entry.write(name, 0, 'utf16le');
  entry.writeUInt16LE((name.length + 1) * 2, 64);
  entry[66] = type;
  entry[67] = 1;
  entry.writeUInt32LE(FREE, 68);
  entry.writeUInt32LE(FREE, 72);
  entry.writeUInt32LE(child, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size, 120);
  return entry;
}

/** FAT entries chaining `count` sectors from `start`. */
function chainTable(start: number, count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => u32(i === count - 1 ? END_OF_CHAIN : start + i + 1));
}

function pad(bytes: Buffer, size: number, fill = 0): Buffer {
  const padded = Math.ceil(bytes.length / size) * size;
  return padded === bytes.length ? bytes : Buffer.concat([bytes, Buffer.alloc(padded - bytes.length, fill)]);
}
