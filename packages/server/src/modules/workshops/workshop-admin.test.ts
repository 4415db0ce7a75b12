import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSHOP_MSG } from '@ayar/contract';
import { createTestApp, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { registration, workshopHelpers } from './workshops.test-kit.ts';

// The admin's changes to a workshop (docs/product.md §6.2): deleting, creating, editing. Registering
// and the lists: workshops.test.ts; activating and suspending: workshop-status.test.ts.

let ctx: TestContext;
let adminToken: string;
let workshopToken: string;
const { post, get, addWorkshop, statusOf } = workshopHelpers(
  () => ctx,
  () => adminToken,
);

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminToken = await login(ctx.app, admin.username, admin.password);
  const workshop = await createUser(ctx.db);
  workshopToken = await login(ctx.app, workshop.username, workshop.password);
});
afterAll(() => ctx.close());

async function seedData(workshopId: string) {
  const customer = await ctx.db
    .insertInto('customers')
    .values({ workshopId, code: 1, name: 'مشتری' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('customers').values({ workshopId, code: 2, name: 'مشتری ۲' }).execute();
  await ctx.db.insertInto('customers').values({ workshopId, code: 3, name: 'مشتری ۳' }).execute();
  const base = 9_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const range = await ctx.db
    .insertInto('codeRanges')
    .values({ workshopId, fromCode: base, toCode: base + 9, nextCode: base + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('codeRanges')
    .values({ workshopId, fromCode: base + 10, toCode: base + 19, nextCode: base + 10 })
    .execute();
  const file = await ctx.db
    .insertInto('files')
    .values({
      kind: 'photo',
      storageKey: `photo/aa/${crypto.randomUUID().replaceAll('-', '')}`,
      mime: 'image/jpeg',
      sizeBytes: 3,
      ownerId: workshopId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assay = await ctx.db
    .insertInto('assays')
    .values({
      workshopId,
      customerId: customer.id,
      docNumber: base,
      codeRangeId: range.id,
      publicToken: crypto.randomUUID(),
      createdBy: workshopId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('assayImages').values({ assayId: assay.id, fileId: file.id }).execute();
  await ctx.db
    .insertInto('payments')
    .values({ workshopId, customerId: customer.id, type: 1, moneyToman: 1000 })
    .execute();
  await ctx.db
    .insertInto('credits')
    .values({ workshopId, amount: 5000, trackingCode: 't', account: 'a' })
    .execute();
  const message = await ctx.db
    .insertInto('messages')
    .values({ workshopId, assayId: assay.id, toNumber: '09120000000', kind: 'sms', text: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { messageId: message.id, fileId: file.id };
}

describe('POST /Manage/DeleteUser', () => {
  it('deletes a workshop without data at once', async () => {
    const w = await createUser(ctx.db, { status: 0 });
    await login(ctx.app, w.username, w.password).catch(() => undefined);
    const res = await post('/Manage/DeleteUser', { id: w.id, force: false }, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(WORKSHOP_MSG.deleted);
    expect(await statusOf(w.id)).toBeUndefined();
  });

  it('without force refuses a workshop with data and says what remains; with force removes it all', async () => {
    const w = await createUser(ctx.db, { status: 1 });
    const token = await login(ctx.app, w.username, w.password);
    const { messageId, fileId } = await seedData(w.id);
    const refused = await post('/Manage/DeleteUser', { id: w.id, force: false }, adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message:
        'این آزمایشگاه ۱ بسته، ۳ مشتری، ۲ بازه کد، ۱ درخواست شارژ و ۱ پرداخت دارد؛ برای حذف، حذف وابستگی‌ها را هم تأیید کنید.',
    });
    expect(await statusOf(w.id)).toBe(1);

    const forced = await post('/Manage/DeleteUser', { id: w.id, force: true }, adminToken);
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toEqual({
      assays: 1,
      customers: 3,
      codeRanges: 2,
      credits: 1,
      payments: 1,
      files: 1,
    });
    expect(await statusOf(w.id)).toBeUndefined();
    for (const table of ['customers', 'codeRanges', 'assays', 'payments', 'credits'] as const) {
      const left = await ctx.db.selectFrom(table).select('id').where('workshopId', '=', w.id).execute();
      expect(left).toHaveLength(0);
    }
    expect(
      await ctx.db.selectFrom('files').select('id').where('id', '=', fileId).executeTakeFirst(),
    ).toBeUndefined();
    const message = await ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ workshopId: null, assayId: null, text: 'x' });
    expect((await post('/Account/logout', {}, token)).statusCode).toBe(401);
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityId', '=', w.id)
      .where('action', '=', 'workshop.delete.force')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ customers: 3, codeRanges: 2 });
  });

  it('never deletes the admin; 404 for unknown ids; 400, 401, 403', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const res = await post('/Manage/DeleteUser', { id: admin.id, force: true }, adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WORKSHOP_MSG.adminNotDeletable);
    expect(
      (await post('/Manage/DeleteUser', { id: crypto.randomUUID(), force: true }, adminToken)).statusCode,
    ).toBe(404);
    const bad = await post('/Manage/DeleteUser', { id: 'nope', force: 'x' }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['force', 'id']);
    const w = await createUser(ctx.db);
    expect((await post('/Manage/DeleteUser', { id: w.id })).statusCode).toBe(401);
    expect((await post('/Manage/DeleteUser', { id: w.id }, workshopToken)).statusCode).toBe(403);
    expect(await statusOf(w.id)).toBe(1);
  });
});

describe('POST /Manage/AddUser', () => {
  it('creates an active workshop that can sign in at once', async () => {
    const w = await addWorkshop({
      rejeCode: '۴۴',
      address: 'تهران، بازار',
      cellPhone: '',
    });
    expect(typeof w.code).toBe('number');
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 1,
      rejeCode: '44',
      address: 'تهران، بازار',
      isPublicUser: false,
      cellPhone: null,
    });
    await login(ctx.app, w.userName, w.password);
  });

  it('400 with fields, 409 for a taken name, 401, 403', async () => {
    const bad = await post(
      '/Manage/AddUser',
      { fName: '', userName: '', password: '', confirmPassword: '' },
      adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'fName', message: WORKSHOP_MSG.fNameRequired },
        { field: 'userName', message: WORKSHOP_MSG.userNameRequired },
        { field: 'password', message: WORKSHOP_MSG.passwordRequired },
        { field: 'confirmPassword', message: WORKSHOP_MSG.confirmRequired },
      ]),
    );
    const w = await addWorkshop();
    const dup = await post(
      '/Manage/AddUser',
      registration({ userName: w.userName.toUpperCase() }),
      adminToken,
    );
    expect(dup.statusCode).toBe(409);
    expect((await post('/Manage/AddUser', registration())).statusCode).toBe(401);
    expect((await post('/Manage/AddUser', registration(), workshopToken)).statusCode).toBe(403);
  });
});

