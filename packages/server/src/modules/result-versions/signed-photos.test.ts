import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createLab, registerPacket, type TestLab } from '../../../test/labs.ts';
import { publicResults, uploadPhoto } from '../../../test/results.ts';
import { resultKeyFrom } from '../signing/keys.lib.ts';
import { ResultSigner } from '../signing/signer.lib.ts';
import { recordResultVersion } from './result-versions.service.ts';
import { STATUS_LIST_SIZE, statusClaim, statusListUri } from '../signing/status-index.lib.ts';

/**
 * Payload v2's status entries and photos (ADR 0041): every v2 version draws its own status list index
 * (unique however many publish at once), and each photo is signed by the hash of its stored bytes; a
 * photo added or removed after publication makes a new version that is no correction.
 */

let ctx: TestContext;
let lab: TestLab;
let signer: ResultSigner;
let next = 0;

/** Uploads a 300×200 photo of one colour as the lab; answers its address. */
const labPhoto = (color: string) =>
  uploadPhoto(ctx.app, lab.h, { width: 300, height: 200, background: color });

const { lookup, verified } = publicResults(() => ctx.app, '10.7.');

/** The SHA-256 of what the public photo address serves (the stored original). */
async function servedSha256(address: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: address, remoteAddress: '10.7.250.1' });
  expect(res.statusCode).toBe(200);
  return createHash('sha256').update(res.rawPayload).digest('hex');
}

const versionsOf = (assayId: string) =>
  ctx.db
    .selectFrom('resultVersions')
    .select(['version', 'statusIdx', 'changedAt', 'reason'])
    .where('assayId', '=', assayId)
    .orderBy('version')
    .execute();

beforeAll(async () => {
  signer = new ResultSigner(await resultKeyFrom(generateKeyPairSync('ed25519').privateKey));
  ctx = await createTestApp({ resultSigner: signer });
  lab = await createLab(ctx, { fName: 'آزمایشگاه عکس' });
});
afterAll(() => ctx.close());

