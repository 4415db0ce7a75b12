import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { signInAs } from '../../test/session.ts';
import { NOTIFY_MS, listEntries, removeEntry, subscribeQueue } from './queue.ts';
import { USER, emptyOfflineDb, holdNumbers, queuePackets } from './testKit.ts';

// The queue tells its listeners (the banner, the queue screen, the waiting list) of changes once per
// burst: a sync of 200 entries told them at every change made them read the queue 400 times (18 s
// instead of 5 s for 200 packets, bench/offline-sync.ts).

beforeEach(async () => {
  await emptyOfflineDb();
  signInAs('workshop');
  await holdNumbers([{ from: 5001, to: 5050 }]);
});

describe('queue change notices', () => {
  it('tells a burst of 20 changes once, after the last, within NOTIFY_MS', async () => {
    await queuePackets(Array.from({ length: 20 }, (_, i) => 5001 + i));
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_MS * 2));
    let told = 0;
    let seenAfterLast = -1;
    const stop = subscribeQueue(() => {
      told += 1;
      void listEntries(USER).then((entries) => (seenAfterLast = entries.length));
    });
    const started = performance.now();
    for (const entry of await listEntries(USER)) await removeEntry(entry.key);
    await waitFor(() => expect(told).toBeGreaterThan(0));
    const elapsed = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_MS * 2));
    stop();
    // One notice (two if the removals outlasted one interval), and the last state was read.
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told).toBeLessThanOrEqual(Math.ceil(elapsed / NOTIFY_MS) + 1);
    expect(told).toBeLessThan(20);
    await waitFor(() => expect(seenAfterLast).toBe(0));
  });
});
