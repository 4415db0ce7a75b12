import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MSG, TEST_TYPES, toPersianDigits } from '@ayar/contract';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { uploadPhoto } from '../../../test/results.ts';
import { remainingMinutes } from './results.service.ts';

const RESULT = '/api/v1.0/Tests/Result';
const BY_TOKEN = '/api/v1.0/Tests/ResultByToken';
const MOBILE = '09121234567';
const OTHER_MOBILE = '09359876543';
let ctx: TestContext;
let workshopId: string;
let workshopToken: string;
let customerId: string;
let rangeId: string;
let nextDoc = 5_000_001;
let ipCounter = 0;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-results-test-'));

/** A fresh client address per test, so the per-address limit of one test does not leak into another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestApp({ filesDir });
  const workshop = await createUser(ctx.db, { fName: 'آزمایشگاه الماس' });
  workshopId = workshop.id;
  workshopToken = await login(ctx.app, workshop.username, workshop.password);
  await ctx.db.updateTable('users').set({ rejeCode: 'R-77' }).where('id', '=', workshopId).execute();
  const customer = await ctx.db
    .insertInto('customers')
    .values({
      workshopId,
      code: 1,
      name: 'علی رضایی',
      mobile1: MOBILE,
      mobile2: '09120000001',
      settings: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  customerId = customer.id;
  const range = await ctx.db
    .insertInto('codeRanges')
    .values({ workshopId, fromCode: 5_000_000, toCode: 5_000_999, nextCode: 5_000_000, serialNo: 42 })
    .returning('id')
    .executeTakeFirstOrThrow();
  rangeId = range.id;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function setReportSettings(settings: Record<string, boolean>) {
  await ctx.db
    .updateTable('users')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', workshopId)
    .execute();
}

async function addPacket(input: {
  purity?: number | null;
  readyTime?: number | null;
  minutesAgo?: number;
  other?: boolean;
  deleted?: boolean;
}) {
  const docNumber = nextDoc++;
  const publicToken = randomBytes(16).toString('base64url');
  const row = await ctx.db
    .insertInto('assays')
    .values({
      workshopId,
      customerId: input.other ? null : customerId,
      otherOwnerName: input.other ? 'مهدی کریمی' : null,
      otherOwnerMobile: input.other ? OTHER_MOBILE : null,
      testTypeId: TEST_TYPES[0].id,
      docNumber,
      codeRangeId: rangeId,
      purity: input.purity === undefined ? 750 : input.purity,
      readyTime: input.readyTime ?? null,
      sampleWeightMg: 1234,
      goldWeightMg: 15_500,
      publicToken,
      createdBy: workshopId,
      createdAt: new Date(Date.now() - (input.minutesAgo ?? 5) * 60_000),
      deletedAt: input.deleted ? new Date() : null,
      deletedBy: input.deleted ? workshopId : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, docNumber, publicToken };
}

/** Uploads a real photo as the workshop and attaches it to a packet (as AddTest does). */
async function attachPhoto(assayId: string, position = 0): Promise<string> {
  const address = await uploadPhoto(ctx.app, bearer(workshopToken), {
    width: 600,
    height: 400,
    background: '#c9a227',
  });
  const fileId = address.split('/').at(-1)!;
  await ctx.db.insertInto('assayImages').values({ assayId, fileId, position }).execute();
  return fileId;
}

const lookup = (code: unknown, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: RESULT, payload: { code, forWeb: true }, remoteAddress: ip });
const byToken = (token: string, ip = freshIp()) =>
  ctx.app.inject({ method: 'GET', url: `${BY_TOKEN}?token=${encodeURIComponent(token)}`, remoteAddress: ip });

