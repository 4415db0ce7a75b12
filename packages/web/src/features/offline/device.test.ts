import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@ayar/contract';
import { handle } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { NO_NUMBERS, applyReservation, claimNumbers, freeNumbers, readDevice } from './device.ts';
import { RESERVE, topUpReservation } from './reservations.ts';
import { TOKEN_KEY, USER, emptyOfflineDb, holdNumbers } from './testKit.ts';

// The device's reserved numbers (ADR 0033): handed out once each, in any interleaving of tabs, and
// topped up when they run low.

beforeEach(async () => {
  await emptyOfflineDb();
  signInAs('workshop');
});

const block = (from: number, count: number) => ({ from, to: from + count - 1 });

describe('the numbers this device holds', () => {
  it('never hands one number out twice, however many claims run at once', async () => {
    await holdNumbers([block(5001, 60)]);
    const claims = await Promise.allSettled(Array.from({ length: 61 }, () => claimNumbers(USER, [0])));
    const taken = claims.flatMap((c) => (c.status === 'fulfilled' ? c.value : []));
    expect(taken).toHaveLength(60);
    expect(new Set(taken).size).toBe(60);
    expect(taken.every((n) => n >= 5001 && n <= 5060)).toBe(true);
    // The 61st found none left, and said so.
    const refused = claims.filter((c) => c.status === 'rejected');
    expect(refused.map((c) => (c as PromiseRejectedResult).reason.message)).toEqual([NO_NUMBERS]);
  });

  it('takes all of a list or none: too few numbers take nothing', async () => {
    await holdNumbers([block(5001, 2)]);
    await expect(claimNumbers(USER, [5001, 5002, 5003])).rejects.toThrow(NO_NUMBERS);
    expect(freeNumbers((await readDevice(USER))!)).toEqual([5001, 5002]);
    // Exactly as many as it holds: taken, a wanted free number kept, the other renumbered.
    await expect(claimNumbers(USER, [5002, 7000])).resolves.toEqual([5002, 5001]);
    expect(freeNumbers((await readDevice(USER))!)).toEqual([]);
  });

  it('keeps a queued number used when the server still lists it, and forgets it once the server does', async () => {
    await holdNumbers([block(5001, 3)]);
    await claimNumbers(USER, [5001]);
    await applyReservation(USER, { blocks: [block(5001, 5)], count: 5, tokenKey: TOKEN_KEY });
    expect(freeNumbers((await readDevice(USER))!)).toEqual([5002, 5003, 5004, 5005]);
    // Sent: the server no longer lists 5001.
    await applyReservation(USER, { blocks: [block(5002, 4)], count: 4, tokenKey: TOKEN_KEY });
    expect((await readDevice(USER))!.used).toEqual([]);
  });

  it('drops numbers the server no longer lists (a lease lost while idle) and never claims them offline', async () => {
    await holdNumbers([block(5001, 5)]);
    // Idle past its lease (ADR 0045): an online counter took the device's numbers; the next top-up
    // answers only what it holds now.
    handle(ROUTES.tests.reserveCodes, { blocks: [block(6001, 2)], count: 2, tokenKey: TOKEN_KEY });
    await topUpReservation(USER);
    expect(freeNumbers((await readDevice(USER))!)).toEqual([6001, 6002]);
    await expect(claimNumbers(USER, [5001, 0])).resolves.toEqual([6001, 6002]);
    await expect(claimNumbers(USER, [5002])).rejects.toThrow(NO_NUMBERS);
  });
});

describe('topping the reservation up', () => {
  it(`asks for ${RESERVE.count} once fewer than ${RESERVE.below} are free, and not at ${RESERVE.below}`, async () => {
    const reserves = handle(ROUTES.tests.reserveCodes, ({ body }) => ({
      blocks: [block(5001, (body as { count: number }).count)],
      count: (body as { count: number }).count,
      tokenKey: TOKEN_KEY,
    }));
    const deviceId = await holdNumbers([block(5001, RESERVE.below)]);
    await topUpReservation(USER);
    expect(reserves).toHaveLength(0);

    await claimNumbers(USER, [5001]);
    await topUpReservation(USER);
    expect(reserves.bodies).toEqual([{ deviceId, count: RESERVE.count }]);
    expect(freeNumbers((await readDevice(USER))!)).toHaveLength(RESERVE.count - 1);
  });

  it('leaves the numbers as they were when the server cannot be reached', async () => {
    await holdNumbers([block(5001, 3)]);
    handle(ROUTES.tests.reserveCodes, () => Response.error());
    await topUpReservation(USER);
    expect(freeNumbers((await readDevice(USER))!)).toEqual([5001, 5002, 5003]);
  });
});
