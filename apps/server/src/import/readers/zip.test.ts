import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../limits.ts';
import { readFileTables } from './read-tables.ts';
import { buildXlsx, buildZip, xlsxParts } from './test-archives.ts';
import { ZipArchive, ZipError, ZipLimitError } from './zip.ts';

const HEADER = ['Governor ID', 'Name', 'Power'];

function refusal(content: Buffer, limits: Partial<ImportLimits> = {}): string {
  try {
    readFileTables(content, 'f.xlsx', { limits: { ...DEFAULT_IMPORT_LIMITS, ...limits } });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  return 'not refused';
}

describe('ZipArchive', () => {
  it('reads stored and deflated entries, names case-insensitively', () => {
    const zip = new ZipArchive(
      buildZip([
        { name: 'a.txt', content: 'stored text', method: 0 },
        { name: 'Dir/B.xml', content: '<b>deflated</b>'.repeat(100) },
      ]),
    );
    expect(zip.readText('a.txt')).toBe('stored text');
    expect(zip.readText('dir/b.xml')).toBe('<b>deflated</b>'.repeat(100));
    expect(zip.readText('missing')).toBeUndefined();
    expect(zip.inflatedBytes).toBe(11 + 1500);
  });

  it('refuses entries that share bytes: many sheets pointing at one big deflated entry', () => {
    // The crash: 12 sheet entries, one 16 MB deflated stream (a few KB packed), each sheet unpacking it.
    const big = Buffer.alloc(16 * 1024 * 1024, 0x20);
    const sheets = Array.from({ length: 12 }, (_, i) => ({ name: `S${i + 1}`, rows: [HEADER] }));
    const parts = xlsxParts(sheets).filter((part) => !/sheet([2-9]|1\d)\.xml$/.test(part.name));
    parts[2] = { name: 'xl/worksheets/sheet1.xml', content: big };
    const content = buildZip(parts, {
      aliases: Array.from({ length: 11 }, (_, i) => ({
        name: `xl/worksheets/sheet${i + 2}.xml`,
        target: 'xl/worksheets/sheet1.xml',
      })),
    });
    expect(content.length).toBeLessThan(200_000);
    expect(refusal(content)).toMatch(
      /^f\.xlsx: is not a readable xlsx file \(entries xl\/worksheets\/sheet\d+\.xml and xl\/worksheets\/sheet\d+\.xml overlap\)$/,
    );
  });

  it('refuses an archive that holds one name twice', () => {
    const parts = xlsxParts([{ name: 'S', rows: [HEADER, [1, 'A', 5]] }]);
    const content = buildZip([...parts, { name: 'XL/Worksheets/Sheet1.xml', content: '<worksheet/>' }]);
    expect(refusal(content)).toBe(
      'f.xlsx: is not a readable xlsx file (it holds the entry XL/Worksheets/Sheet1.xml twice)',
    );
  });

  it('checks each entry against its CRC-32', () => {
    const parts = xlsxParts([{ name: 'S', rows: [HEADER, [1, 'A', 5]] }]);
    parts[2] = { ...parts[2]!, crc: 0x12345678 };
    expect(refusal(buildZip(parts))).toBe(
      'f.xlsx: is not a readable xlsx file (entry xl/worksheets/sheet1.xml is damaged (its CRC-32 checksum does not match))',
    );
  });

  it('caps the bytes inflated across the whole archive', () => {
    const rows = [HEADER, ...Array.from({ length: 3000 }, (_, i) => [i + 1, `Governor ${i}`, i * 7919])];
    const content = buildXlsx([
      { name: 'One', rows },
      { name: 'Two', rows },
    ]);
    const oneSheet = new ZipArchive(content).readText('xl/worksheets/sheet1.xml')!.length;
    // Room for one sheet but not two: the second is refused while it inflates.
    expect(refusal(content, { inflatedBytes: Math.round(oneSheet * 1.5) })).toMatch(
      /^f\.xlsx: unpacks to more than [\d.]+ KB \(at entry xl\/worksheets\/sheet2\.xml\); the most an xlsx or ods may unpack to is [\d.]+ KB in all \(IMPORT_MAX_INFLATED_BYTES\)$/,
    );
    expect(readFileTables(content, 'f.xlsx').tables.map((t) => t.sheetName)).toEqual(['One', 'Two']);
  });

  it('caps the compression ratio of an entry, whatever size it declares', () => {
    const bomb = Buffer.alloc(8 * 1024 * 1024, 0x20); // ~1,000:1
    const truthful = xlsxParts([{ name: 'S', rows: [HEADER] }]);
    truthful[2] = { name: 'xl/worksheets/sheet1.xml', content: bomb };
    const message =
      'f.xlsx: has an entry (xl/worksheets/sheet1.xml) that unpacks to more than 200 times its packed size; ' +
      'the most one part of an xlsx or ods may unpack to is 200 times its packed size (IMPORT_MAX_COMPRESSION_RATIO)';
    expect(refusal(buildZip(truthful))).toBe(message);
    // Declaring a small size does not get it inflated past the cap.
    const lying = [...truthful];
    lying[2] = { ...truthful[2]!, size: 100 };
    expect(refusal(buildZip(lying))).toBe(message);
  });

  it('refuses an entry whose inflated size differs from the declared one', () => {
    const parts = xlsxParts([{ name: 'S', rows: [HEADER, [1, 'A', 5]] }]);
    parts[2] = { ...parts[2]!, size: 10 };
    expect(refusal(buildZip(parts))).toBe(
      'f.xlsx: is not a readable xlsx file (entry xl/worksheets/sheet1.xml is damaged (its size does not match the table of contents))',
    );
  });

  it('caps the number of entries', () => {
    const parts = xlsxParts([{ name: 'S', rows: [HEADER] }]);
    expect(refusal(buildZip(parts), { zipEntries: 2 })).toBe(
      'f.xlsx: has 3 parts; the most parts an xlsx or ods may have is 2 (IMPORT_MAX_ZIP_ENTRIES)',
    );
    expect(() => new ZipArchive(buildZip(parts), { ...DEFAULT_IMPORT_LIMITS, zipEntries: 2 })).toThrow(
      ZipLimitError,
    );
  });

  it('refuses what is not a ZIP archive', () => {
    expect(() => new ZipArchive(Buffer.from('PK\u0003\u0004 not really'))).toThrow(ZipError);
  });
});
