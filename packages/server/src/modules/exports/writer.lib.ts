import { EventEmitter, once } from 'node:events';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  gregorianToJalali,
  tehranOffsetMs,
  type ExportColumn,
  type ExportColumnKind,
  type ExportFormat,
  type ExportSheet,
} from '@ayar/contract';

// Writing an export's rows as .xlsx or .csv into a stream, a batch at a time (ADR 0055). Nothing here
// knows where the rows come from.

/** One row of an export: its columns' values by key. */
export type ExportRow = Readonly<Record<string, unknown>>;

/**
 * Excel's Jalali display: locale fa-IR (0x0429) with calendar 0x16 (22, Persian) in the LCID form
 * `[$-xxyyzzzz]` that `formatCode` takes. The cell holds a real date; the calendar is display only, and
 * a reader that does not know it shows the same date in the Gregorian calendar.
 */
export const JALALI_DATE_FORMAT = '[$-160429]yyyy/mm/dd';
export const JALALI_DATETIME_FORMAT = '[$-160429]yyyy/mm/dd hh:mm';

const NUMBER_FORMATS: Partial<Record<ExportColumnKind, string>> = {
  int: '0',
  purity: '0',
  grams: '0.000',
  toman: '#,##0',
  date: JALALI_DATE_FORMAT,
  datetime: JALALI_DATETIME_FORMAT,
};

const WIDTHS: Record<ExportColumnKind, number> = {
  text: 22,
  int: 12,
  purity: 8,
  grams: 14,
  toman: 16,
  date: 12,
  datetime: 18,
  bool: 10,
};

const YES = 'بله';
const NO = 'خیر';

/** Tehran's offset per hour of UTC: asking Intl for each of 80,000 instants was most of an export's CPU. */
const offsets = new Map<number, number>();
function tehranWallMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = tehranOffsetMs(instant);
    offsets.set(hour, offset);
  }
  return instant.getTime() + offset;
}

