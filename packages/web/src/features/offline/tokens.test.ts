import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_TOKEN_VECTOR } from '@ayar/contract';
import { signInAs } from '../../test/session.ts';
import { assaysOffline } from './adapter.ts';
import { offlineDb } from './db.ts';
import { applyReservation, ensureDevice, freeNumbers, readDevice } from './device.ts';
import { NO_TOKEN_KEY, offlineToken } from './tokens.ts';
import { OWNER, USER, draft, emptyOfflineDb, storedEntries } from './testKit.ts';

// The token of a packet registered offline (ADR 0040): what this device computes from its key is what
// the server computes (the contract's worked example is tested on both sides), and without a key from
// the server the device queues nothing.

beforeEach(async () => {
  await emptyOfflineDb();
  signInAs('workshop');
});

describe('offline public tokens', () => {
  it("computes the contract's worked example: the server's token for that key and number", async () => {
    const { tokenKey, docNumber, token } = OFFLINE_TOKEN_VECTOR;
    expect(await offlineToken(tokenKey, docNumber)).toBe(token);
    // Another number is another token, of the same shape.
    const other = await offlineToken(tokenKey, docNumber + 1);
    expect(other).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(other).not.toBe(token);
  });

  it('keeps the key of the last ReserveCodes answer with the reservation', async () => {
    await ensureDevice(USER);
    await applyReservation(USER, { blocks: [{ from: 1, to: 2 }], count: 2, tokenKey: 'k1' });
    expect((await readDevice(USER))?.tokenKey).toBe('k1');
  });

  it('queues nothing and takes no number on a device the server has not given a key', async () => {
    // A device set up by the earlier app: numbers, no key.
    await ensureDevice(USER);
    const db = await offlineDb();
    const record = (await db.get('device', USER))!;
    await db.put('device', { ...record, blocks: [{ from: 5001, to: 5002 }] });
    const queue = assaysOffline(USER).queuePackets([
      { draft: draft(5001), name: OWNER.name, titleName: 'بسته' },
    ]);
    await expect(queue).rejects.toThrow(NO_TOKEN_KEY);
    expect(await storedEntries()).toEqual([]);
    expect(freeNumbers((await readDevice(USER))!)).toEqual([5001, 5002]);
  });
});