describe('status list entries', () => {
  it('are path-absolute without PUBLIC_URL, and split into lists of 65,536 at both edges', () => {
    expect(statusListUri(undefined, 0)).toBe('/status-lists/0');
    expect(statusClaim(undefined, STATUS_LIST_SIZE - 1)).toEqual({
      status_list: { idx: 65_535, uri: '/status-lists/0' },
    });
    expect(statusClaim('https://ayar.example.ir', STATUS_LIST_SIZE)).toEqual({
      status_list: { idx: 0, uri: 'https://ayar.example.ir/status-lists/1' },
    });
  });

  it('are unique when 50 results are published at once, each verifying with jose with its claim', async () => {
    const packets = [];
    for (let i = 0; i < 50; i++) {
      const docNumber = lab.from + next++;
      packets.push({ docNumber, id: await registerPacket(ctx.app, lab, docNumber) });
    }
    const answers = await Promise.all(
      packets.map(({ id }, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1.0/Tests/AddCutting',
          headers: lab.h,
          payload: [{ id, cutting: 700 + i }],
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const published = packets.filter((_, i) => answers[i]!.statusCode === 200);
    const claims = [];
    for (const { docNumber } of published) {
      const item = await lookup(docNumber);
      const signed = await verified(item.jws!);
      expect(signed.status.status_list.uri).toBe('/status-lists/0');
      claims.push(signed.status.status_list.idx);
    }
    expect(new Set(claims).size).toBe(published.length);
    const rows = await ctx.db
      .selectFrom('resultVersions')
      .select('statusIdx')
      .where(
        'assayId',
        'in',
        published.map((p) => p.id),
      )
      .execute();
    expect(rows.map((r) => r.statusIdx).sort((a, b) => a! - b!)).toEqual([...claims].sort((a, b) => a - b));
  });
});

describe('signed photos', () => {
  it("are signed by the hash of the stored original, in the page's order", async () => {
    const first = await labPhoto('#c9a227');
    const second = await labPhoto('#2a7ab0');
    const docNumber = lab.from + next++;
    await registerPacket(ctx.app, lab, docNumber, { purity: 750, extra: { images: [first, second] } });
    const item = await lookup(docNumber);
    const signed = await verified(item.jws!);
    expect(signed.photos.map((p) => p.id)).toEqual([first, second].map((a) => a.split('/').at(-1)));
    expect(item.images).toHaveLength(2);
    for (const [i, photo] of signed.photos.entries()) {
      expect(await servedSha256(item.images[i]!)).toBe(photo.sha256);
    }
  });

  it('a photo stored before hashes were kept is hashed when it is signed, and its hash kept', async () => {
    const photo = await labPhoto('#8a3a00');
    const fileId = photo.split('/').at(-1)!;
    await ctx.db.updateTable('files').set({ sha256: null }).where('id', '=', fileId).execute();
    const docNumber = lab.from + next++;
    await registerPacket(ctx.app, lab, docNumber, { purity: 760, extra: { images: [photo] } });
    const item = await lookup(docNumber);
    const [signed] = (await verified(item.jws!)).photos;
    expect(signed!.sha256).toBe(await servedSha256(item.images[0]!));
    const row = await ctx.db.selectFrom('files').select('sha256').where('id', '=', fileId).executeTakeFirst();
    expect(row!.sha256).toBe(signed!.sha256);
  });

  it('a photo added or removed after publication is a new signed version, without a reason, no correction', async () => {
    const docNumber = lab.from + next++;
    const id = await registerPacket(ctx.app, lab, docNumber, { purity: 770 });
    // A correction first, so the photo versions have a correction to keep.
    const edit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/EditTest',
      headers: lab.h,
      payload: { testId: id, cutting: 775, reason: 'خطای ثبت عدد' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const corrected = await lookup(docNumber);

    const fileId = (await labPhoto('#1d6630')).split('/').at(-1)!;
    await ctx.db.insertInto('assayImages').values({ assayId: id, fileId, position: 0 }).execute();
    const change = { assayId: id, reason: null, changedBy: lab.id };
    expect(await ctx.db.transaction().execute((trx) => recordResultVersion(trx, signer, change))).toBe(3);
    const withPhoto = await lookup(docNumber);
    expect(withPhoto).toMatchObject({
      version: 3,
      purity: 775,
      // Still the correction's time and reason: a photo is not a correction.
      changedAt: corrected.changedAt,
      changeReason: 'خطای ثبت عدد',
    });
    expect(withPhoto.signedAt).not.toBe(corrected.signedAt);
    const signed = await verified(withPhoto.jws!);
    expect(signed.photos.map((p) => p.id)).toEqual([fileId]);
    expect(signed.reason).toBe('خطای ثبت عدد');

    await ctx.db.deleteFrom('assayImages').where('assayId', '=', id).execute();
    expect(await ctx.db.transaction().execute((trx) => recordResultVersion(trx, signer, change))).toBe(4);
    expect(await lookup(docNumber)).toMatchObject({ version: 4, images: [], changedAt: corrected.changedAt });
    // Nothing else changed: no version.
    expect(await ctx.db.transaction().execute((trx) => recordResultVersion(trx, signer, change))).toBeNull();

    const rows = await versionsOf(id);
    expect(rows.map((r) => [r.version, r.changedAt?.toISOString() ?? null])).toEqual([
      [1, null],
      [2, corrected.changedAt],
      [3, corrected.changedAt],
      [4, corrected.changedAt],
    ]);
    // A slip checked against it reads the correction, not the photos.
    const slip = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/VerifySlip',
      payload: { code: docNumber, purity: 775 },
      remoteAddress: '10.7.251.1',
    });
    expect(slip.json<{ data: unknown }>().data).toMatchObject({
      outcome: 'matches',
      version: 4,
      changedAt: corrected.changedAt,
      reason: 'خطای ثبت عدد',
    });
  });

  it('a photo added to a result never corrected leaves it uncorrected', async () => {
    const docNumber = lab.from + next++;
    const id = await registerPacket(ctx.app, lab, docNumber, { purity: 790 });
    const fileId = (await labPhoto('#a61e1e')).split('/').at(-1)!;
    await ctx.db.insertInto('assayImages').values({ assayId: id, fileId, position: 0 }).execute();
    const change = { assayId: id, reason: null, changedBy: lab.id };
    expect(await ctx.db.transaction().execute((trx) => recordResultVersion(trx, signer, change))).toBe(2);
    expect(await lookup(docNumber)).toMatchObject({ version: 2, changedAt: null, changeReason: null });
    expect((await verified((await lookup(docNumber)).jws!)).reason).toBeNull();
  });
});
