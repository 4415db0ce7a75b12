import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_SETTINGS,
  resultPhotoAddress,
  type ResultItem,
  type SignedResultV4,
} from '@ayar/contract';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { publicResults } from '../../../test/results.ts';
import { canonicalJson } from '../signing/canonical.lib.ts';

/**
 * Payload v2 (ADR 0041) on the public lookup: every field the item shows is the signed value, so a
 * lab renamed or its report settings changed after publication leave the page and its signature in
 * agreement; an old v1 version shows its own fields as signed and the rest live.
 */

let ctx: TestContext;
let lab: TestLab;
let admin: Record<string, string>;
let next = 0;

const SHOW_ALL = {
  ...DEFAULT_USER_SETTINGS,
  showCustomerNameForReport: true,
  showTypeForReport: true,
  showWeightForReport: true,
  showSampleWeightForReport: true,
  showReadyTimeForReport: true,
};

const { lookup, verified } = publicResults(() => ctx.app, '10.8.');

/** Every field the item shows, as the payload signs it (the web check's mapping, ADR 0041). */
function expectShownAsSigned(item: ResultItem, p: SignedResultV4) {
  expect(item).toMatchObject({
    docNumber: p.docNumber,
    token: p.token,
    name: p.lab,
    rejeCode: p.labCode,
    customerName: p.customerName,
    series: p.series,
    title: p.testType,
    purity: p.purity,
    weight: p.weight,
    sampleWeight: p.sampleWeight,
    readyTime: p.readyTime,
    createDate: p.registeredAt,
    signedAt: p.publishedAt,
    version: p.version,
    status: p.state,
    changeReason: p.reason,
    images: p.photos.map((photo) => resultPhotoAddress(p.token, photo.id)),
    assayerCode: p.assayer,
    verifierCode: p.verifier,
    method: p.method,
    instrument: p.instrument,
  });
}

async function adminRenames(workshopId: string, fName: string, rejeCode: string) {
  const { username } = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', workshopId)
    .executeTakeFirstOrThrow();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Manage/EditUser',
    headers: admin,
    payload: {
      userId: workshopId,
      fName,
      fullName: 'مدیر آزمایشگاه',
      cellPhone: null,
      phone: null,
      rejeCode,
      address: null,
      userName: username,
      isPublicUser: false,
      password: '',
      confirmPassword: '',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function labSaves(settings: object) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Account/EditSettings',
    headers: lab.h,
    payload: { settings },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://ayar.example.ir' });
  lab = await createLab(ctx, { fName: 'آزمایشگاه نگین', settings: SHOW_ALL });
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(() => ctx.close());

describe('the public item shows what was signed (payload v4)', () => {
  it('signs every shown field, with its status list entry under PUBLIC_URL', async () => {
    const docNumber = lab.from + next++;
    await registerPacket(ctx.app, lab, docNumber, { purity: 750 });
    const item = await lookup(docNumber);
    expect(decodeProtectedHeader(item.jws!)).toMatchObject({ alg: 'EdDSA', typ: 'ayar-result-v4+jws' });
    const signed = await verified(item.jws!);
    expectShownAsSigned(item, signed);
    expect(signed).toMatchObject({
      lab: 'آزمایشگاه نگین',
      customerName: 'علی رضایی',
      weight: 12.5,
      sampleWeight: 0.25,
      readyTime: 30,
      state: 'published',
      reason: null,
      // The lab account recorded it (staff code 1); nobody verified it (ADR 0050).
      assayer: 1,
      verifier: null,
      // Typed by a person (ADR 0059).
      method: 'typed',
      instrument: null,
      iat: Math.floor(Date.parse(signed.publishedAt) / 1000),
    });
    const { status_list } = signed.status;
    expect(status_list.uri).toBe(`https://ayar.example.ir/status-lists/0`);
    const row = await ctx.db
      .selectFrom('resultVersions')
      .select('statusIdx')
      .where('jws', '=', item.jws!)
      .executeTakeFirstOrThrow();
    expect(status_list.idx).toBe(row.statusIdx);
    // Canonical JSON: anyone can rebuild the signed bytes from the payload.
    const [, part] = item.jws!.split('.');
    expect(Buffer.from(part!, 'base64url').toString()).toBe(canonicalJson(signed as never));
  });

  it('after the lab is renamed and its report settings change, the page still shows the signed values', async () => {
    const docNumber = lab.from + next++;
    await registerPacket(ctx.app, lab, docNumber, { purity: 760 });
    const before = await lookup(docNumber);

    await adminRenames(lab.id, 'آزمایشگاه نگین نو', 'R-77');
    await labSaves({
      ...SHOW_ALL,
      showCustomerNameForReport: false,
      showTypeForReport: false,
      showWeightForReport: false,
      showReadyTimeForReport: false,
    });
    const after = await lookup(docNumber);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ name: 'آزمایشگاه نگین', rejeCode: null, customerName: 'علی رضایی' });
    expectShownAsSigned(after, await verified(after.jws!));

    // A packet published after the change is signed as the lab now shows it.
    const newer = lab.from + next++;
    await registerPacket(ctx.app, lab, newer, { purity: 770 });
    const item = await lookup(newer);
    expect(item).toMatchObject({
      name: 'آزمایشگاه نگین نو',
      rejeCode: 'R-77',
      customerName: null,
      title: null,
      weight: null,
      readyTime: null,
    });
    expectShownAsSigned(item, await verified(item.jws!));
    await labSaves(SHOW_ALL);
    await adminRenames(lab.id, 'آزمایشگاه نگین', '');
  });

  it('a version 1 signed with payload v1 shows its own fields as signed and the rest live', async () => {
    const docNumber = lab.from + next++;
    const id = await registerPacket(ctx.app, lab, docNumber, { purity: 780 });
    // What a version signed before ADR 0041 holds: the v1 payload (ADR 0029), no status entry.
    const v1 = {
      docNumber,
      lab: 'نام امضاشدهٔ قدیم',
      testType: 'قدیمی',
      purity: 780,
      weight: 11,
      sampleWeight: 0.2,
      registeredAt: new Date().toISOString(),
      publishedAt: new Date().toISOString(),
      version: 1,
      status: 'published',
      token: 'x',
    };
    await ctx.db
      .updateTable('resultVersions')
      .set({ payload: JSON.stringify(v1) } as never)
      .where('assayId', '=', id)
      .execute();
    const item = await lookup(docNumber);
    expect(item).toMatchObject({
      name: 'نام امضاشدهٔ قدیم',
      title: 'قدیمی',
      weight: 11,
      sampleWeight: 0.2,
      purity: 780,
      // Not in v1: live, and the page shows them outside its badge.
      customerName: 'علی رضایی',
      readyTime: 30,
    });
  });
});
