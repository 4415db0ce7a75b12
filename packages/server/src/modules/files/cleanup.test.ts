import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileAddress } from '@ayar/contract';
import { bearer, createUser } from '../../../test/helpers.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { createFileCleanup } from './files.schedule.ts';
import { deleteUnusedFiles } from './files.repository.ts';
import { removeUnusedFiles, saveAudio, savePhotos } from './files.service.ts';
import {
  createFilesTestApp,
  DRIVERS,
  idOf,
  image,
  isStored,
  makeLab,
  MP3,
  type FilesTestContext,
} from './files.test-kit.ts';

describe.each(DRIVERS)('with the %s store', (driver) => {
  let ctx: FilesTestContext;
  let lab: SessionUser;
  let labHeaders: Record<string, string>;
  let customerId: string;
  let admin: SessionUser;
  const FROM = 500_000;
  let nextNumber = FROM;

  beforeAll(async () => {
    ctx = await createFilesTestApp({ name: 'file[]', filename: 'photo.jpg', type: 'image/jpeg' }, driver);
    const workshop = await ctx.signedIn();
    lab = { id: workshop.id, role: 'workshop', sessionId: 'test', personId: workshop.id, roles: ['owner'] };
    labHeaders = bearer(workshop.token);
    ({ customerId } = await makeLab(ctx.db, workshop.id, FROM));
    const a = await createUser(ctx.db, { role: 'admin' });
    admin = { id: a.id, role: 'admin', sessionId: 'test', personId: a.id, roles: [] };
  });
  afterAll(() => ctx.close());

  const deps = () => ({ db: ctx.db, files: ctx.files });
  const sweep = (options?: Parameters<typeof removeUnusedFiles>[1]) => removeUnusedFiles(deps(), options);

  let jpeg: Buffer;
  /** A stored photo (file and thumbnail in the store), as POST /Tests/AddFile leaves it; answers its id. */
  async function photo(): Promise<string> {
    jpeg ??= await image(64, 48, 'jpeg');
    const [address] = await savePhotos(deps(), lab, [jpeg], '127.0.0.1');
    return idOf(address!);
  }

  /** Moves a file's upload time `hours` back. */
  async function age(fileId: string, hours: number): Promise<void> {
    await sql`update files set created_at = now() - make_interval(hours => ${hours}) where id = ${fileId}`.execute(
      ctx.db,
    );
  }

  /** The file's storage keys, or undefined once its row is gone. */
  const stored = (fileId: string) =>
    ctx.db
      .selectFrom('files')
      .select(['storageKey', 'thumbnailKey'])
      .where('id', '=', fileId)
      .executeTakeFirst();
  /** Whether the store (the directory or the bucket) still holds the file. */
  const inStore = (key: string | null) => isStored(ctx.files, key);

  /** Registers a packet with these photos; answers the response. */
  function register(fileIds: string[], docNumber = nextNumber++) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1.0/Tests/AddTest',
      headers: labHeaders,
      payload: [
        {
          customerId,
          customerName: 'علی رضایی',
          docNumber,
          readyTime: 30,
          weight: '12.5',
          sampleWeight: '0.250',
          images: fileIds.map(fileAddress),
        },
      ],
    });
  }

  describe('the unused-file sweep', () => {
    it('removes a photo never attached for over 24 hours, with its file and thumbnail in the store', async () => {
      const id = await photo();
      const row = (await stored(id))!;
      expect((await inStore(row.storageKey)) && (await inStore(row.thumbnailKey))).toBe(true);
      await age(id, 25);

      expect(await sweep()).toEqual({ photo: 1, audio: 0 });
      expect(await stored(id)).toBeUndefined();
      expect(await inStore(row.storageKey)).toBe(false);
      expect(await inStore(row.thumbnailKey)).toBe(false);
      expect(await sweep()).toEqual({ photo: 0, audio: 0 });
    });

    it('keeps attached photos however old (a deleted packet’s too) and unattached ones under 24 hours', async () => {
      const attached = await photo();
      const onDeleted = await photo();
      const young = await photo();
      const res = await register([attached]);
      expect(res.statusCode, res.body).toBe(200);
      const deletedPacket = await register([onDeleted]);
      expect(deletedPacket.statusCode, deletedPacket.body).toBe(200);
      const del = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1.0/Tests/DeleteTest',
        headers: labHeaders,
        payload: { id: deletedPacket.json().data.list[0].id },
      });
      expect(del.statusCode, del.body).toBe(200);
      await age(attached, 24 * 400);
      await age(onDeleted, 24 * 400);
      await age(young, 23);

      expect(await sweep()).toEqual({ photo: 0, audio: 0 });
      for (const id of [attached, onDeleted, young]) {
        const row = await stored(id);
        expect(row).toBeDefined();
        expect((await inStore(row!.storageKey)) && (await inStore(row!.thumbnailKey))).toBe(true);
      }
    });

    it('removes workshop audio no workshop uses after 24 hours, and keeps the audio a workshop uses', async () => {
      const used = idOf(await saveAudio(deps(), admin, MP3, '127.0.0.1'));
      const unused = idOf(await saveAudio(deps(), admin, MP3, '127.0.0.1'));
      await ctx.db.updateTable('users').set({ audioFileId: used }).where('id', '=', lab.id).execute();
      await age(used, 48);
      await age(unused, 48);
      const unusedRow = (await stored(unused))!;

      expect(await sweep()).toEqual({ photo: 0, audio: 1 });
      expect(await stored(unused)).toBeUndefined();
      expect(await inStore(unusedRow.storageKey)).toBe(false);
      expect(await inStore((await stored(used))!.storageKey)).toBe(true);
      const user = await ctx.db
        .selectFrom('users')
        .select('audioFileId')
        .where('id', '=', lab.id)
        .executeTakeFirstOrThrow();
      expect(user.audioFileId).toBe(used);
    });

    it('a stored file already missing from the store is no error: the row goes all the same', async () => {
      const id = await photo();
      const row = (await stored(id))!;
      await ctx.files.remove([row.storageKey]);
      await age(id, 30);
      expect(await sweep()).toEqual({ photo: 1, audio: 0 });
      expect(await stored(id)).toBeUndefined();
      expect(await inStore(row.thumbnailKey)).toBe(false);
    });

    it('works in bounded batches, and a sweep asked to stop ends after its current batch', async () => {
      const ids = await Promise.all(Array.from({ length: 5 }, () => photo()));
      for (const id of ids) await age(id, 30);
      expect(await sweep({ batchSize: 2, shouldStop: () => true })).toEqual({ photo: 2, audio: 0 });
      expect(await sweep({ batchSize: 2 })).toEqual({ photo: 3, audio: 0 });
      for (const id of ids) expect(await stored(id)).toBeUndefined();
    });

    it('skips a photo being attached right now (no waiting), and keeps it once attached', async () => {
      const id = await photo();
      await age(id, 25);
      const packet = await register([]);
      const assayId: string = packet.json().data.list[0].id;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let linked!: () => void;
      const isLinked = new Promise<void>((resolve) => (linked = resolve));
      // A registration's insert holds the file row FOR KEY SHARE (the foreign key) until it commits.
      const attaching = ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('assayImages').values({ assayId, fileId: id, position: 0 }).execute();
        linked();
        await gate;
      });
      await isLinked;
      expect(await sweep()).toEqual({ photo: 0, audio: 0 });
      release();
      await attaching;
      expect(await sweep()).toEqual({ photo: 0, audio: 0 });
      expect(await stored(id)).toBeDefined();
    });

    it('an attachment that comes while the sweep holds the photo waits, then fails: never both', async () => {
      const id = await photo();
      await age(id, 25);
      const assayId: string = (await register([])).json().data.list[0].id;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const sweeping = ctx.db.transaction().execute(async (trx) => {
        const batch = await deleteUnusedFiles(trx, { graceSeconds: 24 * 3600, limit: 10 });
        locked();
        await gate;
        return batch;
      });
      await isLocked;
      let settled = false;
      const attaching = ctx.db
        .insertInto('assayImages')
        .values({ assayId, fileId: id, position: 0 })
        .execute()
        .finally(() => (settled = true));
      // Its refusal is taken as soon as it comes (while the sweep is awaited), never left unhandled.
      const attached = attaching.then(
        () => null,
        (err: unknown) => err,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(settled).toBe(false);
      release();
      expect((await sweeping).removed.map((f) => f.id)).toEqual([id]);
      expect(await attached).toMatchObject({ code: '23503' });
      expect(await ctx.db.selectFrom('assayImages').selectAll().where('fileId', '=', id).execute()).toEqual(
        [],
      );
    });

    it('racing a registration that attaches the photo: it is attached or deleted, never both (50 races)', async () => {
      // How long a registration takes here: the sweep starts at points spread over that time, so it
      // meets the registration before, during and after its transaction.
      const started = performance.now();
      expect((await register([])).statusCode).toBe(200);
      const span = (performance.now() - started) * 1.2;
      const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let round = 0; round < 50; round++) {
        const id = await photo();
        const { storageKey, thumbnailKey } = (await stored(id))!;
        await age(id, 25);
        const docNumber = nextNumber++;
        const [res] = await Promise.all([
          register([id], docNumber),
          delay((span * (round % 10)) / 9).then(() => sweep()),
        ]);
        const packet = await ctx.db
          .selectFrom('assays')
          .select('id')
          .where('workshopId', '=', lab.id)
          .where('docNumber', '=', docNumber)
          .executeTakeFirst();
        const links = await ctx.db
          .selectFrom('assayImages')
          .select('assayId')
          .where('fileId', '=', id)
          .execute();
        // Never a 500: the registration holds the photo it checked (for key share) until it commits.
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 200) {
          // Registered: the photo is attached, its row and both stored files kept.
          expect(links.map((l) => l.assayId)).toEqual([packet!.id]);
          expect(await stored(id)).toBeDefined();
          expect((await inStore(storageKey)) && (await inStore(thumbnailKey))).toBe(true);
        } else {
          // The sweep took it first: the registration was refused (the photo is no longer the lab's),
          // created nothing, and the photo is gone everywhere.
          expect(packet).toBeUndefined();
          expect(links).toEqual([]);
          expect(await stored(id)).toBeUndefined();
          expect((await inStore(storageKey)) || (await inStore(thumbnailKey))).toBe(false);
        }
      }
      // Whatever the interleavings were: no packet points at a photo without its row or its stored files.
      const attachedFiles = await ctx.db
        .selectFrom('assayImages')
        .leftJoin('files', 'files.id', 'assayImages.fileId')
        .select(['assayImages.fileId', 'files.storageKey', 'files.thumbnailKey'])
        .execute();
      for (const file of attachedFiles) {
        expect(file.storageKey, file.fileId).not.toBeNull();
        expect((await inStore(file.storageKey)) && (await inStore(file.thumbnailKey)), file.fileId).toBe(
          true,
        );
      }
    });
  });

  describe('the periodic cleanup job', () => {
    it('sweeps soon after start and then every interval, logs counts only, and stops cleanly', async () => {
      const logger = { info: vi.fn(), error: vi.fn() };
      const job = createFileCleanup({ ...deps(), logger, firstDelayMs: 20, intervalMs: 50 });
      const first = await photo();
      await age(first, 25);
      job.start();
      await vi.waitFor(async () => expect(await stored(first)).toBeUndefined(), { timeout: 5000 });
      expect(logger.info).toHaveBeenCalledWith({ photo: 1, audio: 0 }, 'unused files removed');

      const second = await photo();
      await age(second, 25);
      await vi.waitFor(async () => expect(await stored(second)).toBeUndefined(), { timeout: 5000 });

      await job.stop();
      const third = await photo();
      await age(third, 25);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await stored(third)).toBeDefined();
      expect(logger.error).not.toHaveBeenCalled();
      // Counts only: nothing else (no ids, no storage keys) reaches the log.
      for (const [fields] of logger.info.mock.calls)
        expect(Object.keys(fields).sort()).toEqual(['audio', 'photo']);

      // One sweep on demand, without the timer.
      expect(await job.runOnce()).toEqual({ photo: 1, audio: 0 });
    });
  });
});
