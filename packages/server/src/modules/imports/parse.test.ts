import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  decodeText,
  detectDelimiter,
  ImportParseError,
  parseCsvRecords,
  parseImportFile,
  type ParsedFile,
} from './parse.lib.ts';

// The contract's IMPORT_MAX_ROWS (ADR 0059: 10,000 data rows); the parser takes it as an option.
const MAX_ROWS = 10_000;
const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const parse = (bytes: Uint8Array, maxRows = MAX_ROWS) => parseImportFile(bytes, { maxRows });
const table = (file: ParsedFile) => file.rows.map((r) => [r.row, ...r.cells]);

async function refusal(bytes: Uint8Array, maxRows = MAX_ROWS): Promise<string> {
  const error: unknown = await parse(bytes, maxRows).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportParseError);
  return (error as ImportParseError).reason;
}

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('instrument files as rows of text (ADR 0059)', () => {
  it('reads a UTF-8 comma file, skipping empty rows but keeping the file row numbers', async () => {
    const file = await parse(fixture('fischer-utf8.csv'));
    expect(file.kind).toBe('csv');
    expect(file.header).toEqual(['Sample', 'Au %', 'Ag %']);
    expect(table(file)).toEqual([
      [1, 'S-1001', '75.08', '20.1'],
      [2, 'S-1002', '99.99', '0'],
      [4, 'S-1003', '60', '1'],
    ]);
  });

  it('reads a semicolon file with decimal commas as they are written', async () => {
    const file = await parse(fixture('spectro-semicolon-decimal-comma.csv'));
    expect(file.header).toEqual(['Sample ID', 'Au', 'Ag']);
    expect(table(file)).toEqual([
      [1, '1001', '75,08', '20,1'],
      [2, '1002', '91,65', '8'],
    ]);
  });

  it('reads UTF-16 LE by its BOM, tab separated', async () => {
    const file = await parse(fixture('niton-utf16le.csv'));
    expect(file.header).toEqual(['SAMPLE', 'Au', 'Ag']);
    expect(table(file)).toEqual([
      [1, '1001', '75.08', '20'],
      [2, '1002', '87.5', '12'],
    ]);
  });

  it('reads UTF-16 BE by its BOM', async () => {
    const le = Buffer.from('Sample;Au\n7;75.5\n', 'utf16le');
    const be = Buffer.from(le).swap16();
    const file = await parse(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(file.header).toEqual(['Sample', 'Au']);
    expect(table(file)).toEqual([[1, '7', '75.5']]);
  });

  it('reads Windows-1256 when the bytes are not UTF-8', async () => {
    const file = await parse(fixture('persian-windows-1256.csv'));
    // Windows-1256 has no Persian yeh: the header arrives with the Arabic one (U+064A).
    expect(file.header).toEqual(['شماره بسته', 'عيار']);
    expect(table(file)).toEqual([
      [1, '1001', '750'],
      [2, '1002', '999.9'],
      [3, '1003', '1000'],
    ]);
  });

  it('keeps Persian and Arabic digits for the purity arithmetic to read', async () => {
    const file = await parse(fixture('persian-digits-utf8.csv'));
    expect(file.header).toEqual(['شماره بسته', 'عیار']);
    expect(table(file)).toEqual([
      [1, '۱۰۰۱', '۷۵۰'],
      [2, '1002', '٨٧٥'],
    ]);
  });

  it('drops a UTF-8 BOM from the first header cell', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Sample,Au\n1,75\n')]);
    expect((await parse(bytes)).header).toEqual(['Sample', 'Au']);
    expect(decodeText(Buffer.from('abc'))).toBe('abc');
  });

  it('chooses the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('"a;b;c",d,e')).toBe(',');
    expect(detectDelimiter('a\tb\tc;d')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });

  it('follows RFC 4180 quotes: delimiters, newlines and doubled quotes inside', () => {
    expect(parseCsvRecords('a,"b,c","say ""hi""","two\r\nlines"\r\nx,y', ',')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
      ['x', 'y'],
    ]);
    expect(parseCsvRecords('a,b\n', ',')).toEqual([['a', 'b']]);
  });

  it('reads the first worksheet of an xlsx as data: numbers, cached results, hyperlink text', async () => {
    const file = await parse(fixture('xrf-results.xlsx'));
    expect(file.kind).toBe('xlsx');
    expect(file.header).toEqual(['Sample', 'Au %', 'Note']);
    expect(table(file)).toEqual([
      [1, '1001', '75.08', 'ok'],
      [2, '1002', '91.65', 'repeat'],
      [3, '1003', '87.5'],
      // `=1+1` without a cached value is empty: never evaluated, never its text.
      [4, '1004', '', 'no cached value'],
    ]);
  });

  it('never evaluates a formula nor shows its text', async () => {
    const bytes = await xlsx([
      ['Sample', 'Au'],
      [1, { formula: '1+1', result: 75 }],
      [2, { formula: 'HYPERLINK("http://x.invalid","y")' }],
    ]);
    const file = await parse(bytes);
    expect(table(file)).toEqual([
      [1, '1', '75'],
      [2, '2', ''],
    ]);
    expect(JSON.stringify(file)).not.toMatch(/1\+1|HYPERLINK/);
  });

  it('turns cell values into text', () => {
    expect(cellText(75.08)).toBe('75.08');
    expect(cellText(null)).toBe('');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellText({ text: 'S-1', hyperlink: 'https://x.invalid' })).toBe('S-1');
    expect(cellText({ sharedFormula: 'A1', result: 9 })).toBe('9');
    expect(cellText({ error: '#DIV/0!' })).toBe('');
  });

  it('accepts 10,000 data rows and refuses 10,001 (CSV)', async () => {
    const csv = (n: number) =>
      Buffer.from(['Sample,Au', ...Array.from({ length: n }, (_, i) => `${i + 1},75.5`)].join('\n'));
    const file = await parse(csv(MAX_ROWS));
    expect(file.rows).toHaveLength(MAX_ROWS);
    expect(file.rows.at(-1)).toEqual({ row: MAX_ROWS, cells: [String(MAX_ROWS), '75.5'] });
    expect(await refusal(csv(MAX_ROWS + 1))).toBe('tooManyRows');
  });

  it('accepts 10,000 data rows and refuses 10,001 (xlsx)', async () => {
    const rows = (n: number) => [['Sample', 'Au'], ...Array.from({ length: n }, (_, i) => [i + 1, 75.5])];
    expect((await parse(await xlsx(rows(MAX_ROWS)))).rows).toHaveLength(MAX_ROWS);
    expect(await refusal(await xlsx(rows(MAX_ROWS + 1)))).toBe('tooManyRows');
  });

  it('does not count empty rows against the limit', async () => {
    const bytes = Buffer.from('Sample,Au\n1,75\n,\n\n2,76\n');
    const file = await parse(bytes, 2);
    expect(table(file)).toEqual([
      [1, '1', '75'],
      [4, '2', '76'],
    ]);
    expect(await refusal(bytes, 1)).toBe('tooManyRows');
  });

  it('refuses files that are not CSV or xlsx, whatever their name', async () => {
    expect(await refusal(fixture('legacy.xls'))).toBe('unsupported');
    expect(await refusal(fixture('image.csv'))).toBe('unsupported');
    expect(await refusal(Buffer.from('%PDF-1.7\n'))).toBe('unsupported');
    expect(await refusal(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('unsupported');
  });

  it('refuses a zip that is not a workbook, and a broken zip', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('s').addRow(['a']);
    const real = Buffer.from(await workbook.xlsx.writeBuffer());
    // The same zip with its workbook entry renamed in the central directory and local header.
    const renamed = Buffer.from(
      real.toString('latin1').replaceAll('xl/workbook.xml', 'xl/workbook.xmX'),
      'latin1',
    );
    expect(await refusal(renamed)).toBe('unsupported');
    expect(await refusal(real.subarray(0, 200))).toBe('unsupported');
  });

  it('refuses a zip whose entries declare more content than a sheet can need (zip bomb)', async () => {
    const real = Buffer.from(await xlsx([['Sample', 'Au']]));
    const eocd = real.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const firstEntry = real.readUInt32LE(eocd + 16);
    const bomb = Buffer.from(real);
    bomb.writeUInt32LE(100 * 1024 * 1024, firstEntry + 24);
    expect(await refusal(bomb)).toBe('tooManyRows');
  });

  it('refuses a file without a header', async () => {
    expect(await refusal(Buffer.from('\n\n'))).toBe('empty');
    expect(await refusal(Buffer.from(''))).toBe('empty');
  });
});
