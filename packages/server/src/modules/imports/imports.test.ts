import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG, IMPORT_PRESETS } from '@ayar/contract';
import { smsDraft } from '../assays/verification.test-kit.ts';
import { csv, importSuite, xlsx } from './imports.test-kit.ts';

// The instrument import's mappings and preview (ADR 0059) as a client of the API sees them: each file
// shape the reader takes, every problem a row can have, the limits at both edges, each wrong role and
// another lab's packets, mappings and previews.

const t = importSuite('10.63.');
const { post, get, add, newLab, staffedLab, previewForm, previewRaw, preview, mappings, person } = t;

type Lab = Awaited<ReturnType<typeof newLab>>;
const MAPPING = {
  name: 'میز دوم',
  instrument: 'XAN 250',
  sampleColumn: 'Sample',
  goldColumn: 'Au %',
  goldUnit: 'percent',
};

async function packets(lab: Lab, numbers: number[]) {
  return add(
    lab,
    numbers.map((n) => smsDraft(lab, n)),
  );
}

describe('GET and POST /Tests/ImportMappings', () => {
  it('lists the ready-made mappings, then the lab’s own; another lab sees only its own', async () => {
    const { lab, a, counter } = await staffedLab(false);
    const presets = IMPORT_PRESETS.map((p) => p.id);
    expect((await mappings(a.h)).map((m) => m.id)).toEqual(presets);
    const res = await post('/Tests/ImportMappings', a.h, { ...MAPPING, stripPrefix: 'S-', stripSuffix: ' ' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ ...MAPPING, preset: false, stripPrefix: 'S-', stripSuffix: null });
    expect((await mappings(lab.h)).map((m) => m.id)).toEqual([...presets, saved.id]);
    const other = await newLab();
    expect((await mappings(other.h)).map((m) => m.id)).toEqual(presets);
    for (const h of [counter.h, (await person(lab, ['accountant'])).h]) {
      expect((await get('/Tests/ImportMappings', h)).statusCode).toBe(403);
      expect((await post('/Tests/ImportMappings', h, MAPPING)).statusCode).toBe(403);
    }
    expect((await get('/Tests/ImportMappings', {})).statusCode).toBe(401);
  });

  it('refuses a taken name in any case, the same column twice and names past 100 characters', async () => {
    const lab = await newLab();
    expect((await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: 'Bench' })).statusCode).toBe(200);
    const taken = await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: ' bench ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'name', message: IMPORT_MSG.nameTaken }]);
    const same = await post('/Tests/ImportMappings', lab.h, { ...MAPPING, goldColumn: 'SAMPLE' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ field: 'goldColumn', message: IMPORT_MSG.sameColumn }]);
    const long = await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: 'x'.repeat(101) });
    expect(long.json().errors[0].field).toBe('name');
    expect(
      (await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: 'x'.repeat(100) })).statusCode,
    ).toBe(200);
    const unit = await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: 'u', goldUnit: 'karat' });
    expect(unit.json().errors[0].field).toBe('goldUnit');
    expect((await post('/Tests/ImportMappings', lab.h, [MAPPING])).statusCode).toBe(400);
  });

  it('keeps at most 50 of a lab’s own: the 50th is saved, the 51st refused', async () => {
    const lab = await newLab();
    for (let i = 1; i <= IMPORT_LIMITS.maxMappings; i++) {
      const res = await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: `m${i}` });
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
    }
    const over = await post('/Tests/ImportMappings', lab.h, { ...MAPPING, name: 'm51' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(IMPORT_MSG.tooManyMappings);
  });

  it('deletes the lab’s own; not a ready-made one, not another lab’s', async () => {
    const { lab, counter } = await staffedLab(false);
    const saved = (await post('/Tests/ImportMappings', lab.h, MAPPING)).json().data;
    const other = await newLab();
    expect((await post('/Tests/ImportMappings/Delete', other.h, { id: saved.id })).statusCode).toBe(404);
    expect((await post('/Tests/ImportMappings/Delete', counter.h, { id: saved.id })).statusCode).toBe(403);
    expect((await post('/Tests/ImportMappings/Delete', lab.h, { id: 'preset-generic' })).statusCode).toBe(
      400,
    );
    const res = await post('/Tests/ImportMappings/Delete', lab.h, { id: saved.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((m: { id: string }) => m.id)).toEqual(IMPORT_PRESETS.map((p) => p.id));
  });
});

