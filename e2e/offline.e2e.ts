import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TYPES, toPersianDigits } from '@ayar/contract';
import { adminToken, apiCall, labWithNumbers } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launch, newPage, PHONE, signIn, url } from './browser.ts';

// The counter goes on without a connection (ADR 0033, ADR 0040, ADR 0045). Playwright's offline mode cuts the page's
// requests; the service worker serves the app's files from its cache, as on a counter whose line
// dropped. What reached the server is read through the API afterwards.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const fa = (n: number | string) => toPersianDigits(n);
const CUSTOMER = { name: 'حسن طلافروش' };
/** Each lab's customer has a mobile of its own: the outbox is the whole e2e server's. */
const mobileOf = (first: number) => `0935${String(first).slice(0, 7)}`;

interface Packet {
  id: string;
  docNumber: number;
  cutting: number | null;
}

/**
 * A lab with 100 numbers from `first`, SMS on, one preset test type and one customer; `waiting`
 * packets registered online (numbers `first`…) still wait for their purity.
 */
async function setUpLab(name: string, first: number, waiting: number) {
  const lab = await labWithNumbers(name, first, {
    customerName: CUSTOMER.name,
    mobile: mobileOf(first),
    settings: { sendSMS: true, showDesc: false },
  });
  if (waiting > 0) {
    await apiCall('/Tests/AddTest', {
      token: lab.token,
      body: Array.from({ length: waiting }, (_, i) => ({
        customerId: lab.customerId,
        customerName: CUSTOMER.name,
        docNumber: first + i,
        title: true,
        readyTime: 30,
        type: TEST_TYPES[0].id,
        sendSMS: true,
        sendCall: false,
      })),
    });
  }
  return lab;
}

const packetsOf = async (token: string) =>
  (await apiCall<{ list: Packet[] }>('/Tests/AllTests?pageSize=200', { token })).list;

/** The numbers this page's device holds for offline use, read from its IndexedDB (features/offline/README.md). */
const reservedNumbers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('ayar-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('device')) return resolve([]);
          const all = db.transaction('device').objectStore('device').getAll();
          all.onsuccess = () => {
            const numbers: number[] = [];
            for (const record of all.result as { blocks: { from: number; to: number }[]; used: number[] }[]) {
              for (const { from, to } of record.blocks)
                for (let n = from; n <= to; n++) if (!record.used.includes(n)) numbers.push(n);
            }
            db.close();
            resolve(numbers.sort((a, b) => a - b));
          };
        };
      }),
  );

/** How many customers the lab's book stored on this device holds (0 when none is stored; ADR 0047). */
const bookSize = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ayar-query-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve(0);
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => {
            const book = (
              all.result as { queryKey: unknown[]; state: { data?: { list: unknown[] } } }[]
            ).find((q) => q.queryKey[0] === 'customers' && q.queryKey[1] === 'book');
            db.close();
            resolve(book?.state.data?.list.length ?? 0);
          };
        };
      }),
  );