describe('GET /Manage/UserById and POST /Manage/EditUser', () => {
  it('returns the edit fields as the first item of a list, never the hash', async () => {
    const w = await addWorkshop({ rejeCode: 'R1' });
    const res = await get('/Manage/UserById', { id: w.id }, adminToken);
    expect(res.statusCode).toBe(200);
    const [item] = res.json().data;
    expect(item).toMatchObject({
      id: w.id,
      userId: w.id,
      fName: w.fName,
      userName: w.userName,
      cellPhone: '09121234567',
      rejeCode: 'R1',
      status: 1,
      isLabOwner: false,
      file: null,
    });
    expect(res.body).not.toContain('argon2');
  });

  it('edits the fields and keeps the password when both are empty', async () => {
    const w = await addWorkshop();
    const token = await login(ctx.app, w.userName, w.password);
    const res = await post(
      '/Manage/EditUser',
      {
        ...registration({ userName: `${w.userName}x` }),
        userId: w.id,
        isLabOwner: true,
        password: '',
        confirmPassword: '',
      },
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    const [item] = (await get('/Manage/UserById', { id: w.id }, adminToken)).json().data;
    expect(item).toMatchObject({ userName: `${w.userName}x`, isLabOwner: true });
    await login(ctx.app, `${w.userName}x`, w.password);
    expect((await post('/Account/logout', {}, token)).statusCode).toBe(200);
  });

  it('a new password ends every session of that workshop', async () => {
    const w = await addWorkshop();
    const token = await login(ctx.app, w.userName, w.password);
    const res = await post(
      '/Manage/EditUser',
      {
        ...registration({ userName: w.userName }),
        userId: w.id,
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect((await post('/Account/logout', {}, token)).statusCode).toBe(401);
    await login(ctx.app, w.userName, 'brand-new-pass');
  });

  it('400 for a mismatched or weak new password and for an unknown audio file', async () => {
    const w = await addWorkshop();
    const base = { ...registration({ userName: w.userName }), userId: w.id };
    const weak = await post(
      '/Manage/EditUser',
      { ...base, password: '1234', confirmPassword: '' },
      adminToken,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([
      { field: 'password', message: WORKSHOP_MSG.passwordShort },
      { field: 'password', message: WORKSHOP_MSG.passwordDigits },
      { field: 'confirmPassword', message: WORKSHOP_MSG.confirmMismatch },
    ]);
    const file = await post(
      '/Manage/EditUser',
      { ...base, file: `/api/v1.0/Files/${crypto.randomUUID()}` },
      adminToken,
    );
    expect(file.statusCode).toBe(400);
    expect(file.json().errors).toEqual([{ field: 'file', message: WORKSHOP_MSG.audioInvalid }]);
  });

  it('409 when the new user name belongs to another workshop', async () => {
    const a = await addWorkshop();
    const b = await addWorkshop();
    const res = await post(
      '/Manage/EditUser',
      { ...registration({ userName: a.userName.toUpperCase() }), userId: b.id },
      adminToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'userName', message: WORKSHOP_MSG.userNameTaken }]);
  });

  it('404 for unknown and non-workshop ids, 400 for a malformed one, 401 and 403', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    expect((await get('/Manage/UserById', { id: crypto.randomUUID() }, adminToken)).statusCode).toBe(404);
    expect((await get('/Manage/UserById', { id: admin.id }, adminToken)).statusCode).toBe(404);
    expect((await get('/Manage/UserById', { id: '12' }, adminToken)).statusCode).toBe(400);
    const w = await addWorkshop();
    expect((await get('/Manage/UserById', { id: w.id })).statusCode).toBe(401);
    expect((await get('/Manage/UserById', { id: w.id }, workshopToken)).statusCode).toBe(403);
    const edit = { ...registration(), userId: crypto.randomUUID() };
    expect((await post('/Manage/EditUser', edit, adminToken)).statusCode).toBe(404);
    expect((await post('/Manage/EditUser', { ...edit, userId: admin.id }, adminToken)).statusCode).toBe(404);
    expect((await post('/Manage/EditUser', { ...edit, userId: w.id })).statusCode).toBe(401);
    expect((await post('/Manage/EditUser', { ...edit, userId: w.id }, workshopToken)).statusCode).toBe(403);
  });
});