const asInstant = (value: unknown): Date | null => {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A cell's value in the workbook. Dates are Tehran's wall clock written as if it were UTC: an Excel
 * date has no time zone, and exceljs writes a Date's UTC fields.
 */
function xlsxValue(kind: ExportColumnKind, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'text':
      return String(value);
    case 'int':
    case 'purity':
    case 'grams':
    case 'toman':
      return asNumber(value);
    case 'date': {
      const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    }
    case 'datetime': {
      const instant = asInstant(value);
      return instant ? new Date(tehranWallMs(instant)) : null;
    }
    case 'bool':
      return value === true ? YES : NO;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Text that starts a formula in a spreadsheet is kept as text (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvText(kind: ExportColumnKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'text': {
      const text = String(value);
      return FORMULA_START.test(text) ? `'${text}` : text;
    }
    case 'int':
    case 'purity':
      return asNumber(value)?.toString() ?? '';
    case 'grams':
      return asNumber(value)?.toFixed(3) ?? '';
    case 'toman': {
      const n = asNumber(value);
      return n === null ? '' : String(Math.round(n));
    }
    case 'date':
      return typeof value === 'string' ? (gregorianToJalali(value) ?? '') : '';
    case 'datetime': {
      const instant = asInstant(value);
      if (!instant) return '';
      const wall = new Date(tehranWallMs(instant));
      const day = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
      return `${gregorianToJalali(day) ?? ''} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
    }
    case 'bool':
      return value === true ? YES : NO;
  }
}

const quoteCsv = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function csvLine(cells: readonly string[]): string {
  return `${cells.map(quoteCsv).join(',')}\r\n`;
}

/**
 * A stream that may ask the writer to wait: Node's own, or readable-stream 3's (archiver's), which
 * keeps `needDrain` in its `_writableState` instead of `writableNeedDrain`.
 */
type Drainable = EventEmitter & {
  writableNeedDrain?: boolean;
  destroyed?: boolean;
  _writableState?: { needDrain?: boolean };
};

const needsDrain = (stream: Drainable) =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/**
 * Until `stream` has passed on what it holds beyond its mark (back-pressure), or it or `out` is gone:
 * a client that went away stops the zip from reading too, and nothing would drain any more.
 */
async function drainedOne(stream: Drainable, out: PassThrough): Promise<void> {
  while (needsDrain(stream) && !stream.destroyed && !out.destroyed) {
    const done = new AbortController();
    // The events that did not come are no longer waited for (their listeners removed, refusals ignored).
    const on = (emitter: EventEmitter, event: string) =>
      once(emitter, event, { signal: done.signal }).catch(() => undefined);
    try {
      await Promise.race([on(stream, 'drain'), on(stream, 'close'), on(out, 'close')]);
    } finally {
      done.abort();
    }
  }
}

/**
 * Where exceljs 4.4's streaming sheet writes its XML: a buffer piped, without waiting, into the zip's
 * entry stream, which holds whatever the deflater has not taken yet. Waiting on that stream too keeps
 * the raw XML in memory to about one batch; without it, a fast writer and a slower deflater left tens
 * of megabytes queued. Internal to exceljs (pinned exactly; writer.test.ts fails if it moves).
 */
export function sheetPipes(worksheet: ExcelJS.Worksheet): Drainable[] {
  const stream = (worksheet as unknown as { stream?: { pipes?: unknown } }).stream;
  const pipes = stream?.pipes;
  return Array.isArray(pipes) ? pipes.filter((p): p is Drainable => p instanceof EventEmitter) : [];
}

/** Until the reader (and the streams between the writer and `out`) has taken what is buffered. */
async function drained(out: PassThrough, inner: readonly Drainable[] = []): Promise<void> {
  // Let the zip and deflate streams between the writer and `out` move what they hold first.
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (const stream of inner) await drainedOne(stream, out);
  await drainedOne(out, out);
}

/** A sheet's name: at most 31 characters, none of those Excel refuses. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * One style object per column, shared by its every cell: exceljs looks a cell's style up by the
 * object (a WeakMap), so a shared one is registered once instead of once per cell (most of the
 * writer's time otherwise).
 */
function columnStyles(columns: readonly ExportColumn[]): Partial<ExcelJS.Style>[] {
  const byKind = new Map<ExportColumnKind, Partial<ExcelJS.Style>>();
  return columns.map((c) => {
    let style = byKind.get(c.kind);
    if (!style) {
      const numFmt = NUMBER_FORMATS[c.kind];
      style = numFmt ? { numFmt } : {};
      byKind.set(c.kind, style);
    }
    return style;
  });
}

async function writeXlsx(out: PassThrough, sheet: ExportSheet, batches: AsyncIterable<ExportRow[]>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheetName(sheet.fileName), {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  worksheet.columns = sheet.columns.map((c) => ({
    key: c.key,
    width: Math.max(WIDTHS[c.kind], c.header.length + 4),
  }));
  const styles = columnStyles(sheet.columns);
  const bold: Partial<ExcelJS.Style> = { font: { bold: true } };
  const header = worksheet.addRow(sheet.columns.map((c) => c.header));
  header.eachCell((cell) => {
    cell.style = bold;
  });
  header.commit();
  const { columns } = sheet;
  const inner = sheetPipes(worksheet);
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const row of batch) {
      const added = worksheet.addRow(columns.map((c) => xlsxValue(c.kind, row[c.key])));
      for (let i = 0; i < columns.length; i++) added.getCell(i + 1).style = styles[i]!;
      added.commit();
    }
    await drained(out, inner);
  }
  worksheet.commit();
  await workbook.commit();
}

async function writeCsv(
  out: PassThrough,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
) {
  // The BOM tells Excel the file is UTF-8, so Persian opens as Persian.
  out.write(`\uFEFF${csvLine(columns.map((c) => c.header))}`);
  for await (const batch of batches) {
    if (out.destroyed) return;
    out.write(batch.map((row) => csvLine(columns.map((c) => csvText(c.kind, row[c.key])))).join(''));
    await drained(out);
  }
  out.end();
}

/** Writes every batch into `out` in the format asked for, then ends it. */
export function writeExport(
  format: ExportFormat,
  out: PassThrough,
  sheet: ExportSheet,
  batches: AsyncIterable<ExportRow[]>,
): Promise<void> {
  return format === 'xlsx' ? writeXlsx(out, sheet, batches) : writeCsv(out, sheet.columns, batches);
}
