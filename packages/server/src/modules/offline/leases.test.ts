import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ASSAY_MSG, OFFLINE_MSG, type CodeBlock } from '@ayar/contract';
import { draft, packetSuite, type Lab } from '../assays/assays.test-kit.ts';

// Reservations as leases (ADR 0045): sized to the counter's use and a fair share, kept alive by the
// device's contact, lost after IDLE_LEASE_HOURS to an online counter that needs them, and listed for the
// lab (GET /Tests/Reservations). Time is moved by moving the stored times back, never by waiting.

const { suite, post, get, newLab } = packetSuite();

const newDevice = () => randomBytes(16).toString('base64url');
const from = (l: Lab, deviceId: string | null) => (deviceId ? { ...l.h, 'ayar-device': deviceId } : l.h);
async function reserved(
  l: Lab,
  deviceId: string,
  count: number,
): Promise<{ blocks: CodeBlock[]; count: number }> {
  const res = await post('/Tests/ReserveCodes', l.h, { deviceId, count });
  expect(res.statusCode, res.body).toBe(200);
  const { blocks, count: n } = res.json().data;
  return { blocks, count: n };
}
const addAs = (l: Lab, deviceId: string | null, ...numbers: number[]) =>
  post(
    '/Tests/AddTest',
    from(l, deviceId),
    numbers.map((n) => draft(l, n)),
  );
const getCodeAs = (l: Lab, deviceId: string | null) => post('/Tests/GetCode', from(l, deviceId), {});
const overview = (l: Lab) => get('/Tests/Reservations', l.h);

/** The device registered `count` packets `minutes` ago. */
const busy = (l: Lab, deviceId: string, count: number, minutes = 0) =>
  sql`insert into code_device_uses (workshop_id, device_id, count, used_at)
    values (${l.id}, ${deviceId}, ${count}, now() - make_interval(mins => ${minutes}))`.execute(suite.ctx.db);
/** The device last reached the server `minutes` ago. */
const lastSeen = (l: Lab, deviceId: string, minutes: number) =>
  sql`update code_devices set last_seen_at = now() - make_interval(mins => ${minutes})
    where workshop_id = ${l.id} and device_id = ${deviceId}`.execute(suite.ctx.db);
const LEASE = 72 * 60;

/** Only the last `free` numbers of the lab's range are left to hand out. */
const onlyFree = (l: Lab, free: number) =>
  suite.ctx.db
    .updateTable('codeRanges')
    .set({ nextCode: l.to - free + 1 })
    .where('workshopId', '=', l.id)
    .execute();

