/**
 * Reads the parts of SpreadsheetML (the XML inside an xlsx) that an import needs: sheet names, shared strings and
 * cell values. Styles, formulas' text, merged cells and everything visual are ignored. Regular expressions rather
 * than a DOM: a 16,000-row sheet is 300,000 cells and must be read in tens of milliseconds. Element names may carry
 * a namespace prefix (`<x:c>`, as the .NET Open XML SDK writes them), hence the `(?:\w+:)?` everywhere.
 */

export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row number a spreadsheet shows (1-based). */
  number: number;
  /** Values by column (A = 0); missing cells are undefined. */
  cells: CellValue[];
}

export interface SheetEntry {
  name: string;
  /** Path of the sheet's XML inside the archive. */
  path: string;
}

const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function readAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes.set(match[1]!, decodeXmlText(match[2] ?? match[3] ?? ''));
  }
  return attributes;
}

const ENTITY = /&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// OOXML escapes characters XML cannot hold (and a literal "_x" itself) as _xHHHH_.
const OOXML_ESCAPE = /_x([0-9a-fA-F]{4})_/g;

export function decodeXmlText(text: string): string {
  let decoded = text;
  if (decoded.includes('&')) {
    decoded = decoded.replace(ENTITY, (_, hex: string, dec: string, name: string) =>
      name ? NAMED_ENTITIES[name]! : String.fromCodePoint(Number.parseInt(hex ?? dec, hex ? 16 : 10)),
    );
  }
  return decoded;
}

function decodeStringText(text: string): string {
  const decoded = decodeXmlText(text);
  return decoded.includes('_x')
    ? decoded.replace(OOXML_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : decoded;
}

// Phonetic runs (<rPh>, furigana over Japanese names) are a reading aid, not part of the text.
const PHONETIC_RUN = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;
const TEXT_ELEMENT = /<(?:\w+:)?t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;

/** The text of a string item (<si> or <is>): plain <t>, or rich-text runs <r><t>…</t></r> joined. */
function stringItemText(inner: string): string {
  const body = inner.includes('rPh') ? inner.replace(PHONETIC_RUN, '') : inner;
  let text = '';
  for (const match of body.matchAll(TEXT_ELEMENT)) text += match[1] ?? '';
  return decodeStringText(text);
}

const STRING_ITEM = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;

export function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  for (const match of xml.matchAll(STRING_ITEM)) strings.push(stringItemText(match[1] ?? ''));
  return strings;
}

const SHEET_ELEMENT = /<(?:\w+:)?sheet\b([^>]*?)\/?>/g;
const RELATIONSHIP = /<(?:\w+:)?Relationship\b([^>]*?)\/?>/g;
const WORKBOOK_PROPERTIES = /<(?:\w+:)?workbookPr\b([^>]*?)\/?>/;

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

export function readRelationships(xml: string): Relationship[] {
  return [...xml.matchAll(RELATIONSHIP)].map((match) => {
    const attributes = readAttributes(match[1]!);
    return {
      id: attributes.get('Id') ?? '',
      type: attributes.get('Type') ?? '',
      target: attributes.get('Target') ?? '',
    };
  });
}

/** Sheets in workbook order, each with its XML part resolved through the workbook's relationships. */
export function readSheetList(
  workbookXml: string,
  relationships: Relationship[],
  workbookDir: string,
): SheetEntry[] {
  const targets = new Map(relationships.map((r) => [r.id, resolvePartPath(workbookDir, r.target)]));
  const sheets: SheetEntry[] = [];
  for (const match of workbookXml.matchAll(SHEET_ELEMENT)) {
    const attributes = readAttributes(match[1]!);
    const relationshipId = [...attributes].find(([key]) => key === 'r:id' || key.endsWith(':id'))?.[1];
    const path = relationshipId === undefined ? undefined : targets.get(relationshipId);
    if (path !== undefined) sheets.push({ name: attributes.get('name') ?? '', path });
  }
  return sheets;
}

/** Workbooks saved with the 1904 date system (old Mac Excel) count serial dates from 1904-01-01. */
export function usesDate1904(workbookXml: string): boolean {
  const properties = WORKBOOK_PROPERTIES.exec(workbookXml);
  if (!properties) return false;
  const value = readAttributes(properties[1]!).get('date1904');
  return value === '1' || value === 'true';
}

