import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSAY_MSG } from '@ayar/contract';
import { draft, otherOwner, packetSuite, type Lab } from './assays.test-kit.ts';

// The name filter's total, alone, comes from counts kept by triggers (migration 0017, ADR 0037); with
// any other filter it is counted from the packets. Both must always say what the list holds.

const { suite, post, get, newLab, add } = packetSuite();

/** Each count row against the packets it counts; an empty difference is a count in step. */
async function countsOutOfStep(workshopId: string) {
  const { rows } = await sql`
    select 'customer' as kind, coalesce(k.customer_id, a.customer_id)::text as key, k.n, a.n as packets
    from (select customer_id, count(*)::int as n from assays
          where workshop_id = ${workshopId} and deleted_at is null and customer_id is not null group by 1) a
    full join (select customer_id, n from customer_assay_counts where workshop_id = ${workshopId}) k
      on k.customer_id = a.customer_id
    where coalesce(k.n, 0) <> coalesce(a.n, 0)
    union all
    select 'other', coalesce(o.owner_key, a.key), o.n, a.n
    from (select other_owner_key as key, count(*)::int as n from assays
          where workshop_id = ${workshopId} and deleted_at is null and customer_id is null group by 1) a
    full join (select owner_key, n from other_owner_counts where workshop_id = ${workshopId}) o
      on o.owner_key = a.key
    where coalesce(o.n, 0) <> coalesce(a.n, 0)`.execute(suite.ctx.db);
  return rows;
}

