import '../../test/fakeIndexedDb.ts';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { OFFLINE_DB_NAME, offlineDb } from './db.ts';

// The database an earlier app left (version 1: no reprints, no token keys) opens in this version with
// everything it held: its queued entries are sent (their tokens unbound, ADR 0040), its numbers kept.

describe('the offline database of an earlier app', () => {
  it('keeps its queue and reservation and gains the reprints store', async () => {
    const v1 = await openDB(OFFLINE_DB_NAME, 1, {
      upgrade(db) {
        const queue = db.createObjectStore('queue', { keyPath: 'key' });
        queue.createIndex('byUser', 'userId');
        queue.createIndex('bySeq', 'seq');
        db.createObjectStore('device', { keyPath: 'userId' });
        db.createObjectStore('photos', { keyPath: 'address' }).createIndex('byUser', 'userId');
      },
    });
    await v1.put('queue', { key: 'k'.repeat(22), userId: 'w1', seq: 1, state: 'waiting' });
    await v1.put('device', {
      userId: 'w1',
      deviceId: 'd'.repeat(22),
      blocks: [{ from: 1, to: 5 }],
      used: [1],
    });
    v1.close();

    const db = await offlineDb();
    expect(db.version).toBe(2);
    expect((await db.getAll('queue')).map((e) => e.key)).toEqual(['k'.repeat(22)]);
    expect(await db.get('device', 'w1')).toMatchObject({ blocks: [{ from: 1, to: 5 }], used: [1] });
    expect(await db.getAllFromIndex('reprints', 'byUser', 'w1')).toEqual([]);
  });
});
