import { formatCount, type ImportLimits } from '../limits.ts';

/**
 * The record layer of a BIFF8 workbook stream ([MS-XLS]): records, substreams, the shared strings (which run on
 * over CONTINUE records) and the two string forms cells and sheet names use. xls.ts reads workbooks with them.
 */

export class XlsError extends Error {
  override name = 'XlsError';
  constructor(
    message: string,
    /** The import limit the workbook passes, when that is what is wrong. */
    readonly limit?: keyof ImportLimits,
  ) {
    super(message);
  }
}

const BOF = 0x0809;
const EOF = 0x000a;
const BIFF8 = 0x0600;

export interface XlsRecord {
  type: number;
  data: Buffer;
}

/** The records from `offset` to the substream's EOF; the first must be a BIFF8 BOF. */
export function* substream(stream: Buffer, offset: number): Generator<XlsRecord> {
  let at = offset;
  let first = true;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    if (at + 4 + length > stream.length) throw new XlsError('has a record that runs past its end');
    const data = stream.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    if (first) {
      if (type !== BOF || data.length < 2) throw new XlsError('has no start record where one belongs');
      if (data.readUInt16LE(0) !== BIFF8) throw new XlsError('is not in the Excel 97–2003 (BIFF8) format');
      first = false;
      continue;
    }
    if (type === EOF) return;
    yield { type, data };
  }
  throw new XlsError('ends before its end record');
}

/**
 * The shared strings: the SST record and its CONTINUE records, read as one byte sequence, except that a string's
 * characters carried over into a CONTINUE record start with a new flags byte (compressed or UTF-16).
 */
export function readSharedStrings(segments: Buffer[], limits: ImportLimits): string[] {
  const reader = new SegmentReader(segments);
  reader.skip(4);
  const unique = reader.uint32();
  // No workbook can use more distinct strings than one table has cells (as an xlsx's shared strings).
  const maxItems = limits.rows * limits.columns;
  const strings: string[] = [];
  for (let i = 0; i < unique && !reader.atEnd(); i++) {
    if (strings.length >= maxItems) {
      throw new XlsError(
        `holds more than ${formatCount(maxItems)} strings, more than any table the import takes`,
      );
    }
    const length = reader.uint16();
    const flags = reader.byte();
    const runs = flags & 0x08 ? reader.uint16() : 0;
    const extended = flags & 0x04 ? reader.uint32() : 0;
    strings.push(reader.characters(length, (flags & 0x01) === 1));
    reader.skip(runs * 4 + extended);
  }
  return strings;
}

class SegmentReader {
  private segment = 0;
  private offset = 0;

  constructor(private readonly segments: readonly Buffer[]) {}

  atEnd(): boolean {
    this.settle();
    return this.segment >= this.segments.length;
  }

  byte(): number {
    this.settle();
    const value = this.segments[this.segment]?.[this.offset];
    if (value === undefined) throw new XlsError('has shared strings that end too soon');
    this.offset++;
    return value;
  }

  uint16(): number {
    return this.byte() | (this.byte() << 8);
  }

  uint32(): number {
    return (this.uint16() | (this.uint16() << 16)) >>> 0;
  }

  skip(bytes: number): void {
    let left = bytes;
    while (left > 0) {
      this.settle();
      const current = this.segments[this.segment];
      if (!current) throw new XlsError('has shared strings that end too soon');
      const step = Math.min(left, current.length - this.offset);
      this.offset += step;
      left -= step;
    }
  }

  /** `count` characters, compressed (one byte each) or UTF-16; a new flags byte starts each CONTINUE. */
  characters(count: number, wide: boolean): string {
    let text = '';
    let left = count;
    let utf16 = wide;
    while (left > 0) {
      const current = this.segments[this.segment];
      if (!current) throw new XlsError('has shared strings that end too soon');
      if (this.offset >= current.length) {
        this.segment++;
        this.offset = 0;
        utf16 = (this.byte() & 0x01) === 1;
        continue;
      }
      const width = utf16 ? 2 : 1;
      const take = Math.min(left, Math.floor((current.length - this.offset) / width));
      if (take === 0) throw new XlsError('has a character split between records');
      const end = this.offset + take * width;
      text += current.toString(utf16 ? 'utf16le' : 'latin1', this.offset, end);
      this.offset = end;
      left -= take;
    }
    return text;
  }

  /** Moves past an exhausted segment (not inside characters, where the next one starts with a flags byte). */
  private settle(): void {
    while (this.segment < this.segments.length && this.offset >= this.segments[this.segment]!.length) {
      this.segment++;
      this.offset = 0;
    }
  }
}

/** XLUnicodeString: a 16-bit length, a flags byte (bit 0: UTF-16), the characters. */
export function readUnicodeString(data: Buffer, at: number): string {
  const length = data.readUInt16LE(at);
  const wide = (data[at + 2]! & 0x01) === 1;
  const start = at + 3;
  return data.toString(
    wide ? 'utf16le' : 'latin1',
    start,
    Math.min(data.length, start + length * (wide ? 2 : 1)),
  );
}

/** ShortXLUnicodeString (a sheet's name): an 8-bit length, a flags byte, the characters. */
export function readShortString(data: Buffer, at: number): string {
  const length = data[at] ?? 0;
  const wide = ((data[at + 1] ?? 0) & 0x01) === 1;
  const start = at + 2;
  return data.toString(
    wide ? 'utf16le' : 'latin1',
    start,
    Math.min(data.length, start + length * (wide ? 2 : 1)),
  );
}
