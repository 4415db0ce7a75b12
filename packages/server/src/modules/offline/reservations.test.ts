import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ASSAY_MSG, OFFLINE_MSG, type CodeBlock } from '@ayar/contract';
import { draft, packetSuite, type Lab } from '../assays/assays.test-kit.ts';

// Packet numbers kept per device for the offline counter (ADR 0033): reserving, releasing,
// and what AddTest, CheckCode and GetCode make of them.

const { suite, post, newLab } = packetSuite();

const newDevice = () => randomBytes(16).toString('base64url');
const reserve = (l: Lab, deviceId: string, count: number | string) =>
  post('/Tests/ReserveCodes', l.h, { deviceId, count });
async function reserved(
  l: Lab,
  deviceId: string,
  count: number,
): Promise<{ blocks: CodeBlock[]; count: number }> {
  const res = await reserve(l, deviceId, count);
  expect(res.statusCode, res.body).toBe(200);
  // The numbers only: the device's token key is bound-tokens.test.ts's.
  const { tokenKey: _key, ...numbers } = res.json().data;
  return numbers;
}
const release = (l: Lab, deviceId: string) => post('/Tests/ReleaseCodes', l.h, { deviceId });
const from = (l: Lab, deviceId: string | null) => (deviceId ? { ...l.h, 'ayar-device': deviceId } : l.h);
const addAs = (l: Lab, deviceId: string | null, n: number) =>
  post('/Tests/AddTest', from(l, deviceId), [draft(l, n)]);
const getCode = async (l: Lab) => (await post('/Tests/GetCode', l.h, {})).json().data as number;
/** The device registered `count` packets within the last day: its top-ups may be that large (ADR 0045). */
const busy = (l: Lab, deviceId: string, count: number) =>
  suite.ctx.db.insertInto('codeDeviceUses').values({ workshopId: l.id, deviceId, count }).execute();
const numbersOf = (blocks: CodeBlock[]) =>
  blocks.flatMap((b) => Array.from({ length: b.to - b.from + 1 }, (_, i) => b.from + i));

describe('ReserveCodes', () => {
  it('takes 1 and 200 numbers (a new device is granted the floor, 20); 0 and 201 → 400', async () => {
    const l = await newLab();
    expect(await reserved(l, newDevice(), 1)).toEqual({ blocks: [{ from: l.from, to: l.from }], count: 1 });
    expect(await reserved(l, newDevice(), 200)).toEqual({
      blocks: [{ from: l.from + 1, to: l.from + 20 }],
      count: 20,
    });
    for (const count of [0, 201]) {
      const res = await reserve(l, newDevice(), count);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'count', message: OFFLINE_MSG.countRange }]);
    }
  });

  it('device ids of 22 and 64 characters are taken; 21, 65 and other characters → 400', async () => {
    const l = await newLab();
    for (const id of ['a'.repeat(22), 'b'.repeat(64)]) expect((await reserve(l, id, 1)).statusCode).toBe(200);
    for (const id of ['a'.repeat(21), 'a'.repeat(65), `${'a'.repeat(21)}.`]) {
      const res = await reserve(l, id, 1);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'deviceId', message: OFFLINE_MSG.deviceInvalid }]);
    }
  });

  it('asking again tops up: the same count answers the same blocks, a larger one adds the rest', async () => {
    const l = await newLab();
    const device = newDevice();
    await busy(l, device, 30);
    const first = await reserved(l, device, 20);
    expect(await reserved(l, device, 20)).toEqual(first);
    expect(await reserved(l, device, 5)).toEqual(first);
    expect(await reserved(l, device, 30)).toEqual({ blocks: [{ from: l.from, to: l.from + 29 }], count: 30 });
    // Numbers the device used are no longer its reserved ones; asking again refills to the count.
    for (const n of [l.from, l.from + 7]) expect((await addAs(l, device, n)).statusCode).toBe(200);
    expect(await reserved(l, device, 30)).toEqual({
      blocks: [
        { from: l.from + 1, to: l.from + 6 },
        { from: l.from + 8, to: l.from + 31 },
      ],
      count: 30,
    });
  });

  it('devices reserving at once get disjoint numbers, and all of them get some', async () => {
    const l = await newLab();
    const devices = Array.from({ length: 10 }, newDevice);
    for (const device of devices) await busy(l, device, 60);
    const answers = await Promise.all(devices.map((device) => reserved(l, device, 60)));
    // 60 registrations a day are capped at 50; the lab's 1,000 numbers leave each a fair share of 50.
    expect(answers.map((a) => a.count)).toEqual(Array(10).fill(50));
    const all = answers.flatMap((a) => numbersOf(a.blocks));
    expect(new Set(all).size).toBe(500);
  });

  it('a lab with only 5 free numbers: each device a fair share, then none (not an error); the counter keeps some', async () => {
    const l = await newLab();
    await suite.ctx.db
      .updateTable('codeRanges')
      .set({ nextCode: l.to - 4 })
      .where('workshopId', '=', l.id)
      .execute();
    // floor(5 / 2), floor(3 / 3), floor(2 / 4).
    expect(await reserved(l, newDevice(), 20)).toEqual({
      blocks: [{ from: l.to - 4, to: l.to - 3 }],
      count: 2,
    });
    expect(await reserved(l, newDevice(), 20)).toEqual({
      blocks: [{ from: l.to - 2, to: l.to - 2 }],
      count: 1,
    });
    expect(await reserved(l, newDevice(), 20)).toEqual({ blocks: [], count: 0 });
    expect(await getCode(l)).toBe(l.to - 1);
  });

  it('no session → 401, the administrator → 403 (reserving and releasing)', async () => {
    const body = { deviceId: newDevice(), count: 5 };
    expect((await post('/Tests/ReserveCodes', undefined, body)).statusCode).toBe(401);
    expect((await post('/Tests/ReserveCodes', suite.admin, body)).statusCode).toBe(403);
    expect((await post('/Tests/ReleaseCodes', undefined, { deviceId: body.deviceId })).statusCode).toBe(401);
    expect((await post('/Tests/ReleaseCodes', suite.admin, { deviceId: body.deviceId })).statusCode).toBe(
      403,
    );
  });
});

