import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Builds ZIP archives and minimal xlsx workbooks for the readers' tests, including the hostile shapes a real
 * writer never makes: central-directory records that point at another entry's bytes, wrong CRCs, sizes that lie.
 */

export interface ZipPart {
  name: string;
  content: Buffer | string;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
  /** Written instead of the real CRC-32. */
  crc?: number;
  /** Written instead of the real inflated size. */
  size?: number;
}

export interface ZipOptions {
  /** Extra central-directory records, each naming `name` but pointing at the bytes of the part named `target`. */
  aliases?: { name: string; target: string }[];
}

export function buildZip(parts: readonly ZipPart[], options: ZipOptions = {}): Buffer {
  const chunks: Buffer[] = [];
  const records: Buffer[] = [];
  const placed = new Map<string, { offset: number; fields: CentralFields }>();
  let offset = 0;
  for (const part of parts) {
    const content = typeof part.content === 'string' ? Buffer.from(part.content) : part.content;
    const method = part.method ?? 8;
    const data = method === 8 ? deflateRawSync(content) : content;
    const name = Buffer.from(part.name);
    const fields = {
      method,
      crc: part.crc ?? crc32(content),
      compressedSize: data.length,
      size: part.size ?? content.length,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(fields.method, 8);
    local.writeUInt32LE(fields.crc, 14);
    local.writeUInt32LE(fields.compressedSize, 18);
    local.writeUInt32LE(fields.size, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, data);
    placed.set(part.name, { offset, fields });
    records.push(centralRecord(fields, offset, part.name));
    offset += local.length + name.length + data.length;
  }
  for (const alias of options.aliases ?? []) {
    const target = placed.get(alias.target)!;
    records.push(centralRecord(target.fields, target.offset, alias.name));
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

interface CentralFields {
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
}

function centralRecord(fields: CentralFields, offset: number, name: string): Buffer {
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(46);
  header.writeUInt16LE(nameBytes.length, 28);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(fields.method, 10);
  header.writeUInt32LE(fields.crc, 16);
  header.writeUInt32LE(fields.compressedSize, 20);
  header.writeUInt32LE(fields.size, 24);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, nameBytes]);
}

export interface TestSheet {
  name: string;
  /** The worksheet part's XML, or rows of cells written as inline strings and numbers. */
  xml?: string;
  rows?: readonly (readonly (string | number)[])[];
}

/** A workbook with the given sheets (worksheets/sheet1.xml …), their relationships, and no shared strings. */
export function xlsxParts(sheets: readonly TestSheet[], extra: readonly ZipPart[] = []): ZipPart[] {
  return [
    {
      name: 'xl/workbook.xml',
      content:
        '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        sheets
          .map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join('') +
        '</sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content:
        '<Relationships>' +
        sheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('') +
        '</Relationships>',
    },
    ...sheets.map((sheet, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      content: sheet.xml ?? sheetXml(sheet.rows ?? []),
    })),
    ...extra,
  ];
}

export function sheetXml(rows: readonly (readonly (string | number)[])[]): string {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">` +
        cells
          .map((cell) =>
            typeof cell === 'number'
              ? `<c><v>${cell}</v></c>`
              : `<c t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`,
          )
          .join('') +
        '</row>',
    )
    .join('');
  return `<worksheet><sheetData>${body}</sheetData></worksheet>`;
}

export function buildXlsx(sheets: readonly TestSheet[], extra: readonly ZipPart[] = []): Buffer {
  return buildZip(xlsxParts(sheets, extra));
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
}