/** Signs in, waits for the service worker to control the page and for the device's numbers. */
async function counterOnline(
  context: BrowserContext,
  page: Page,
  lab: { userName: string; password: string },
) {
  await signIn(page, lab.userName, lab.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The waiting list and the customers are kept for an offline start once seen.
  await page.goto(url('/lab/list/true'));
  await page
    .getByRole('button', { name: /^ثبت عیار/ })
    .or(page.getByText('بسته‌ای در انتظار عیار نیست.'))
    .first()
    .waitFor();
  await page.goto(url('/lab/add'));
  const form = page.getByRole('form', { name: 'ثبت بسته' });
  await form.getByLabel(/^نام مشتری/).click();
  await page.getByRole('option', { name: new RegExp(CUSTOMER.name) }).waitFor();
  // The web asks for 50; a new device is granted the floor, 20 (ADR 0045), within its fair share.
  await expect
    .poll(() => reservedNumbers(page).then((n) => n.length), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(20);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page, reserved: await reservedNumbers(page) };
}

/** The accessible label of whatever has the keyboard focus. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? '').trim();
  });
const expectFocus = (page: Page, label: RegExp) => expect.poll(() => focusedLabel(page)).toMatch(label);

const PHOTO = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d4a017' } })
    .jpeg()
    .toBuffer();

/**
 * Registers `count` packets on lab/add by keyboard (purity 750, weight 1…), the first with a photo
 * when asked, then «ثبت همه» (Ctrl+Enter); returns the numbers the form showed.
 */
async function addPackets(page: Page, count: number, { photo = false } = {}) {
  await page.goto(url('/lab/add'));
  const form = page.getByRole('form', { name: 'ثبت بسته' });
  const number = form.getByLabel(/^شماره بسته/);
  await expect.poll(() => number.inputValue()).toMatch(/^[۰-۹]+$/);
  await expectFocus(page, /^نام مشتری/);
  await page.keyboard.type('حسن');
  await page.getByRole('option', { name: new RegExp(CUSTOMER.name) }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectFocus(page, /^شماره بسته/);
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    numbers.push(await number.inputValue());
    if (i === 0 && photo) {
      await form
        .locator('input[type=file]:not([capture])')
        .setInputFiles({ name: 'sample.jpg', mimeType: 'image/jpeg', buffer: await PHOTO() });
      await form.getByRole('img').first().waitFor();
      await expect
        .poll(() => form.getByRole('status', { name: /در حال (بارگذاری|آماده‌سازی)/ }).count())
        .toBe(0);
    }
    await form.getByLabel(/^عیار/).focus();
    await page.keyboard.type('750');
    await expectFocus(page, /^زمان آماده شدن/);
    if (i === 0) await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expectFocus(page, /^وزن طلا/);
    await page.keyboard.type(String(i + 1));
    await page.keyboard.press('Enter');
    await expect.poll(() => number.inputValue()).not.toBe(numbers[i]);
  }
  // The last number shown is the next one, not saved: «ثبت همه» registers the listed packets only.
  await form.getByLabel(/^عیار/).focus();
  await page.keyboard.press('Control+Enter');
  return numbers;
}

const englishNumber = (persian: string) =>
  Number(persian.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));

async function smsTexts(first: number) {
  const mobile = mobileOf(first);
  const messages = await apiCall<{ list: { to: string; kind: string; text: string }[] }>(
    `/Manage/Messages?pageSize=200&to=${mobile}`,
    { token: await adminToken() },
  );
  return messages.list.filter((m) => m.to === mobile && m.kind === 'sms').map((m) => m.text);
}

const banner = (page: Page) => page.getByText('آفلاین', { exact: true });

/**
 * Rewrites this page's queued packets as the app before ADR 0040 queued them: a random token (printed
 * on the slip) and no scheme marker. Answers the tokens it gave them.
 */