/** Registers online, without a device, what GetCode offers until it offers nothing; answers how many. */
async function registerOnlineUntilNone(l: Lab): Promise<number> {
  for (let n = 0; ; n++) {
    const code = await getCodeAs(l, null);
    if (code.statusCode !== 200) {
      expect(code.json().message).toBe(ASSAY_MSG.noCode);
      return n;
    }
    const res = await addAs(l, null, code.json().data as number);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('a lab with 200 numbers and six browsers', () => {
  it('registers every one of its 200 numbers: online, on the devices, and from idle devices', async () => {
    const l = await newLab();
    await suite.ctx.db
      .updateTable('codeRanges')
      .set({ toCode: l.from + 199 })
      .where('workshopId', '=', l.id)
      .execute();
    const devices = Array.from({ length: 6 }, newDevice);
    // Each asks for 50; a new device is given the floor, 20, within its fair share: the sixth finds 100
    // free numbers and five devices holding some, floor(100 / 7) = 14.
    const granted: number[] = [];
    for (const device of devices) granted.push((await reserved(l, device, 50)).count);
    expect(granted).toEqual([20, 20, 20, 20, 20, 14]);
    expect((await overview(l)).json().data).toMatchObject({
      bought: 200,
      registered: 0,
      held: 114,
      free: 86,
    });
    // The lab's list of ranges does not count held numbers as used.
    expect((await get('/Account/GetAllCode', l.h)).json().data.list[0]).toMatchObject({
      count: 200,
      used: 0,
    });
    // The online counter registers every number no device holds.
    expect(await registerOnlineUntilNone(l)).toBe(86);
    // Three devices use their own numbers, offered by GetCode with their id.
    for (const device of devices.slice(0, 3)) {
      for (let i = 0; i < 20; i++) {
        const code = await getCodeAs(l, device);
        expect(code.statusCode, code.body).toBe(200);
        expect((await addAs(l, device, code.json().data as number)).statusCode).toBe(200);
      }
    }
    // The other three go quiet past their lease: the online counter takes their numbers.
    for (const device of devices.slice(3)) await lastSeen(l, device, LEASE + 1);
    expect(await registerOnlineUntilNone(l)).toBe(54);
    expect((await get('/Account/GetAllCode', l.h)).json().data.list[0]).toMatchObject({ used: 200 });
    expect((await overview(l)).json().data).toEqual({
      devices: [],
      bought: 200,
      registered: 200,
      held: 0,
      free: 0,
    });
  });
});

describe('an idle device loses its unused numbers', () => {
  async function heldByOne() {
    const l = await newLab();
    await onlyFree(l, 10);
    const device = newDevice();
    // floor(10 / 2) = 5 of the last 10; the online counter uses the other 5.
    expect(await reserved(l, device, 50)).toEqual({ blocks: [{ from: l.to - 9, to: l.to - 5 }], count: 5 });
    expect(await registerOnlineUntilNone(l)).toBe(5);
    return { l, device, first: l.to - 9 };
  }

  it('at the lease minus a minute it keeps them: GetCode finds none, AddTest is refused', async () => {
    const { l, device, first } = await heldByOne();
    await lastSeen(l, device, LEASE - 1);
    expect((await getCodeAs(l, null)).json().message).toBe(ASSAY_MSG.noCode);
    const res = await addAs(l, null, first);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: '0.docNumber', message: OFFLINE_MSG.codeReserved }]);
  });

  it('past the lease an online registration takes them, and the device, back, neither lists nor uses them', async () => {
    const { l, device, first } = await heldByOne();
    await lastSeen(l, device, LEASE + 1);
    // GetCode offers the lowest of them, and AddTest takes it.
    expect((await getCodeAs(l, null)).json().data).toBe(first);
    expect((await addAs(l, null, first)).statusCode).toBe(200);
    expect((await overview(l)).json().data).toMatchObject({ devices: [], held: 0 });
    // Another counter's device takes a fair share of the rest: floor(4 / 2).
    const other = newDevice();
    expect(await reserved(l, other, 50)).toEqual({ blocks: [{ from: first + 1, to: first + 2 }], count: 2 });
    // The idle device comes back: it holds nothing now (floor(2 / 3) is none) …
    expect(await reserved(l, device, 50)).toEqual({ blocks: [], count: 0 });
    // … and the numbers it held are refused to it: taken, or another device's.
    const taken = await addAs(l, device, first);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: '0.docNumber', message: ASSAY_MSG.codeUsed }]);
    const elsewhere = await addAs(l, device, first + 1);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().errors).toEqual([{ field: '0.docNumber', message: OFFLINE_MSG.codeReserved }]);
  });

  it('an online AddTest of an idle device number takes it too, without asking GetCode first', async () => {
    const { l, device, first } = await heldByOne();
    await lastSeen(l, device, LEASE + 1);
    expect((await addAs(l, null, first + 2)).statusCode).toBe(200);
    // Back, it gets a fresh lease from the pool (floor(4 / 2), lowest first), not the number just used.
    expect(await reserved(l, device, 50)).toEqual({ blocks: [{ from: first, to: first + 1 }], count: 2 });
  });

  it('GetCode, CheckCode, AddTest and AddCutting with the device header keep its lease alive', async () => {
    const { l, device, first } = await heldByOne();
    let packetId = '';
    const contacts = [
      () => getCodeAs(l, device),
      () => post('/Tests/CheckCode', from(l, device), { code: first }),
      async () => {
        const res = await addAs(l, device, first);
        packetId = res.json().data.list[0].id;
        return res;
      },
      () => post('/Tests/AddCutting', from(l, device), [{ id: packetId, cutting: 750 }]),
    ];
    for (const contact of contacts) {
      await lastSeen(l, device, LEASE + 1);
      const res = await contact();
      expect(res.statusCode, res.body).toBe(200);
      expect((await getCodeAs(l, null)).json().message).toBe(ASSAY_MSG.noCode);
    }
  });
});

