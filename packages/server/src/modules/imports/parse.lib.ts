import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

// An instrument's file as a header row and data rows of text (ADR 0059, "Instrument files"): CSV in
// UTF-8, UTF-16 (by its BOM) or Windows-1256, comma/semicolon/tab; or the first worksheet of an xlsx.
// Cells are data only: a formula gives its cached value, never an evaluation; a hyperlink its text.
// Nothing here knows about packets or purities.

/** One data row: its number in the file (1 = the first row under the header) and its cells' text. */
export interface ParsedRow {
  row: number;
  cells: string[];
}

export interface ParsedFile {
  kind: 'csv' | 'xlsx';
  header: string[];
  /** Non-empty data rows only; an empty row keeps its number for the rows after it. */
  rows: ParsedRow[];
}

export type ParseFailure = 'unsupported' | 'tooManyRows' | 'empty';

/** Why a file cannot be read: the route maps `unsupported` to 415 and `tooManyRows` to 400. */
export class ImportParseError extends Error {
  readonly reason: ParseFailure;
  constructor(reason: ParseFailure) {
    super(`import file: ${reason}`);
    this.reason = reason;
    this.name = 'ImportParseError';
  }
}

export interface ParseOptions {
  /** More non-empty data rows than this is refused before the rest is read. */
  maxRows: number;
}

/**
 * A zip bomb's guard (ADR 0059: "refused before any packet is looked up"): the entries' declared
 * uncompressed sizes together, and their count. A real 10,000-row sheet is a few megabytes.
 */
const MAX_XLSX_UNCOMPRESSED = 64 * 1024 * 1024;
const MAX_XLSX_ENTRIES = 2000;

export type FileKind = 'csv' | 'xlsx' | 'unsupported';

/** The file's kind by its first bytes, never by its name or its declared type. */
export function detectKind(bytes: Uint8Array): FileKind {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) return 'csv';
  // Anything else holding a NUL byte is binary: xls (OLE2), PDF with streams, images, archives.
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return 'unsupported';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'unsupported'; // %PDF
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46)) {
    return 'unsupported';
  }
  return 'csv';
}

/** A CSV's text: UTF-16 by its BOM, UTF-8 (BOM dropped) when valid, else Windows-1256. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // ignoreBOM false (the default) drops a leading UTF-8 BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1256').decode(bytes);
  }
}

const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The delimiter found most often outside quotes in the header line; a comma on a tie or none. */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** RFC 4180 records: quoted fields may hold the delimiter, newlines and doubled quotes. */
export function parseCsvRecords(text: string, delimiter: Delimiter): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') {
        field += ch;
      } else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === delimiter) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

const isEmpty = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Header then non-empty rows, numbered from the header; refuses more than `maxRows`. */
function collect(records: Iterable<string[]>, maxRows: number): Omit<ParsedFile, 'kind'> {
  let header: string[] | undefined;
  const rows: ParsedRow[] = [];
  let n = 0;
  for (const cells of records) {
    if (!header) {
      if (!isEmpty(cells)) header = cells;
      continue;
    }
    n++;
    if (isEmpty(cells)) continue;
    if (rows.length === maxRows) throw new ImportParseError('tooManyRows');
    rows.push({ row: n, cells });
  }
  if (!header || isEmpty(header)) throw new ImportParseError('empty');
  return { header, rows };
}

export function parseCsv(bytes: Uint8Array, options: ParseOptions): ParsedFile {
  const text = decodeText(bytes);
  return { kind: 'csv', ...collect(parseCsvRecords(text, detectDelimiter(text)), options.maxRows) };
}

/** A cell's value as data: numbers in their shortest form, formulas by their cached result only. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      return (v.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
    }
    // A formula (shared or not): its cached result, never the formula, never an evaluation.
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('hyperlink' in v || 'text' in v) return cellText(v.text);
    if ('error' in v) return '';
  }
  return '';
}

/** Walks the zip's central directory: refuses too many entries or too much declared content. */
export function checkZipDirectory(bytes: Uint8Array): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportParseError('unsupported');
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (entries > MAX_XLSX_ENTRIES) throw new ImportParseError('unsupported');
  let total = 0;
  let workbook = false;
  for (let e = 0; e < entries; e++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) {
      throw new ImportParseError('unsupported');
    }
    total += buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'xl/workbook.xml') workbook = true;
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  // A zip without a workbook is not a spreadsheet (ods, docx, a zip of anything).
  if (!workbook) throw new ImportParseError('unsupported');
  if (total > MAX_XLSX_UNCOMPRESSED) throw new ImportParseError('tooManyRows');
}

/** The first worksheet's rows, streamed, stopping as soon as there are more than `maxRows`. */
export async function parseXlsx(bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> {
  checkZipDirectory(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Hyperlink targets are never read: a hyperlink cell gives its shown text (ADR 0059).
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const records: string[][] = [];
  let last = 0;
  let headerSeen = false;
  let dataRows = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const r = row as ExcelJS.Row;
        // Rows absent from the sheet's XML are empty rows: keep the numbering.
        for (let gap = last + 1; gap < r.number; gap++) if (headerSeen) records.push([]);
        last = r.number;
        const values = (r.values as unknown[]).slice(1).map((v) => cellText(v));
        if (headerSeen && !isEmpty(values)) dataRows++;
        if (dataRows > options.maxRows) throw new ImportParseError('tooManyRows');
        if (!headerSeen && isEmpty(values)) continue;
        headerSeen = true;
        records.push(values);
      }
      break; // The first worksheet only.
    }
  } catch (error) {
    if (error instanceof ImportParseError) throw error;
    throw new ImportParseError('unsupported');
  }
  return { kind: 'xlsx', ...collect(records, options.maxRows) };
}

/** Reads an uploaded instrument file, whatever its name says. */
export async function parseImportFile(bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile> {
  const kind = detectKind(bytes);
  if (kind === 'unsupported') throw new ImportParseError('unsupported');
  return kind === 'xlsx' ? parseXlsx(bytes, options) : parseCsv(bytes, options);
}
