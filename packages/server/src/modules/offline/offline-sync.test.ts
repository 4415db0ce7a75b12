import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ASSAY_MSG, OFFLINE_MSG } from '@ayar/contract';
import { draft, packetSuite, type Lab } from '../assays/assays.test-kit.ts';

// What a sync sends (ADR 0033, ADR 0040): AddTest and AddCutting with an idempotency key. The
// public token a slip was printed with offline is bound-tokens.test.ts's (ADR 0040).

const { suite, post, newLab, add, messagesOf, auditOf } = packetSuite();

const newKey = () => randomBytes(16).toString('base64url');
const withKey = (l: Lab, key: string) => ({ ...l.h, 'idempotency-key': key });
const packetsOf = (l: Lab) =>
  suite.ctx.db.selectFrom('assays').select(['id', 'docNumber']).where('workshopId', '=', l.id).execute();
const storedKeys = (userId: string) =>
  suite.ctx.db.selectFrom('idempotencyKeys').select('key').where('userId', '=', userId).execute();
/** One packet, no call: its registration queues exactly one message (the wait SMS). */
const smsDraft = (l: Lab, n: number, extra: Record<string, unknown> = {}) =>
  draft(l, n, { sendCall: false, ...extra });

describe('AddTest with an idempotency key', () => {
  it('50 concurrent sends of one key register once and all get the same answer', async () => {
    const l = await newLab();
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/Tests/AddTest', withKey(l, key), [smsDraft(l, l.from + 1)])),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    const fresh = results.filter((r) => r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const packets = await packetsOf(l);
    expect(packets.map((p) => p.docNumber)).toEqual([l.from + 1]);
    expect(fresh[0]!.json().data.list[0].id).toBe(packets[0]!.id);
    expect(await messagesOf(packets[0]!.id)).toHaveLength(1);
    expect(await auditOf(packets[0]!.id)).toHaveLength(1);
  });

  it('a resend after the first finished gets the same answer, marked replayed; still one packet', async () => {
    const l = await newLab();
    const key = newKey();
    const first = await post('/Tests/AddTest', withKey(l, key), [smsDraft(l, l.from + 2)]);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(ASSAY_MSG.added);
    // The same entry, its fields in another order and its number in Persian digits: the same request.
    const { docNumber: _n, ...rest } = smsDraft(l, l.from + 2);
    const persian = String(l.from + 2).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const again = await post('/Tests/AddTest', withKey(l, key), [{ docNumber: persian, ...rest }]);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await packetsOf(l)).toHaveLength(1);
  });

  it('the same key with another request → 422, and that request registers nothing', async () => {
    const l = await newLab();
    const key = newKey();
    expect((await post('/Tests/AddTest', withKey(l, key), [draft(l, l.from + 3)])).statusCode).toBe(200);
    const other = await post('/Tests/AddTest', withKey(l, key), [draft(l, l.from + 4)]);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ successful: false, message: OFFLINE_MSG.keyReused });
    // A purity list with an AddTest's key is another request too.
    const [p] = await packetsOf(l);
    const cutting = await post('/Tests/AddCutting', withKey(l, key), [{ id: p!.id, cutting: 750 }]);
    expect(cutting.statusCode).toBe(422);
    expect((await packetsOf(l)).map((x) => x.docNumber)).toEqual([l.from + 3]);
    const row = await suite.ctx.db
      .selectFrom('assays')
      .select('purity')
      .where('id', '=', p!.id)
      .executeTakeFirst();
    expect(row?.purity).toBeNull();
  });

  it("keys are per user: another lab's same key is a request of its own", async () => {
    const a = await newLab();
    const b = await newLab();
    const key = newKey();
    const ra = await post('/Tests/AddTest', withKey(a, key), [draft(a, a.from + 5)]);
    const rb = await post('/Tests/AddTest', withKey(b, key), [draft(b, b.from + 5)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.json().data.list[0].docNumber).toBe(b.from + 5);
    expect(await packetsOf(b)).toHaveLength(1);
  });

  it('a refused request stores nothing: its corrected resend with the same key runs', async () => {
    const l = await newLab();
    const stranger = await newLab();
    const key = newKey();
    const refused = await post('/Tests/AddTest', withKey(l, key), [draft(l, stranger.from)]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: '0.docNumber', message: ASSAY_MSG.codeNotYours }]);
    expect(await storedKeys(l.id)).toEqual([]);
    const fixed = await post('/Tests/AddTest', withKey(l, key), [draft(l, l.from + 6)]);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedKeys(l.id)).toEqual([{ key }]);
  });

  it('keys of 16 and 64 characters are taken; 15, 65 and other characters → 400', async () => {
    const l = await newLab();
    for (const [i, key] of ['k'.repeat(16), 'K'.repeat(64)].entries()) {
      const res = await post('/Tests/AddTest', withKey(l, key), [draft(l, l.from + 10 + i)]);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const key of ['k'.repeat(15), 'k'.repeat(65), `${'k'.repeat(15)}.`, `${'k'.repeat(15)}ک`]) {
      const res = await post('/Tests/AddTest', withKey(l, encodeURI(key)), [draft(l, l.from + 20)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: OFFLINE_MSG.keyInvalid, code: 'VALIDATION' });
    }
    expect((await packetsOf(l)).map((p) => p.docNumber).sort()).toEqual([l.from + 10, l.from + 11]);
  });

  it('still needs a workshop session: none → 401, the administrator → 403', async () => {
    const l = await newLab();
    const key = { 'idempotency-key': newKey() };
    expect((await post('/Tests/AddTest', key, [draft(l, l.from)])).statusCode).toBe(401);
    expect((await post('/Tests/AddTest', { ...suite.admin, ...key }, [draft(l, l.from)])).statusCode).toBe(
      403,
    );
  });
});

describe('AddCutting with an idempotency key', () => {
  it('50 concurrent sends of one key record the purity once: one version, one SMS, one answer', async () => {
    const l = await newLab();
    const [p] = await add(l, [smsDraft(l, l.from + 30)]);
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/Tests/AddCutting', withKey(l, key), [{ id: p!.id, cutting: '۷۵۰' }]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    // Without the key, every send after the first would answer `updated: 0`.
    expect(results[0]!.json()).toMatchObject({ message: ASSAY_MSG.purityAdded, data: { updated: 1 } });
    expect(results.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    const audit = await auditOf(p!.id);
    expect(audit.filter((a) => a.action === 'assay.purity')).toHaveLength(1);
    const versions = await suite.ctx.db
      .selectFrom('resultVersions')
      .select('version')
      .where('assayId', '=', p!.id)
      .execute();
    expect(versions).toEqual([{ version: 1 }]);
    // The wait SMS at registration, and one ready SMS.
    expect(await messagesOf(p!.id)).toHaveLength(2);
  });
});