describe('POST /Tests/Result', () => {
  it('answers the public item for a number typed with Persian digits, without a session', async () => {
    await setReportSettings({});
    const packet = await addPacket({ purity: 750 });
    const fileId = await attachPhoto(packet.id);
    const res = await lookup(toPersianDigits(packet.docNumber));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.successful).toBe(true);
    expect(body.data.list).toHaveLength(1);
    expect(body.data.list[0]).toMatchObject({
      token: packet.publicToken,
      docNumber: packet.docNumber,
      purity: 750,
      name: 'آزمایشگاه الماس',
      rejeCode: 'R-77',
      series: 42,
      remain: 0,
      // The lab's report settings are off by default: no customer name, type, weights or ready time.
      customerName: null,
      title: null,
      weight: null,
      sampleWeight: null,
      readyTime: null,
      images: [`/api/v1.0/Results/Photo/${packet.publicToken}/${fileId}`],
    });
    expect(new Date(body.data.list[0].createDate).getTime()).toBeLessThan(Date.now());
  });

  it('shows the customer name, type, weights and ready time only when the lab’s settings allow', async () => {
    await setReportSettings({
      showCustomerNameForReport: true,
      showTypeForReport: true,
      showWeightForReport: true,
      showSampleWeightForReport: true,
      showReadyTimeForReport: true,
    });
    const packet = await addPacket({ purity: null, readyTime: 30, minutesAgo: 10.5 });
    const other = await addPacket({ purity: 999, other: true });
    const [item] = (await lookup(String(packet.docNumber))).json().data.list;
    expect(item).toMatchObject({
      customerName: 'علی رضایی',
      title: TEST_TYPES[0].name,
      weight: 15.5,
      sampleWeight: 1.234,
      readyTime: 30,
      purity: null,
      // 30 − 10.5 minutes, floored.
      remain: 19,
      images: [],
    });
    const [otherItem] = (await lookup(other.docNumber)).json().data.list;
    expect(otherItem.customerName).toBe('مهدی کریمی');
    await setReportSettings({});
  });

  it('obeys each report setting on its own, and only a stored true shows anything', async () => {
    const packet = await addPacket({ purity: null, readyTime: 30 });
    const shownBy = {
      showCustomerNameForReport: 'customerName',
      showTypeForReport: 'title',
      showWeightForReport: 'weight',
      showSampleWeightForReport: 'sampleWeight',
      showReadyTimeForReport: 'readyTime',
    } as const;
    const fields = Object.values(shownBy);
    for (const [setting, field] of Object.entries(shownBy)) {
      await setReportSettings({ [setting]: true });
      const [item] = (await lookup(packet.docNumber)).json().data.list;
      expect(fields.filter((f) => item[f] !== null)).toEqual([field]);
    }
    // A flag stored as anything but true (a string, a number) and no settings at all show nothing.
    for (const settings of [{ showTypeForReport: 'true', showWeightForReport: 1 }, null]) {
      await ctx.db
        .updateTable('users')
        .set({ settings: settings === null ? null : JSON.stringify(settings) })
        .where('id', '=', workshopId)
        .execute();
      const [item] = (await lookup(packet.docNumber)).json().data.list;
      expect(fields.filter((f) => item[f] !== null)).toEqual([]);
    }
    await setReportSettings({});
  });

  it('sends its answer uncompressed, however large, whatever the client accepts (ADR 0036)', async () => {
    await setReportSettings({ showCustomerNameForReport: true });
    const packet = await addPacket({ other: true });
    const owner = 'مهدی کریمی '.repeat(60);
    await ctx.db.updateTable('assays').set({ otherOwnerName: owner }).where('id', '=', packet.id).execute();
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    for (const res of [
      await ctx.app.inject({ method: 'POST', url: RESULT, payload: { code: packet.docNumber }, headers }),
      await ctx.app.inject({ method: 'GET', url: `${BY_TOKEN}?token=${packet.publicToken}`, headers }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(1024);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().data.list[0].customerName).toBe(owner);
    }
    await setReportSettings({});
  });

  it('never carries a mobile number anywhere in the answer', async () => {
    await setReportSettings({ showCustomerNameForReport: true });
    for (const packet of [
      await addPacket({}),
      await addPacket({ other: true, purity: null, readyTime: 5 }),
    ]) {
      const res = await lookup(packet.docNumber);
      expect(res.statusCode).toBe(200);
      for (const mobile of [MOBILE, OTHER_MOBILE, '09120000001', MOBILE.slice(1), OTHER_MOBILE.slice(1)]) {
        expect(res.body).not.toContain(mobile);
      }
      expect(res.body).not.toMatch(/mobile/i);
      const tokenRes = await byToken(packet.publicToken);
      expect(tokenRes.body).not.toContain(MOBILE);
      expect(tokenRes.body).not.toContain(OTHER_MOBILE);
    }
    await setReportSettings({});
  });

  it('404 for an unknown number and for a deleted packet', async () => {
    const unknown = await lookup(999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      successful: false,
      code: 'NOT_FOUND',
      message: RESULT_MSG.notFound,
    });

    const deleted = await addPacket({ deleted: true });
    expect((await lookup(deleted.docNumber)).statusCode).toBe(404);
    expect((await byToken(deleted.publicToken)).statusCode).toBe(404);
  });

  it('400 with a Persian field error for a missing or non-numeric number', async () => {
    for (const code of ['', 'abc', '12a', -5, 1.5]) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('code');
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: RESULT,
      payload: {},
      remoteAddress: freshIp(),
    });
    expect(missing.json().errors).toEqual([{ field: 'code', message: RESULT_MSG.codeRequired }]);
  });

  it('limits each address to 30 lookups a minute (429); another address is not affected', async () => {
    const packet = await addPacket({});
    const ip = freshIp();
    // One after another: @fastify/rate-limit's memory store hands every request of the same tick the
    // same counter object, so a same-tick burst would see only the final count.
    const answers = [];
    for (let i = 0; i < 35; i++) answers.push(await lookup(packet.docNumber, ip));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({
      successful: false,
      code: 'RATE_LIMITED',
    });
    // The token lookup shares nothing with another address either.
    expect((await lookup(packet.docNumber)).statusCode).toBe(200);
    const tokenIp = freshIp();
    const tokenStatuses = [];
    for (let i = 0; i < 31; i++) tokenStatuses.push((await byToken(packet.publicToken, tokenIp)).statusCode);
    expect(tokenStatuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(tokenStatuses[30]).toBe(429);
  });
});

