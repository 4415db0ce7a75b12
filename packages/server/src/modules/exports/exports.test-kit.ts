import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { EXPORT_MEDIA_TYPES } from '@ayar/contract';

// Reading an export back as a person's spreadsheet program would (ADR 0055): the workbook with
// exceljs, the CSV as text; shared by the exports' test files.

export const API = '/api/v1.0';

export interface ReadSheet {
  sheet: ExcelJS.Worksheet;
  headers: string[];
  /** Each data row's cells by header. */
  rows: Record<string, ExcelJS.Cell>[];
}

/** The answer's workbook, after checking it is one: its only sheet, headers and rows. */
export async function readXlsx(res: LightMyRequestResponse): Promise<ReadSheet> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(EXPORT_MEDIA_TYPES.xlsx);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    headers[col - 1] = String(cell.value);
  });
  const rows: Record<string, ExcelJS.Cell>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1)])));
  }
  return { sheet, headers, rows };
}

/** The answer's CSV: its BOM checked, then its lines split into cells (no quoted commas in these tests). */
export function readCsv(res: LightMyRequestResponse): { headers: string[]; rows: Record<string, string>[] } {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(EXPORT_MEDIA_TYPES.csv);
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines.at(-1)).toBe('');
  const [head, ...rest] = lines.slice(0, -1);
  const headers = head!.split(',');
  return {
    headers,
    rows: rest.map((line) => {
      const cells = line.split(',');
      return Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']));
    }),
  };
}

/** The Persian file name a browser saves the answer under (`filename*`, RFC 5987). */
export function savedName(res: LightMyRequestResponse): string {
  const disposition = String(res.headers['content-disposition']);
  expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
  return decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!);
}

/** The row count the answer announced before its bytes. */
export const announcedRows = (res: LightMyRequestResponse) => Number(res.headers['x-export-rows']);