describe('the name filter’s total', () => {
  let lab: Lab;
  let stranger: Lab;
  let kamran: string;
  let bahram: string;
  let p: { id: string; docNumber: number }[];
  beforeAll(async () => {
    lab = await newLab();
    stranger = await newLab();
    const customer = async (l: Lab, code: number, name: string) =>
      (
        await suite.ctx.db
          .insertInto('customers')
          .values({ workshopId: l.id, code, name, mobile1: `0912000000${code}`, settings: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    kamran = await customer(lab, 5, 'کامران رهگذری');
    bahram = await customer(lab, 6, 'بهرام رهگذر');
    p = await add(lab, [
      draft(lab, lab.from + 1, { customerId: kamran, customerName: 'x' }),
      draft(lab, lab.from + 2, { customerId: kamran, customerName: 'x' }),
      draft(lab, lab.from + 3, otherOwner('رهگذر موقت', '09121231234')),
      draft(lab, lab.from + 4),
    ]);
    // Another lab's packets by the same names count only in the admin's list.
    const strangers = await customer(stranger, 5, 'رهگذر');
    await add(stranger, [
      draft(stranger, stranger.from + 1, { customerId: strangers, customerName: 'x' }),
      draft(stranger, stranger.from + 2, otherOwner('رهگذر', '09121231235')),
    ]);
  });

  /** The list by a name alone (the kept counts) and with a date too (counted), as both scopes see it. */
  const byName = async (value: string, scope: 'lab' | 'admin' = 'lab') => {
    const [url, headers] = scope === 'lab' ? ['/Tests/AllTests', lab.h] : ['/Manage/AllTests', suite.admin];
    const list = async (extra: Record<string, string>) => {
      const res = await get(url, headers, { filterType: '1', filterValue: value, pageSize: '100', ...extra });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { totalCount: number; list: { docNumber: number }[] };
      return { total: data.totalCount, docs: data.list.map((r) => r.docNumber) };
    };
    const alone = await list({});
    expect(await list({ fromDate: '2000-01-01' }), 'counted from the packets').toEqual(alone);
    expect(alone.total, 'the total is the rows listed').toBe(alone.docs.length);
    return alone;
  };
  const doc = (i: number) => lab.from + i;

  it('counts registrations, edits of the owner and deletions, in the lab’s list and the admin’s', async () => {
    expect(await byName('رهگذر')).toEqual({ total: 3, docs: [doc(3), doc(2), doc(1)] });
    expect((await byName('رهگذر', 'admin')).total).toBe(5);
    expect(await byName('موقت')).toEqual({ total: 1, docs: [doc(3)] });

    const edit = async (id: string, change: Record<string, unknown>) =>
      expect((await post('/Tests/EditTest', lab.h, { testId: id, ...change })).statusCode).toBe(200);
    // A customer's packet given to another owner, an owner's to a customer, a third customer's to one.
    await edit(p[0]!.id, otherOwner('ناشناس', '09121231236'));
    expect(await byName('رهگذر')).toEqual({ total: 2, docs: [doc(3), doc(2)] });
    expect(await byName('ناشناس')).toEqual({ total: 1, docs: [doc(1)] });
    await edit(p[2]!.id, { customerId: kamran });
    expect(await byName('موقت')).toEqual({ total: 0, docs: [] });
    expect(await byName('کامران')).toEqual({ total: 2, docs: [doc(3), doc(2)] });
    await edit(p[3]!.id, { customerId: bahram });
    expect(await byName('رهگذر')).toEqual({ total: 3, docs: [doc(4), doc(3), doc(2)] });
    // A purity changes no count.
    await edit(p[3]!.id, { cutting: 750 });
    expect(await byName('بهرام')).toEqual({ total: 1, docs: [doc(4)] });

    expect((await post('/Tests/DeleteTest', lab.h, { id: p[1]!.id })).statusCode).toBe(200);
    expect(await byName('رهگذر')).toEqual({ total: 2, docs: [doc(4), doc(3)] });
    expect((await post('/Tests/DeleteTest', lab.h, { id: p[0]!.id })).statusCode).toBe(200);
    expect(await byName('ناشناس')).toEqual({ total: 0, docs: [] });
    expect((await byName('رهگذر', 'admin')).total).toBe(4);

    expect(await countsOutOfStep(lab.id)).toEqual([]);
    expect(await countsOutOfStep(stranger.id)).toEqual([]);
  });

  it('takes LIKE’s wildcards as letters, and a name up to 100 characters; 101 is refused', async () => {
    const l = await newLab();
    await add(l, [draft(l, l.from + 1, otherOwner('صد%_\\در', '09121231238')), draft(l, l.from + 2)]);
    const list = async (value: string, extra: Record<string, string> = {}) => {
      const res = await get('/Tests/AllTests', l.h, { filterType: '1', filterValue: value, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { totalCount: number; list: { docNumber: number }[] };
      return { total: data.totalCount, docs: data.list.map((r) => r.docNumber) };
    };
    for (const value of ['%', '_', '\\', '%_\\']) {
      expect(await list(value), value).toEqual({ total: 1, docs: [l.from + 1] });
      expect(await list(value, { fromDate: '2000-01-01' }), value).toEqual({ total: 1, docs: [l.from + 1] });
    }
    expect(await list('ر%')).toEqual({ total: 0, docs: [] });
    expect(await list('ر'.repeat(100))).toEqual({ total: 0, docs: [] });
    for (const [url, headers] of [
      ['/Tests/AllTests', l.h],
      ['/Manage/AllTests', suite.admin],
    ] as const) {
      const res = await get(url, headers, { filterType: '1', filterValue: 'ر'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        successful: false,
        code: 'VALIDATION',
        errors: [{ field: 'filterValue', message: ASSAY_MSG.tooLong }],
      });
    }
  });

  it('counts the packets of one statement that writes many, and a statement that removes them', async () => {
    const l = await newLab();
    const many = Array.from({ length: 30 }, (_, i) =>
      draft(l, l.from + 1 + i, i % 3 ? {} : otherOwner('رهگذر', '09121231237')),
    );
    await add(l, many);
    const total = async (value: string) =>
      (await get('/Tests/AllTests', l.h, { filterType: '1', filterValue: value })).json().data.totalCount;
    expect([await total('رهگذر'), await total('رضایی')]).toEqual([10, 20]);
    // Half of them marked deleted in one statement, then the rest removed in one (as a cleanup would).
    await sql`update assays set deleted_at = now() where workshop_id = ${l.id} and doc_number <= ${l.from + 15}`.execute(
      suite.ctx.db,
    );
    expect([await total('رهگذر'), await total('رضایی')]).toEqual([5, 10]);
    expect(await countsOutOfStep(l.id)).toEqual([]);
    await sql`delete from messages where workshop_id = ${l.id}`.execute(suite.ctx.db);
    await sql`delete from assays where workshop_id = ${l.id} and deleted_at is null`.execute(suite.ctx.db);
    expect([await total('رهگذر'), await total('رضایی')]).toEqual([0, 0]);
    expect(await countsOutOfStep(l.id)).toEqual([]);
  });
});
