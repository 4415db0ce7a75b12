import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerSearchItem } from '@ayar/contract';
import { createQueryClient } from '../query.ts';
import { customerSearchQueries, customersNotFoundText } from './customers.ts';

// Offline, the customer picker searches the lab's customer book and later searches (ADR 0047).

const customer = (code: number, name: string): CustomerSearchItem => ({
  id: `c0c0c0c0-0000-4000-8000-${String(code).padStart(12, '0')}`,
  name,
  settings: null,
  customerSettings: null,
  code,
  mobile: `0912000000${code}`,
});

const HASAN = customer(1, 'حسن طلافروش');
const MAHDI = customer(2, 'مهدی زرین‌دست');
const REZA = customer(3, 'رضا زرگر');

/** The picker's search for `text` with no line, as lab/add runs it. */
async function searchOffline(client: ReturnType<typeof createQueryClient>, text: string) {
  const options = customerSearchQueries.byName(text);
  return options.queryFn({ client, signal: new AbortController().signal });
}

/** The browser's connection as the app follows it (lib/query.ts): navigator.onLine and its events. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setConnection(true);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the offline customer search', () => {
  it('finds any customer of the book, matched as the server matches (name, code, mobile)', async () => {
    const client = createQueryClient();
    setConnection(false);
    client.setQueryData(customerSearchQueries.book().queryKey, { list: [HASAN, MAHDI, REZA], totalCount: 3 });
    expect((await searchOffline(client, 'زر')).map((c) => c.code)).toEqual([3, 2]);
    expect((await searchOffline(client, '۳')).map((c) => c.code)).toEqual([3]);
    expect((await searchOffline(client, '09120000001')).map((c) => c.code)).toEqual([1]);
    expect(await searchOffline(client, 'ناشناس')).toEqual([]);
  });

  it('adds customers searches found after the book was read, and drops what older searches found', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = createQueryClient();
    setConnection(false);
    // Rıza was found once, then deleted: the book read later no longer has him.
    vi.setSystemTime(1_000);
    client.setQueryData(customerSearchQueries.byName('رضا').queryKey, [REZA]);
    vi.setSystemTime(2_000);
    client.setQueryData(customerSearchQueries.book().queryKey, { list: [HASAN], totalCount: 1 });
    // Mahdi was added (and found) after the book was read.
    vi.setSystemTime(3_000);
    client.setQueryData(customerSearchQueries.byName('مهدی').queryKey, [MAHDI]);
    expect((await searchOffline(client, '')).map((c) => c.code)).toEqual([1, 2]);
  });
});

describe('what the picker says when nothing matches', () => {
  it('online, only that nothing matched', () => {
    const client = createQueryClient();
    expect(customersNotFoundText(client)).toBe('مشتری‌ای پیدا نشد');
  });

  it('offline, whether the book is on the device and whether it holds every customer', () => {
    const client = createQueryClient();
    setConnection(false);
    expect(customersNotFoundText(client)).toMatch(/فهرست مشتریان هنوز روی این دستگاه نیامده است/);
    const key = customerSearchQueries.book().queryKey;
    client.setQueryData(key, { list: [HASAN, MAHDI], totalCount: 2 });
    expect(customersNotFoundText(client)).toBe('مشتری‌ای پیدا نشد');
    client.setQueryData(key, { list: [HASAN, MAHDI], totalCount: 3 });
    expect(customersNotFoundText(client)).toMatch(/بدون اینترنت فقط ۲ مشتری که اخیراً بسته آورده‌اند/);
  });
});
