import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportSheet } from '@ayar/contract';
import { sheetPipes, writeExport, type ExportRow } from './writer.lib.ts';

// The writer alone (ADR 0055): what the HTTP tests cannot see — how far it runs ahead of a slow reader,
// and the exceljs internal its back-pressure relies on. The files themselves are checked through HTTP
// in exports.test.ts.

const SHEET: ExportSheet = {
  fileName: 'آزمون',
  columns: [
    { key: 'name', header: 'نام', kind: 'text' },
    { key: 'n', header: 'شماره', kind: 'int' },
    { key: 'at', header: 'زمان', kind: 'datetime' },
  ],
};
const ROWS_PER_BATCH = 500;
const BATCHES = 120;
/** Fewer for the workbook: exceljs writes about 20,000 rows a second here. */
const XLSX_BATCHES = 30;
const row = (n: number): ExportRow => ({
  name: `مشتری شماره ${n} با نامی نسبتاً بلند`,
  n,
  at: new Date(n * 1000),
});

/** `count` batches that count how many the writer has asked for, and call `probe` each time it asks. */
function counted(probe: () => void, count = BATCHES) {
  const state = { pulled: 0 };
  async function* batches(): AsyncGenerator<ExportRow[]> {
    for (let b = 0; b < count; b++) {
      state.pulled += 1;
      probe();
      yield Array.from({ length: ROWS_PER_BATCH }, (_, i) => row(b * ROWS_PER_BATCH + i));
    }
  }
  return { state, batches: batches() };
}

describe('writeExport', () => {
  it('writes CSV no faster than the reader takes it', async () => {
    const out = new PassThrough({ highWaterMark: 64 * 1024 });
    let read = 0;
    /** At each chunk read: batches the writer had asked for, bytes the reader had taken. */
    const seen: [number, number][] = [];
    const { state, batches } = counted(() => undefined);
    const writing = writeExport('csv', out, SHEET, batches);
    for await (const chunk of out as AsyncIterable<Buffer>) {
      // A slow reader: a few turns of the event loop per chunk, in which a writer that did not wait
      // would read and write several batches.
      for (let turn = 0; turn < 4; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
      read += chunk.length;
      seen.push([state.pulled, read]);
    }
    await writing;
    expect(state.pulled).toBe(BATCHES);
    const batchBytes = read / BATCHES;
    const lead = Math.max(...seen.map(([pulled, bytes]) => pulled - bytes / batchBytes));
    // The batch being written, the one the reader is in, and what the stream's mark holds.
    expect(lead).toBeLessThanOrEqual(4);
  });

  it("keeps the workbook's unzipped XML to about a batch, and knows where exceljs keeps it", async () => {
    const probe = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough(), useStyles: true });
    // exceljs 4.4's internal, pinned exactly: the sheet's buffer and the zip entry it is piped into.
    expect(sheetPipes(probe.addWorksheet('x'))).toHaveLength(1);

    const out = new PassThrough({ highWaterMark: 64 * 1024 });
    let worksheetPipe: { _writableState?: { length?: number } } | undefined;
    let mostQueued = 0;
    const { state, batches } = counted(() => {
      mostQueued = Math.max(mostQueued, worksheetPipe?._writableState?.length ?? 0);
    }, XLSX_BATCHES);
    const original = ExcelJS.stream.xlsx.WorkbookWriter.prototype.addWorksheet;
    const spy = function (this: ExcelJS.stream.xlsx.WorkbookWriter, ...args: Parameters<typeof original>) {
      const sheet = original.apply(this, args);
      worksheetPipe = sheetPipes(sheet)[0] as typeof worksheetPipe;
      return sheet;
    };
    ExcelJS.stream.xlsx.WorkbookWriter.prototype.addWorksheet = spy;
    try {
      const writing = writeExport('xlsx', out, SHEET, batches);
      const chunks: Buffer[] = [];
      for await (const chunk of out as AsyncIterable<Buffer>) chunks.push(chunk);
      await writing;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.rowCount).toBe(1 + XLSX_BATCHES * ROWS_PER_BATCH);
    } finally {
      ExcelJS.stream.xlsx.WorkbookWriter.prototype.addWorksheet = original;
    }
    expect(state.pulled).toBe(XLSX_BATCHES);
    // One batch of this sheet is about 100 KB of XML; without waiting it reached megabytes.
    expect(mostQueued).toBeLessThan(1024 * 1024);
  });

  it('keeps text that would start a formula as text in the CSV, and quotes what needs it', async () => {
    const out = new PassThrough();
    async function* one(): AsyncGenerator<ExportRow[]> {
      yield [
        { name: '=HYPERLINK("x")', n: 1, at: null },
        { name: 'علی, "رضا"', n: -2, at: undefined },
      ];
    }
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeExport('csv', out, SHEET, one());
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toBe('\uFEFFنام,شماره,زمان\r\n"\'=HYPERLINK(""x"")",1,\r\n"علی, ""رضا""",-2,\r\n');
  });
});