const makeEntriesOld = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('ayar-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('queue', 'readwrite');
          const tokens: string[] = [];
          const all = tx.objectStore('queue').getAll();
          all.onsuccess = () => {
            for (const entry of all.result as Record<string, unknown>[]) {
              if (entry.kind !== 'addTest') continue;
              const bytes = crypto.getRandomValues(new Uint8Array(16));
              const token = btoa(String.fromCharCode(...bytes))
                .replace(/\+/g, '-')
                .replace(/\//g, '_')
                .replace(/=+$/, '');
              tokens.push(token);
              const { tokenScheme: _s, printedNumber: _p, ...old } = entry;
              const body = (entry.body as Record<string, unknown>[]).map((d) => ({
                ...d,
                publicToken: token,
              }));
              const summary = { ...(entry.summary as Record<string, unknown>), publicToken: token };
              tx.objectStore('queue').put({ ...old, body, summary });
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve(tokens);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

describe('the counter keeps working offline', () => {
  it('registers 20 packets and 5 purities offline across a reload, prints a slip, and sends each once', async () => {
    const FIRST = 7_100_000;
    const lab = await setUpLab('آزمایشگاه بی‌خط', FIRST, 5);
    const { context, page } = await newPage(browser, PHONE);
    const { reserved } = await counterOnline(context, page, lab);
    expect(reserved.every((n) => n >= FIRST + 5 && n <= FIRST + 99)).toBe(true);

    await context.setOffline(true);
    await banner(page).waitFor();
    const first = await addPackets(page, 10, { photo: true });
    await page.waitForURL((u) => u.pathname === '/lab/queue');
    await page.getByText(`${fa(10)} مورد در صف ارسال`).waitFor();

    // A reload with no connection: the app comes from the service worker, the queue from IndexedDB.
    await page.reload();
    await page
      .getByRole('listitem', { name: /^(بسته|انگ) / })
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('listitem', { name: /^(بسته|انگ) / }).count()).toBe(10);
    await expectAccessible(page, 'lab/queue offline');
    const second = await addPackets(page, 10);
    await page.waitForURL((u) => u.pathname === '/lab/queue');
    const numbers = [...first, ...second].map(englishNumber);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.every((n) => reserved.includes(n))).toBe(true);

    // Five purities from the waiting list, as it was last seen online.
    await page.goto(url('/lab/list/true'));
    for (let i = 0; i < 5; i++) await page.getByLabel(`عیار بسته ${fa(FIRST + i)}`).fill(String(760 + i));
    await page
      .getByRole('button', { name: /^ثبت عیار/ })
      .first()
      .click();
    await expect.poll(() => page.getByText('در صف ارسال', { exact: true }).count()).toBe(5);
    await page.getByText(`${fa(25)} مورد در صف ارسال`).waitFor();
    await expectAccessible(page, 'lab/list/true offline with queued purities');

    // The slip of a packet not sent yet prints with its QR.
    await page.goto(url('/lab/queue'));
    await page.getByRole('link', { name: 'برگه' }).first().click();
    const slip = page.getByRole('article', { name: 'برگه بسته' });
    await slip.getByRole('img', { name: new RegExp(`کد QR نتیجه بسته ${fa(numbers[0]!)}`) }).waitFor();
    const printed = await slip
      .getByText(/\/r\/[A-Za-z0-9_-]{22}/)
      .first()
      .textContent();
    await expectAccessible(page, 'queued slip offline');
    expect(await packetsOf(lab.token)).toHaveLength(5);

    // The line returns while the slip is open: everything is sent, once.
    await context.setOffline(false);
    await expect.poll(() => banner(page).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await packetsOf(lab.token)).length, { timeout: 60_000 }).toBe(25);
    await expect
      .poll(async () => (await packetsOf(lab.token)).filter((p) => p.cutting !== null).length, {
        timeout: 30_000,
      })
      .toBe(25);
    const packets = await packetsOf(lab.token);
    for (const n of numbers) expect(packets.filter((p) => p.docNumber === n)).toHaveLength(1);
    // The slip printed offline opens the packet's result.
    const token = /\/r\/([A-Za-z0-9_-]{22})/.exec(printed ?? '')![1]!;
    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(url(`/r/${token}`));
    await visitor.page
      .getByText(/عیار\s*۷۵۰/)
      .first()
      .waitFor();
    await visitor.context.close();

    // One SMS for each packet that reached the server with its purity, and one for each purity.
    await expect.poll(async () => (await smsTexts(FIRST)).length, { timeout: 30_000 }).toBe(5 + 20 + 5);
    const texts = await smsTexts(FIRST);
    for (const n of numbers) expect(texts.filter((t) => t.includes(String(n)))).toHaveLength(1);
    for (let i = 0; i < 5; i++)
      expect(texts.filter((t) => t.includes(String(FIRST + i)) && t.includes(String(760 + i)))).toHaveLength(
        1,
      );
    await context.close();
  }, 240_000);

  it('registers each entry once when the line drops in the middle of a sync, after the server took one', async () => {
    const FIRST = 7_200_000;
    const lab = await setUpLab('آزمایشگاه خط لرزان', FIRST, 0);
    const { context, page } = await newPage(browser, PHONE);
    await counterOnline(context, page, lab);
    await context.setOffline(true);
    await banner(page).waitFor();
    const numbers = (await addPackets(page, 6)).map(englishNumber);
    await page.waitForURL((u) => u.pathname === '/lab/queue');

    // The third packet reaches the server, which registers it; its answer is lost with the line.
    const keys: string[] = [];
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    await context.route('**/api/v1.0/Tests/AddTest', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (keys.length !== 3) return route.continue();
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      cut();
    });
    await context.setOffline(false);
    await wasCut;
    expect((await packetsOf(lab.token)).map((p) => p.docNumber).sort()).toEqual(numbers.slice(0, 3));
    await page.getByText(`${fa(4)} مورد در صف ارسال`).waitFor();

    // The line returns: the third is sent again under its key, answered as before, and the rest follow.
    await context.setOffline(false);
    await expect.poll(async () => (await packetsOf(lab.token)).length, { timeout: 30_000 }).toBe(6);
    await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(7);
    expect(keys[3]).toBe(keys[2]);
    expect(new Set(keys).size).toBe(6);
    const packets = await packetsOf(lab.token);
    for (const n of numbers) expect(packets.filter((p) => p.docNumber === n)).toHaveLength(1);
    await page.getByRole('listitem').first().waitFor({ state: 'detached' });
    const ours = async () =>
      (await smsTexts(FIRST)).filter((t) => numbers.some((n) => t.includes(String(n))));
    await expect.poll(async () => (await ours()).length).toBe(6);
    const texts = await smsTexts(FIRST);
    for (const n of numbers) expect(texts.filter((t) => t.includes(String(n)))).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('gives two counters of one lab, offline at once, numbers no other has', async () => {
    const FIRST = 7_300_000;
    const lab = await setUpLab('آزمایشگاه دو پیشخوان', FIRST, 0);
    // Both sign in and reserve, then both go offline and register, one after the other.
    const counters = [];
    for (let i = 0; i < 2; i++) {
      const { context, page } = await newPage(browser, PHONE);
      counters.push(await counterOnline(context, page, lab));
    }
    const [a, b] = counters as [(typeof counters)[number], (typeof counters)[number]];
    expect(a.reserved.filter((n) => b.reserved.includes(n))).toEqual([]);
    await Promise.all(counters.map(({ context }) => context.setOffline(true)));
    const fromA = (await addPackets(a.page, 3)).map(englishNumber);
    const fromB = (await addPackets(b.page, 3)).map(englishNumber);
    expect(fromA.filter((n) => fromB.includes(n))).toEqual([]);
    expect(fromA.every((n) => a.reserved.includes(n))).toBe(true);
    expect(fromB.every((n) => b.reserved.includes(n))).toBe(true);

    await Promise.all(counters.map(({ context }) => context.setOffline(false)));
    await expect.poll(async () => (await packetsOf(lab.token)).length, { timeout: 30_000 }).toBe(6);
    expect((await packetsOf(lab.token)).map((p) => p.docNumber).sort()).toEqual([...fromA, ...fromB].sort());
    await Promise.all(counters.map(({ context }) => context.close()));
  }, 120_000);

  it("sends an earlier version's queued packet without its token and asks for its slip again", async () => {
    const FIRST = 7_500_000;
    const lab = await setUpLab('آزمایشگاه نسخه پیشین', FIRST, 0);
    const { context, page } = await newPage(browser, PHONE);
    await counterOnline(context, page, lab);
    await context.setOffline(true);
    const [number] = (await addPackets(page, 1)).map(englishNumber);
    await page.waitForURL((u) => u.pathname === '/lab/queue');
    // The entry as the earlier app left it, with the random token its slip was printed with.
    const [oldToken] = await makeEntriesOld(page);
    await page.reload();
    const card = page.getByRole('listitem', { name: `بسته ${fa(number!)}` });
    await card.getByText('کد QR این بسته هنگام ارسال عوض می‌شود').waitFor();

    await context.setOffline(false);
    const notices = page.getByRole('region', { name: 'برگه این بسته‌ها را دوباره چاپ کنید' });
    await notices.waitFor({ timeout: 30_000 });
    const row = notices.getByRole('listitem', { name: `برگه تازه بسته ${fa(number!)}` });
    await row.getByText('شماره بسته روی برگه قبلی همچنان جواب را پیدا می‌کند').waitFor();
    await page.getByText(`برگه ${fa(1)} بسته باید دوباره چاپ شود`).waitFor();
    await expectAccessible(page, 'lab/queue with a slip to print again');
    const [packet] = await packetsOf(lab.token);
    expect(packet!.docNumber).toBe(number);
    const { publicToken } = await apiCall<{ publicToken: string }>(`/Tests/GetTest?testId=${packet!.id}`, {
      token: lab.token,
    });
    expect(publicToken).not.toBe(oldToken);

    // The new slip carries the packet's token; the old slip's QR finds nothing.
    await row.getByRole('link', { name: 'چاپ برگه تازه' }).click();
    await page.getByRole('article', { name: 'برگه بسته' }).getByText(`/r/${publicToken}`).first().waitFor();
    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(url(`/r/${oldToken}`));
    await visitor.page.getByRole('alert').first().waitFor();
    await visitor.context.close();

    await page.goto(url('/lab/queue'));
    await page
      .getByRole('region', { name: 'برگه این بسته‌ها را دوباره چاپ کنید' })
      .getByRole('button', { name: 'چاپ شد' })
      .click();
    await notices.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(/باید دوباره چاپ شود/).count()).toBe(0);
    await context.close();
  }, 120_000);

  it("finds, offline, a customer of the lab this counter never searched for (the lab's customer book)", async () => {
    const FIRST = 7_600_000;
    const lab = await setUpLab('آزمایشگاه دفتر مشتریان', FIRST, 0);
    // More customers than the picker suggests unasked (20), the one sought sorting last by name.
    for (let i = 0; i < 24; i++)
      await apiCall('/Customer/AddCustomer', {
        token: lab.token,
        body: { customerName: `کاوه طلاساز ${fa(i + 1)}`, mobile1: `0935760${String(i).padStart(4, '0')}` },
      });
    await apiCall('/Customer/AddCustomer', {
      token: lab.token,
      body: { customerName: 'یاسر نقره‌چی', mobile1: '09357609999' },
    });
    const { context, page } = await newPage(browser, PHONE);
    await counterOnline(context, page, lab);
    await expect.poll(() => bookSize(page), { timeout: 15_000 }).toBe(26);

    await context.setOffline(true);
    await page.goto(url('/lab/add'));
    await banner(page).waitFor();
    const form = page.getByRole('form', { name: 'ثبت بسته' });
    await form.getByLabel(/^نام مشتری/).fill('نقره');
    await page.getByRole('option', { name: /یاسر نقره‌چی/ }).click();
    await expect.poll(() => form.getByLabel(/^نام مشتری/).inputValue()).toBe('یاسر نقره‌چی');
    await expectAccessible(page, 'lab/add offline with a customer from the book');

    // Signing out (the queue is empty) leaves none of the lab's customers on the device.
    await context.setOffline(false);
    await page.goto(url('/lab/list'));
    await page.getByRole('button', { name: 'باز کردن منو' }).click();
    await page.getByRole('dialog', { name: 'منوی اصلی' }).getByRole('link', { name: 'خروج' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => bookSize(page), { timeout: 15_000 }).toBe(0);
    await context.close();
  }, 120_000);

  it('keeps what the server refuses with its reason, to be fixed and sent once, or discarded', async () => {
    const FIRST = 7_400_000;
    const lab = await setUpLab('آزمایشگاه بازار', FIRST, 0);
    await apiCall('/Customer/AddCustomer', {
      token: lab.token,
      body: { customerName: 'مریم زرگر', mobile1: '09357400001' },
    });
    const { context, page } = await newPage(browser, PHONE);
    await counterOnline(context, page, lab);
    await context.setOffline(true);
    const numbers = (await addPackets(page, 2)).map(englishNumber);
    // Meanwhile, someone at the lab deletes the customer both packets were registered for.
    const [hasan] = await apiCall<{ id: string }[]>(
      `/Customer/CustomersByName?name=${encodeURIComponent('حسن')}`,
      { token: lab.token },
    );
    await apiCall('/Customer/Delete', { token: lab.token, body: { id: hasan!.id } });

    await context.setOffline(false);
    await page.getByText(`${fa(2)} مورد را سرور نپذیرفت.`).waitFor({ timeout: 30_000 });
    expect(await packetsOf(lab.token)).toEqual([]);
    await page.getByRole('link', { name: 'دلیل را ببینید و اصلاح کنید' }).click();
    const [first, second] = numbers.map((n) => page.getByRole('listitem', { name: `بسته ${fa(n)}` }));
    await first!.getByRole('alert').waitFor();
    expect(await first!.getByRole('alert').textContent()).toMatch(/^دلیل: .+/);
    await expectAccessible(page, 'lab/queue with refused entries');

    // The first: another customer, sent again.
    await first!.getByRole('button', { name: 'اصلاح و ارسال دوباره' }).click();
    const fix = first!.getByRole('form', { name: `اصلاح بسته ${fa(numbers[0]!)}` });
    await fix.getByLabel('مشتری').fill('مریم');
    await page.getByRole('option', { name: /مریم زرگر/ }).click();
    await expectAccessible(page, 'lab/queue fixing a refused packet');
    await fix.getByRole('button', { name: 'ارسال دوباره' }).click();
    await expect
      .poll(async () => (await packetsOf(lab.token)).map((p) => p.docNumber), { timeout: 30_000 })
      .toEqual([numbers[0]]);

    // The second: discarded, after a confirmation; it never reaches the server.
    await second!.getByRole('button', { name: 'حذف از صف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
    await second!.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(/مورد را سرور نپذیرفت/).count()).toBe(0);
    expect((await packetsOf(lab.token)).map((p) => p.docNumber)).toEqual([numbers[0]]);
    await context.close();
  }, 120_000);
});
