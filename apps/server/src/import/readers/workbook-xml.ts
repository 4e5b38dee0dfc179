/**
 * The workbook-level parts of SpreadsheetML: relationships, the sheet list and the date system. Read with the same
 * single-pass scanner as the sheets (xml-scanner.ts), so a hostile workbook part costs time linear in its size.
 */
import { DEFAULT_IMPORT_LIMITS, formatCount, type ImportLimits } from '../limits.ts';
import { CellError } from './spreadsheet-xml.ts';
import { decodeXmlText, XmlScanner } from './xml-scanner.ts';

export interface SheetEntry {
  name: string;
  /** Path of the sheet's XML inside the archive. */
  path: string;
}

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

export function readRelationships(xml: string): Relationship[] {
  const relationships: Relationship[] = [];
  const scanner = new XmlScanner(xml);
  for (let kind = scanner.next(); kind !== 'eof'; kind = scanner.next()) {
    if (kind !== 'start' || scanner.name !== 'Relationship') continue;
    relationships.push({
      id: decodeXmlText(scanner.attribute('Id') ?? ''),
      type: decodeXmlText(scanner.attribute('Type') ?? ''),
      target: decodeXmlText(scanner.attribute('Target') ?? ''),
    });
  }
  return relationships;
}

/** Sheets in workbook order, each with its XML part resolved through the workbook's relationships. */
export function readSheetList(
  workbookXml: string,
  relationships: readonly Relationship[],
  workbookDir: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): SheetEntry[] {
  const targets = new Map(relationships.map((r) => [r.id, resolvePartPath(workbookDir, r.target)]));
  const sheets: SheetEntry[] = [];
  const scanner = new XmlScanner(workbookXml);
  for (let kind = scanner.next(); kind !== 'eof'; kind = scanner.next()) {
    if (kind !== 'start' || scanner.name !== 'sheet') continue;
    // r:id, matched on its local name whatever prefix the relationships namespace was given.
    const relationshipId = scanner.attribute('id');
    const path = relationshipId === undefined ? undefined : targets.get(decodeXmlText(relationshipId));
    if (path === undefined) continue;
    if (sheets.length >= limits.sheets)
      throw new CellError(`has more than ${formatCount(limits.sheets)} sheets`, undefined, 'sheets');
    const name = decodeXmlText(scanner.attribute('name') ?? '');
    // Excel allows 31 characters; a longer name would only flood every message that names the sheet.
    if (name.length > limits.cellChars) {
      throw new CellError(
        `has a sheet name of ${formatCount(name.length)} characters`,
        undefined,
        'cellChars',
      );
    }
    sheets.push({ name, path });
  }
  return sheets;
}

/** Workbooks saved with the 1904 date system (old Mac Excel) count serial dates from 1904-01-01. */
export function usesDate1904(workbookXml: string): boolean {
  const scanner = new XmlScanner(workbookXml);
  for (let kind = scanner.next(); kind !== 'eof'; kind = scanner.next()) {
    if (kind === 'start' && scanner.name === 'workbookPr') {
      const value = scanner.attribute('date1904');
      return value === '1' || value === 'true';
    }
  }
  return false;
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
