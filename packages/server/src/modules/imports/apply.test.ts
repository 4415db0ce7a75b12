import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@ayar/contract';
import { smsDraft } from '../assays/verification.test-kit.ts';
import { csv, importSuite } from './imports.test-kit.ts';

// Applying an import's chosen rows (ADR 0059, "Apply"): all or none, each as a typed purity with
// method xrf (the second verification, the SMS, the signed v4 result), its evidence in the packet's
// history; a packet changed since the preview, a stale or spent preview, wrong roles, another lab.

const t = importSuite('10.64.');
const { post, get, add, newLab, staffedLab, preview, apply, lookup, verified, readyMessages, person } = t;

type Lab = Awaited<ReturnType<typeof newLab>>;

/** The lab's packets from `lab.from + at`, and a Fischerscope file giving each its percent. */
async function previewed(lab: Lab, h: Record<string, string>, at: number, percents: string[]) {
  const numbers = percents.map((_, i) => lab.from + at + i);
  const packets = await add(
    lab,
    numbers.map((n) => smsDraft(lab, n)),
  );
  const file = csv([['Sample', 'Au [%]'], ...numbers.map((n, i) => [n, percents[i]!])]);
  return { packets, numbers, ...(await preview(h, 'preset-fischerscope', file)) };
}

describe('POST /Tests/ImportApply', () => {
  it('publishes the chosen rows as signed v4 results with method xrf and keeps the file as evidence', async () => {
    const { lab, a } = await staffedLab(false);
    const { packets, numbers, importId, sha256 } = await previewed(lab, a.h, 0, ['75.08', '91.69']);
    const res = await apply(a.h, importId, [1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: IMPORT_MSG.recorded(1),
      data: { recorded: 1, published: 1, pending: 0 },
    });

    const item = await lookup(numbers[0]!);
    expect(item).toMatchObject({
      status: 'published',
      purity: 750,
      method: 'xrf',
      instrument: 'Fischerscope XAN',
    });
    expect(await verified(item.jws!)).toMatchObject({
      purity: 750,
      method: 'xrf',
      instrument: 'Fischerscope XAN',
      assayer: a.code,
    });
    expect(await readyMessages(packets[0]!.id)).toHaveLength(1);
    // The row not chosen stays waiting.
    expect((await lookup(numbers[1]!)).purity).toBeNull();

    const history = await get('/Tests/PurityHistory', lab.h, { testId: packets[0]!.id });
    expect(history.json().data).toMatchObject({
      method: 'xrf',
      instrument: 'Fischerscope XAN',
      imports: [{ importId, row: 1, purity: 750, instrument: 'Fischerscope XAN', sha256, staffCode: a.code }],
    });
    // A preview is applied once.
    const again = await apply(a.h, importId, [2]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IMPORT_MSG.applied);
  });

  it('leaves each purity for the second person when the lab verifies, who publishes it with its method', async () => {
    const { lab, a, b } = await staffedLab(true);
    const { packets, numbers, importId } = await previewed(lab, a.h, 10, ['87.5']);
    const res = await apply(a.h, importId, [1]);
    expect(res.json().data).toEqual({ recorded: 1, published: 0, pending: 1 });
    expect((await lookup(numbers[0]!)).purity).toBeNull();
    const ok = await post('/Tests/VerifyCutting', b.h, [{ id: packets[0]!.id, accept: true }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const item = await lookup(numbers[0]!);
    expect(item).toMatchObject({ purity: 875, method: 'xrf', instrument: 'Fischerscope XAN' });
    expect(await verified(item.jws!)).toMatchObject({ method: 'xrf', assayer: a.code, verifier: b.code });
  });

  it('refuses the whole apply for a packet changed since the preview: nothing is recorded', async () => {
    const { lab, a } = await staffedLab(false);
    const { packets, numbers, importId } = await previewed(lab, a.h, 20, ['75', '76', '77']);
    expect((await post('/Tests/AddCutting', lab.h, [{ id: packets[1]!.id, cutting: 800 }])).statusCode).toBe(
      200,
    );
    const res = await apply(a.h, importId, [1, 2, 3]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IMPORT_MSG.changed(numbers[1]!));
    expect((await lookup(numbers[0]!)).purity).toBeNull();
    // A deleted packet is a change too; the rows left still apply.
    expect((await post('/Tests/DeleteTest', lab.h, { id: packets[2]!.id })).statusCode).toBe(200);
    expect((await apply(a.h, importId, [3])).statusCode).toBe(409);
    expect((await apply(a.h, importId, [1])).json().data).toMatchObject({ recorded: 1 });
  });

  it('refuses rows with a problem or not in the file, and bad input, before recording anything', async () => {
    const { lab, a } = await staffedLab(false);
    const { numbers, importId } = await previewed(lab, a.h, 30, ['75', '59.9']);
    for (const rows of [[1, 2], [3], [1, 99]]) {
      const res = await apply(a.h, importId, rows);
      expect(res.statusCode, JSON.stringify(rows)).toBe(400);
      expect(res.json().errors[0].field).toBe('rows');
    }
    expect((await lookup(numbers[0]!)).purity).toBeNull();
    expect((await post('/Tests/ImportApply', a.h, { importId, rows: [] })).statusCode).toBe(400);
    expect(
      (await post('/Tests/ImportApply', a.h, { importId: 'nope', rows: [1] })).json().errors[0].field,
    ).toBe('importId');
    expect((await post('/Tests/ImportApply', a.h, { importId, rows: ['1'] })).statusCode).toBe(400);
  });

  it('keeps a preview a day: applied at 23 h 59 min, gone at 24 h 1 min', async () => {
    const { lab, a } = await staffedLab(false);
    const first = await previewed(lab, a.h, 40, ['75']);
    const second = await previewed(lab, a.h, 41, ['75']);
    const age = (id: string, minutes: number) =>
      sql`update assay_imports set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`.execute(
        t.suite.ctx.db,
      );
    await age(first.importId, 24 * 60 - 1);
    await age(second.importId, 24 * 60 + 1);
    expect((await apply(a.h, first.importId, [1])).statusCode).toBe(200);
    const stale = await apply(a.h, second.importId, [1]);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(IMPORT_MSG.importGone);
  });

  it('is the owner’s and assayers’; another lab’s preview is 404', async () => {
    const { lab, a, counter } = await staffedLab(false);
    const { importId } = await previewed(lab, a.h, 50, ['75']);
    expect((await apply(counter.h, importId, [1])).statusCode).toBe(403);
    expect((await apply((await person(lab, ['accountant'])).h, importId, [1])).statusCode).toBe(403);
    expect((await apply({}, importId, [1])).statusCode).toBe(401);
    const other = await newLab();
    expect((await apply(other.h, importId, [1])).statusCode).toBe(404);
    // The owner may apply an assayer's preview: the lab's, not the person's.
    expect((await apply(lab.h, importId, [1])).statusCode).toBe(200);
  });

  it('two applies of one preview at once: exactly one records', async () => {
    const { lab, a } = await staffedLab(false);
    const { packets, importId } = await previewed(lab, a.h, 60, ['75', '76']);
    const results = await Promise.all([apply(a.h, importId, [1, 2]), apply(lab.h, importId, [1, 2])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const versions = await t.versionsOf(packets[0]!.id);
    expect(versions).toHaveLength(1);
  });
});