describe('POST /Tests/ImportPreview: the file shapes', () => {
  it('reads a UTF-8 CSV by an own mapping, stripping the prefix, and keeps the file with its hash', async () => {
    const lab = await newLab();
    const [p1, p2] = await packets(lab, [lab.from, lab.from + 1]);
    const mapping = (await post('/Tests/ImportMappings', lab.h, { ...MAPPING, stripPrefix: 's-' })).json()
      .data;
    const bytes = csv([
      ['Sample', 'Au %', 'Ag %'],
      [`S-${lab.from}`, '75.08', '20'],
      [`S-${lab.from + 1}`, '99.99', '0'],
    ]);
    const result = await preview(lab.h, mapping.id, bytes);
    expect(result.instrument).toBe('XAN 250');
    expect(result.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(result.rows).toEqual([
      { row: 1, docNumber: lab.from, purity: 750, packetId: p1!.id, state: 'waiting', problem: null },
      { row: 2, docNumber: lab.from + 1, purity: 999, packetId: p2!.id, state: 'waiting', problem: null },
    ]);
    const kept = await t.suite.ctx.db
      .selectFrom('assayImports as i')
      .innerJoin('files as f', 'f.id', 'i.fileId')
      .select(['f.kind', 'f.sha256', 'f.mime', 'i.fileName', 'i.appliedAt'])
      .where('i.id', '=', result.importId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      kind: 'import',
      sha256: result.sha256,
      mime: 'text/csv',
      fileName: 'results.csv',
      appliedAt: null,
    });
    // Nothing is recorded by a preview.
    expect((await t.assay(p1!.id)).purity).toBeNull();
  });

  it('reads semicolons with decimal commas, UTF-16 with tabs, Windows-1256 and Persian digits', async () => {
    const lab = await newLab();
    const n = lab.from;
    await packets(lab, [n, n + 1]);
    const cases = [
      [
        'preset-spectro',
        csv(
          [
            ['Sample Name', 'Au', 'Ag'],
            [n, '75,08', '20,1'],
            [n + 1, '91,65', '8'],
          ],
          { delimiter: ';' },
        ),
      ],
      [
        'preset-niton',
        csv(
          [
            ['SAMPLE', 'Au', 'Ag'],
            [n, '75.08', '20'],
            [n + 1, '91.65', '8'],
          ],
          { delimiter: '\t', encoding: 'utf16le' },
        ),
      ],
      [
        'preset-generic',
        csv(
          [
            ['شماره بسته', 'عیار'],
            [n, '750'],
            [n + 1, '916.5'],
          ],
          { encoding: 'windows-1256' },
        ),
      ],
      [
        'preset-generic',
        csv(
          [
            ['شماره بسته', 'عیار'],
            [
              '۱' +
                String(n)
                  .slice(1)
                  .replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[+d]!),
              '۷۵۰',
            ],
            [n + 1, '٩١٦'],
          ],
          { encoding: 'utf8bom' },
        ),
      ],
    ] as const;
    for (const [mappingId, bytes] of cases) {
      const { rows } = await preview(lab.h, mappingId, bytes);
      expect(
        rows.map((r) => [r.docNumber, r.purity, r.problem]),
        mappingId,
      ).toEqual([
        [n, 750, null],
        [n + 1, 916, null],
      ]);
    }
  });

  it('reads the first sheet of an xlsx as data: a formula’s saved value, a link’s text, never the link', async () => {
    const lab = await newLab();
    const n = lab.from;
    await packets(lab, [n, n + 1, n + 2]);
    const bytes = await xlsx([
      ['Sample', 'Au [%]'],
      [n, 75.08],
      [n + 1, { formula: '90+1.65', result: 91.65 }],
      [
        { text: String(n + 2), hyperlink: 'http://127.0.0.1:1/never' },
        { formula: 'WEBSERVICE("http://127.0.0.1:1/")' },
      ],
    ]);
    const { rows } = await preview(lab.h, 'preset-fischerscope', bytes, 'results.xlsx');
    expect(rows.map((r) => [r.docNumber, r.purity, r.problem])).toEqual([
      [n, 750, null],
      [n + 1, 916, null],
      [n + 2, null, 'notNumber'],
    ]);
  });
});