describe('GET /Tests/ResultByToken', () => {
  it('shows the same item as the number lookup', async () => {
    const packet = await addPacket({ purity: 875 });
    const byNumber = (await lookup(packet.docNumber)).json().data;
    const res = await byToken(packet.publicToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(byNumber);
  });

  it('400 for a malformed token, 404 for an unknown one', async () => {
    expect((await byToken('short')).statusCode).toBe(400);
    expect((await byToken('../../etc/passwd')).statusCode).toBe(400);
    expect((await byToken(randomBytes(16).toString('base64url'))).statusCode).toBe(404);
  });
});

describe('GET /Results/Photo/:token/:fileId', () => {
  it('serves a packet’s photo and thumbnail without a session, only through that packet’s token', async () => {
    const a = await addPacket({});
    const b = await addPacket({});
    const fileA = await attachPhoto(a.id);
    const fileB = await attachPhoto(b.id);
    const [item] = (await lookup(a.docNumber)).json().data.list;

    const full = await ctx.app.inject({ method: 'GET', url: item.images[0], remoteAddress: freshIp() });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toContain('public');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(600);
    const thumb = await ctx.app.inject({
      method: 'GET',
      url: `${item.images[0]}?thumb=1`,
      remoteAddress: freshIp(),
    });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(240);

    // Packet A's token does not open packet B's photo, nor any file that is not a packet photo.
    const photo = (token: string, fileId: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1.0/Results/Photo/${token}/${fileId}`,
        remoteAddress: freshIp(),
      });
    expect((await photo(a.publicToken, fileB)).statusCode).toBe(404);
    expect((await photo(b.publicToken, fileB)).statusCode).toBe(200);
    expect((await photo(a.publicToken, randomUUID())).statusCode).toBe(404);
    expect((await photo(a.publicToken, 'not-a-uuid')).statusCode).toBe(404);
    expect((await photo('bad', fileA)).statusCode).toBe(400);

    // Deleting the packet takes its photos off the public address.
    await ctx.db.updateTable('assays').set({ deletedAt: new Date() }).where('id', '=', a.id).execute();
    expect((await photo(a.publicToken, fileA)).statusCode).toBe(404);
  });
});

describe('remainingMinutes', () => {
  it('is the ready time less the minutes since registration, floored, never below 0', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    expect(remainingMinutes(30, at(10.5), now)).toBe(19);
    expect(remainingMinutes(30, at(0), now)).toBe(30);
    expect(remainingMinutes(30, at(45), now)).toBe(0);
    expect(remainingMinutes(null, at(1), now)).toBe(0);
  });
});
