import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { multipartBody } from '../files/files.test-kit.ts';
import { verificationSuite } from '../assays/verification.test-kit.ts';

// Shared by the import's test files: instrument files made with a lab's own packet numbers, in each
// shape the reader takes (ADR 0059), and the routes as a client calls them.

export type Cells = (string | number)[];

/** A CSV's bytes: comma, semicolon or tab; UTF-8 (optionally with BOM), UTF-16 LE or Windows-1256. */
export function csv(
  rows: Cells[],
  opts: { delimiter?: ',' | ';' | '\t'; encoding?: 'utf8' | 'utf8bom' | 'utf16le' | 'windows-1256' } = {},
): Buffer {
  const text = rows.map((r) => r.join(opts.delimiter ?? ',')).join('\r\n') + '\r\n';
  switch (opts.encoding ?? 'utf8') {
    case 'utf8bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    case 'utf16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'windows-1256':
      return encode1256(text);
    default:
      return Buffer.from(text);
  }
}

// Node has no Windows-1256 encoder: the decoder inverted. It has no Persian yeh or kaf, so «عیار» is
// written with the Arabic yeh, as a Windows Persian sheet writes it.
const decoder = new TextDecoder('windows-1256');
const CP1256 = new Map<string, number>();
for (let b = 0; b < 256; b++) CP1256.set(decoder.decode(Uint8Array.of(b)), b);
function encode1256(text: string): Buffer {
  const folded = text.replace(/\u06CC/g, '\u064A').replace(/\u06A9/g, '\u0643');
  return Buffer.from([...folded].map((ch) => CP1256.get(ch) ?? 0x3f));
}

/** An xlsx whose first sheet holds the rows (a second sheet is ignored by the reader). */
export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  for (const r of rows) sheet.addRow(r);
  workbook.addWorksheet('Other').addRow(['Sample', 'Au [%]']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const PART = { name: 'file', filename: 'results.csv', type: 'text/csv' };

/** A packet suite with the import's routes: upload a preview, apply rows, read mappings. */
export function importSuite(ipPrefix: string) {
  const t = verificationSuite(ipPrefix);
  const { suite, post, get } = t;

  /** POST /Tests/ImportPreview with any fields and file parts, as a hand-written client might. */
  function previewForm(
    h: Record<string, string>,
    fields: Record<string, string>,
    files: { bytes: Buffer; name?: string; filename?: string }[],
  ) {
    const body = multipartBody(fields, files, PART);
    return suite.ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/ImportPreview',
      payload: body.payload,
      headers: { ...body.headers, ...h },
    });
  }

  /** POST /Tests/ImportPreview as a browser's FormData sends it. */
  function previewRaw(
    h: Record<string, string>,
    mappingId: string | null,
    bytes: Buffer | null,
    filename = 'results.csv',
  ) {
    return previewForm(h, mappingId === null ? {} : { mappingId }, bytes ? [{ bytes, filename }] : []);
  }

  type PreviewRow = {
    row: number;
    docNumber: number | null;
    purity: number | null;
    packetId: string | null;
    state: string | null;
    problem: string | null;
  };

  /** A preview expected to succeed: its id and rows. */
  async function preview(h: Record<string, string>, mappingId: string, bytes: Buffer, filename?: string) {
    const res = await previewRaw(h, mappingId, bytes, filename);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { importId: string; instrument: string; sha256: string; rows: PreviewRow[] };
  }

  const apply = (h: Record<string, string>, importId: string, rows: number[]) =>
    post('/Tests/ImportApply', h, { importId, rows });

  const mappings = async (h: Record<string, string>) => {
    const res = await get('/Tests/ImportMappings', h);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; preset: boolean; name: string }[];
  };

  return { ...t, previewForm, previewRaw, preview, apply, mappings };
}