export function resolvePartPath(baseDir: string, target: string): string {
  const joined = target.startsWith('/') ? target.slice(1) : `${baseDir}${baseDir ? '/' : ''}${target}`;
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

// One pass over the sheet: each match is a row's start tag or a whole cell. Row end tags need no handling.
const ROW_OR_CELL = /<(?:\w+:)?(?:row\b([^>]*?)\/?>|c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>))/g;
const PREFIXED_VALUE = /<(?:\w+:)?v>([\s\S]*?)<\/(?:\w+:)?v>/;
const INLINE_STRING = /<(?:\w+:)?is>([\s\S]*?)<\/(?:\w+:)?is>/;

/**
 * Every row of a sheet that has at least one value, in order. `limit` stops early (for looking at headers without
 * reading a whole sheet).
 */
export function readSheetRows(xml: string, sharedStrings: readonly string[], limit = Infinity): SheetRow[] {
  const rows: SheetRow[] = [];
  let current: SheetRow | undefined;
  let column = -1;
  ROW_OR_CELL.lastIndex = 0;
  for (let match = ROW_OR_CELL.exec(xml); match !== null; match = ROW_OR_CELL.exec(xml)) {
    const rowAttributes = match[1];
    if (rowAttributes !== undefined) {
      if (current && current.cells.length > 0) rows.push(current);
      if (rows.length >= limit) return rows;
      // Row and cell positions may be left out; they then follow the previous one.
      const number = Number(attribute(rowAttributes, 'r') ?? (current ? current.number + 1 : 1));
      current = { number, cells: [] };
      column = -1;
      continue;
    }
    if (!current) continue;
    const cellAttributes = match[2]!;
    const reference = attribute(cellAttributes, 'r');
    column = reference === undefined ? column + 1 : columnIndex(reference);
    const value = cellValue(attribute(cellAttributes, 't'), match[3], sharedStrings);
    if (value !== null) current.cells[column] = value;
  }
  if (current && current.cells.length > 0 && rows.length < limit) rows.push(current);
  return rows;
}

/** An attribute's raw value; indexOf rather than a regular expression, as this runs for every cell. */
function attribute(attributes: string, name: string): string | undefined {
  let at = attributes.indexOf(`${name}=`);
  while (at > 0 && attributes.charCodeAt(at - 1) > 32) at = attributes.indexOf(`${name}=`, at + 1);
  if (at <= 0) return undefined;
  const quote = attributes[at + name.length + 1];
  if (quote !== '"' && quote !== "'") return undefined;
  const start = at + name.length + 2;
  const end = attributes.indexOf(quote, start);
  return end === -1 ? undefined : attributes.slice(start, end);
}

function rawValue(inner: string): string | undefined {
  const start = inner.indexOf('<v>');
  if (start !== -1) {
    const end = inner.indexOf('</v>', start);
    if (end !== -1) return inner.slice(start + 3, end);
  }
  return inner.includes(':v>') ? PREFIXED_VALUE.exec(inner)?.[1] : undefined;
}

function cellValue(
  type: string | undefined,
  inner: string | undefined,
  sharedStrings: readonly string[],
): CellValue {
  if (!inner) return null;
  if (type === 'inlineStr') {
    const inline = INLINE_STRING.exec(inner);
    return inline ? stringItemText(inline[1]!) : null;
  }
  // A formula cell keeps its last computed result in <v>; that result is what the person saw.
  const raw = rawValue(inner);
  if (raw === undefined) return null;
  switch (type) {
    case 's':
      return sharedStrings[Number(raw)] ?? null;
    case 'str':
    case 'e': // errors such as #N/A stay text, so a number column reports them as not a number
      return decodeStringText(raw);
    case 'b':
      return raw === '1' || raw === 'true';
    case 'd':
      return new Date(decodeXmlText(raw));
    default: {
      if (raw.trim() === '') return null;
      const number = Number(raw);
      return Number.isNaN(number) ? decodeXmlText(raw) : number;
    }
  }
}

/** 'B7' → 1: the column of a cell reference (A = 0). */
function columnIndex(reference: string): number {
  let index = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) & ~32; // upper case
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** Excel's serial day number (days since 1899-12-30, or 1904-01-01) as unix seconds. */
export function excelSerialToUnixSeconds(serial: number, date1904: boolean): number {
  const epochDays = date1904 ? 24107 : 25569; // days from the serial epoch to 1970-01-01
  return Math.round((serial - epochDays) * 86400);
}