describe('reserved numbers at the counter', () => {
  it("AddTest: another device's number → 409, none named → 409, the device's own → 200", async () => {
    const l = await newLab();
    const [mine, theirs] = [newDevice(), newDevice()];
    await reserved(l, mine, 10);
    for (const sender of [theirs, null]) {
      const res = await addAs(l, sender, l.from + 3);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([{ field: '0.docNumber', message: OFFLINE_MSG.codeReserved }]);
    }
    const own = await addAs(l, mine, l.from + 3);
    expect(own.statusCode, own.body).toBe(200);
    // Just past the block is anyone's.
    expect((await addAs(l, theirs, l.from + 10)).statusCode).toBe(200);
    const bad = await post('/Tests/AddTest', from(l, 'short'), [draft(l, l.from + 11)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(OFFLINE_MSG.deviceInvalid);
  });

  it("CheckCode: another device's number → 409, the device's own → 200", async () => {
    const l = await newLab();
    const device = newDevice();
    await reserved(l, device, 3);
    const check = (h: Record<string, string>) => post('/Tests/CheckCode', h, { code: l.from + 1 });
    for (const h of [l.h, from(l, newDevice())]) {
      const res = await check(h);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([{ field: 'code', message: OFFLINE_MSG.codeReserved }]);
    }
    expect((await check(from(l, device))).statusCode).toBe(200);
  });

  it('GetCode skips reserved numbers; released ones come back lowest first', async () => {
    const l = await newLab();
    const device = newDevice();
    await busy(l, device, 20);
    await reserved(l, device, 20);
    expect(await getCode(l)).toBe(l.from + 20);
    for (const n of [l.from, l.from + 1]) expect((await addAs(l, device, n)).statusCode).toBe(200);
    const res = await release(l, device);
    expect(res.json().data).toEqual({ released: 18 });
    expect(await getCode(l)).toBe(l.from + 2);
    expect((await addAs(l, null, l.from + 2)).statusCode).toBe(200);
    expect(await getCode(l)).toBe(l.from + 3);
    // Released numbers are handed to the next device first, lowest first.
    expect(await reserved(l, newDevice(), 5)).toEqual({
      blocks: [{ from: l.from + 3, to: l.from + 7 }],
      count: 5,
    });
    expect(await getCode(l)).toBe(l.from + 8);
    // Releasing again gives nothing back.
    expect((await release(l, device)).json().data).toEqual({ released: 0 });
  });

  it('GetCode offers a device its own numbers first when lower, and them alone once the rest are used', async () => {
    const l = await newLab();
    const devices = Array.from({ length: 2 }, newDevice);
    const getCodeAs = (device: string | null) => post('/Tests/GetCode', from(l, device), {});
    for (const device of devices) await busy(l, device, 50);
    // The first device holds the lab's first 50: it starts at the first bought number, others after.
    await reserved(l, devices[0]!, 50);
    expect((await getCodeAs(devices[0]!)).json().data).toBe(l.from);
    expect(await getCode(l)).toBe(l.from + 50);
    expect((await getCodeAs(newDevice())).json().data).toBe(l.from + 50);
    // The second device holds the next 50; the online counter then uses every other number.
    await reserved(l, devices[1]!, 50);
    await suite.ctx.db
      .updateTable('codeRanges')
      .set({ nextCode: l.to + 1 })
      .where('workshopId', '=', l.id)
      .execute();
    const none = await getCodeAs(null);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ASSAY_MSG.noCode);
    expect((await getCodeAs(newDevice())).json().message).toBe(ASSAY_MSG.noCode);
    expect((await getCodeAs(devices[1]!)).json().data).toBe(l.from + 50);
    expect((await addAs(l, devices[1]!, l.from + 50)).statusCode).toBe(200);
    expect((await getCodeAs(devices[1]!)).json().data).toBe(l.from + 51);
    // A number released by one device is everyone's again: lower than a device's own, it comes first.
    expect((await release(l, devices[0]!)).json().data).toEqual({ released: 50 });
    expect(await getCode(l)).toBe(l.from);
    expect((await getCodeAs(devices[1]!)).json().data).toBe(l.from);
    // A malformed device id is refused, not ignored.
    const bad = await getCodeAs('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(OFFLINE_MSG.deviceInvalid);
    // Another lab naming this lab's device gets its own numbers, never these.
    const other = await newLab();
    const theirs = await post('/Tests/GetCode', from(other, devices[0]!), {});
    expect(theirs.json().data).toBe(other.from);
  });

  it("device ids are per workshop: another lab can neither release nor use this lab's device's numbers", async () => {
    const a = await newLab();
    const b = await newLab();
    const device = newDevice();
    await reserved(a, device, 10);
    expect((await release(b, device)).json().data).toEqual({ released: 0 });
    expect(await getCode(a)).toBe(a.from + 10);
    const used = await addAs(b, device, a.from + 1);
    expect(used.statusCode).toBe(400);
    expect(used.json().errors).toEqual([{ field: '0.docNumber', message: ASSAY_MSG.codeNotYours }]);
    // Lab b's device of the same id reserves lab b's own numbers.
    expect(await reserved(b, device, 2)).toEqual({ blocks: [{ from: b.from, to: b.from + 1 }], count: 2 });
  });
});

describe('any interleaving', () => {
  it('online registrations and reservations at once never share a number, nor register one twice', async () => {
    const l = await newLab();
    const reservedBlocks: CodeBlock[] = [];
    let registered = 0;
    for (let round = 0; round < 5; round++) {
      const base = l.from + round * 150;
      const results = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          if (i % 3 === 0) {
            const r = await reserve(l, newDevice(), 7);
            expect(r.statusCode).toBe(200);
            reservedBlocks.push(...(r.json().data.blocks as CodeBlock[]));
            return 'reserve';
          }
          // Half type a number near the range's next, half take GetCode's.
          const n = i % 3 === 1 ? base + i : await getCode(l);
          const res = await addAs(l, null, n);
          expect([200, 409]).toContain(res.statusCode);
          return res.statusCode === 200 ? 'added' : 'refused';
        }),
      );
      registered += results.filter((r) => r === 'added').length;
    }
    expect(registered).toBeGreaterThan(0);
    expect(reservedBlocks.length).toBeGreaterThan(0);
    const kept = numbersOf(reservedBlocks);
    expect(new Set(kept).size).toBe(kept.length);
    const rows = await suite.ctx.db
      .selectFrom('assays')
      .select('docNumber')
      .where('workshopId', '=', l.id)
      .execute();
    expect(rows).toHaveLength(registered);
    const numbers = rows.map((r) => r.docNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.filter((n) => kept.includes(n))).toEqual([]);
  });
});