describe('POST /Tests/ImportPreview: what a row cannot do', () => {
  it('names each problem, the first that holds, at both edges of 600–999', async () => {
    const lab = await newLab();
    const n = lab.from;
    const [, done] = await packets(lab, [n, n + 1, n + 2, n + 3, n + 4, n + 5]);
    expect((await post('/Tests/AddCutting', lab.h, [{ id: done!.id, cutting: 750 }])).statusCode).toBe(200);
    const other = await newLab();
    await packets(other, [other.from]);
    const { rows } = await preview(
      lab.h,
      'preset-fischerscope',
      csv([
        ['Sample', 'Au [%]'],
        [n, '60'], // 600: the lower edge, accepted
        [n + 1, '80'], // has a purity
        [n + 2, '59.99'], // 599: just under
        [n + 3, '99.99'], // 999: the upper edge, accepted
        [n + 4, '100'], // 1000: just over
        ['no-number', '75'],
        [n + 5, 'n/a'],
        [other.from, '75'], // another lab's packet
        [n + 9, '75'], // no such packet
        [n + 3, '99.99'], // the same purity again
        [n, '61'], // another purity for a packet already in the file
      ]),
    );
    expect(rows.map((r) => [r.row, r.problem, r.state])).toEqual([
      [1, 'conflict', 'waiting'],
      [2, 'hasPurity', 'published'],
      [3, 'range', 'waiting'],
      [4, null, 'waiting'],
      [5, 'range', 'waiting'],
      [6, 'noSample', null],
      [7, 'notNumber', 'waiting'],
      [8, 'notFound', null],
      [9, 'notFound', null],
      [10, 'duplicate', 'waiting'],
      [11, 'conflict', 'waiting'],
    ]);
    expect(rows[7]!.packetId).toBeNull();
  });

  it('refuses a missing column by its name, no file, no mapping, another lab’s mapping', async () => {
    const lab = await newLab();
    const other = await newLab();
    const foreign = (await post('/Tests/ImportMappings', other.h, MAPPING)).json().data;
    const file = csv([
      ['Sample', 'Gold'],
      [lab.from, '75'],
    ]);
    const missing = await previewRaw(lab.h, 'preset-fischerscope', file);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'file', message: IMPORT_MSG.missingColumn('Au [%]') }]);
    const none = await previewRaw(lab.h, 'preset-generic', null);
    expect(none.json().errors).toEqual([{ field: 'file', message: IMPORT_MSG.noFile }]);
    const noMapping = await previewRaw(lab.h, null, file);
    expect(noMapping.json().errors).toEqual([{ field: 'mappingId', message: IMPORT_MSG.mapping }]);
    for (const id of [foreign.id, 'preset-nope', 'x'.repeat(36)]) {
      const res = await previewRaw(lab.h, id, file);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'mappingId', message: IMPORT_MSG.mappingNotFound }]);
    }
    const header = await previewRaw(lab.h, 'preset-fischerscope', csv([['Sample', 'Au [%]']]));
    expect(header.json().errors).toEqual([{ field: 'file', message: IMPORT_MSG.noRows }]);
    const empty = await previewRaw(lab.h, 'preset-fischerscope', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('answers a client written from the document alone: JSON (415), two files (400), file[] (no file)', async () => {
    const lab = await newLab();
    const file = csv([
      ['Sample', 'Au [%]'],
      [lab.from, '75'],
    ]);
    const json = await post('/Tests/ImportPreview', lab.h, { mappingId: 'preset-fischerscope' });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const two = await previewForm(lab.h, { mappingId: 'preset-fischerscope' }, [
      { bytes: file },
      { bytes: file },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual([{ field: 'file', message: IMPORT_MSG.oneFile }]);
    const renamed = await previewForm(lab.h, { mappingId: 'preset-fischerscope' }, [
      { bytes: file, name: 'file[]' },
    ]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: 'file', message: IMPORT_MSG.noFile }]);
    // The one file alone is read.
    const one = await previewForm(lab.h, { mappingId: 'preset-fischerscope' }, [{ bytes: file }]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.rows).toHaveLength(1);
  });

  it('checks content, not names: an image or an xls called .csv is refused', async () => {
    const lab = await newLab();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    for (const bytes of [png, xls]) {
      const res = await previewRaw(lab.h, 'preset-generic', bytes, 'results.csv');
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(IMPORT_MSG.unsupported);
    }
  });

  it('takes a file of exactly 5 MB and 10,000 rows; refuses one byte or one row more', async () => {
    const lab = await newLab();
    const header = 'Sample,Au [%],Note\r\n';
    const rowsOf = (count: number) =>
      Array.from({ length: count }, (_, i) => `${9_000_000 + i},75.1,`).join('\r\n');
    // The last row's note pads the file to exactly the limit.
    const base = header + rowsOf(10_000);
    const fiveMb = Buffer.from(base + 'x'.repeat(IMPORT_LIMITS.maxBytes - Buffer.byteLength(base)));
    expect(fiveMb.length).toBe(IMPORT_LIMITS.maxBytes);
    const ok = await previewRaw(lab.h, 'preset-fischerscope', fiveMb);
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.json().data.rows).toHaveLength(10_000);
    const tooBig = await previewRaw(lab.h, 'preset-fischerscope', Buffer.concat([fiveMb, Buffer.from('x')]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(IMPORT_MSG.tooLarge);
    const tooMany = await previewRaw(lab.h, 'preset-fischerscope', Buffer.from(`${header}${rowsOf(10_001)}`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ field: 'file', message: IMPORT_MSG.tooManyRows }]);
  });

  it('is the owner’s and assayers’: a counter and an accountant are refused, no session is 401', async () => {
    const { lab, a, counter } = await staffedLab(false);
    const file = csv([
      ['Sample', 'Au [%]'],
      [lab.from, '75'],
    ]);
    expect((await previewRaw(a.h, 'preset-fischerscope', file)).statusCode).toBe(200);
    expect((await previewRaw(counter.h, 'preset-fischerscope', file)).statusCode).toBe(403);
    const accountant = await person(lab, ['accountant']);
    expect((await previewRaw(accountant.h, 'preset-fischerscope', file)).statusCode).toBe(403);
    expect((await previewRaw({}, 'preset-fischerscope', file)).statusCode).toBe(401);
  });

  it('takes 20 previews a minute from one person and refuses the 21st', async () => {
    const { lab, a } = await staffedLab(false);
    const file = csv([
      ['Sample', 'Au [%]'],
      [lab.from, '75'],
    ]);
    for (let i = 1; i <= 20; i++)
      expect((await previewRaw(a.h, 'preset-fischerscope', file)).statusCode, `${i}`).toBe(200);
    expect((await previewRaw(a.h, 'preset-fischerscope', file)).statusCode).toBe(429);
    // Another person of the same lab has their own allowance.
    expect((await previewRaw(lab.h, 'preset-fischerscope', file)).statusCode).toBe(200);
  });
});

describe('GET /Tests/ImportFile', () => {
  it('gives the lab its file back as uploaded; another lab gets 404', async () => {
    const { lab, a } = await staffedLab(false);
    const bytes = csv(
      [
        ['Sample', 'Au [%]'],
        [lab.from, '75'],
      ],
      { encoding: 'windows-1256' },
    );
    const { importId } = await preview(a.h, 'preset-fischerscope', bytes, 'نتایج «امروز».csv');
    const accountant = await person(lab, ['accountant']);
    const res = await get('/Tests/ImportFile', accountant.h, { importId });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('نتایج «امروز».csv')}`,
    );
    const other = await newLab();
    expect((await get('/Tests/ImportFile', other.h, { importId })).statusCode).toBe(404);
    expect((await get('/Tests/ImportFile', lab.h, { importId: 'nope' })).statusCode).toBe(400);
    expect((await get('/Tests/ImportFile', {}, { importId })).statusCode).toBe(401);
  });
});