describe('sizing a top-up', () => {
  it('registrations of the last day within the floor (20) and the cap (50)', async () => {
    const l = await newLab();
    for (const [uses, granted] of [
      [0, 20],
      [19, 20],
      [20, 20],
      [21, 21],
      [50, 50],
      [51, 50],
    ] as const) {
      const device = newDevice();
      if (uses > 0) await busy(l, device, uses);
      expect((await reserved(l, device, 200)).count, `${uses} uses`).toBe(granted);
    }
    // Never more than asked.
    const device = newDevice();
    await busy(l, device, 30);
    expect((await reserved(l, device, 7)).count).toBe(7);
  });

  it('counts the day: 24 hours less a minute ago yes, 24 hours and a minute no; AddTest records its own', async () => {
    const l = await newLab();
    const [recent, old, counter] = [newDevice(), newDevice(), newDevice()];
    await busy(l, recent, 30, 24 * 60 - 1);
    await busy(l, old, 30, 24 * 60 + 1);
    expect((await reserved(l, recent, 50)).count).toBe(30);
    expect((await reserved(l, old, 50)).count).toBe(20);
    // A device that registers 25 packets online (more than the floor) is topped up to 25.
    const n = (await getCodeAs(l, null)).json().data as number;
    expect((await addAs(l, counter, ...Array.from({ length: 25 }, (_, i) => n + i))).statusCode).toBe(200);
    expect((await reserved(l, counter, 50)).count).toBe(25);
  });

  it('a fair share: floor(free / (devices holding numbers + 1)), both edges', async () => {
    for (const [free, share] of [
      [11, 5],
      [12, 6],
      [13, 6],
    ] as const) {
      const l = await newLab();
      await onlyFree(l, free);
      const device = newDevice();
      await busy(l, device, 50);
      expect((await reserved(l, device, 50)).count, `${free} free`).toBe(share);
    }
    // A second device: 6 of 12 are held, floor(6 / 3) = 2.
    const l = await newLab();
    await onlyFree(l, 12);
    for (const [device, share] of [
      [newDevice(), 6],
      [newDevice(), 2],
    ] as const) {
      await busy(l, device, 50);
      expect((await reserved(l, device, 50)).count).toBe(share);
    }
  });
});

describe('GET /Tests/Reservations', () => {
  it('lists the devices holding numbers; the owner releases one; another lab releases nothing', async () => {
    const l = await newLab();
    const [a, b] = [newDevice(), newDevice()];
    await reserved(l, a, 5);
    await reserved(l, b, 5);
    expect((await addAs(l, a, l.from)).statusCode).toBe(200);
    const res = await overview(l);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ bought: 1000, registered: 1, held: 9, free: 990 });
    expect(data.devices.map((d: { deviceId: string; held: number }) => [d.deviceId, d.held])).toEqual([
      [a, 4],
      [b, 5],
    ]);
    expect(Date.now() - Date.parse(data.devices[0].lastSeenAt)).toBeLessThan(60_000);
    // Another lab naming this lab's device releases nothing of it.
    const other = await newLab();
    expect((await post('/Tests/ReleaseCodes', other.h, { deviceId: b })).json().data).toEqual({
      released: 0,
    });
    expect((await overview(l)).json().data.devices).toHaveLength(2);
    expect((await overview(other)).json().data).toEqual({
      devices: [],
      bought: 1000,
      registered: 0,
      held: 0,
      free: 1000,
    });
    // The owner releases a lost phone's numbers.
    expect((await post('/Tests/ReleaseCodes', l.h, { deviceId: b })).json().data).toEqual({ released: 5 });
    expect((await overview(l)).json().data).toMatchObject({ held: 4, free: 995 });
  });

  it('no session → 401, the administrator → 403', async () => {
    expect((await get('/Tests/Reservations')).statusCode).toBe(401);
    expect((await get('/Tests/Reservations', suite.admin)).statusCode).toBe(403);
  });
});
