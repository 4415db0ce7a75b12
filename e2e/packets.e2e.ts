import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPersianDigits } from '@ayar/contract';
import { adminToken, apiCall, labWithNumbers } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launch, newPage, PHONE, signIn, url } from './browser.ts';

// The packets walk (docs/product.md §2.9): a lab registers three packets by keyboard (one for an «other customer», one with a
// photo), records the purity from the waiting list, the outbox holds the messages, and anyone can look
// the packets up signed out, by number and by the slip's QR address.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 7_000_000;
const CUSTOMER = { name: 'حسن طلافروش', mobile: '09121112233' };
const OWNER = { name: 'رضا رهگذر', mobile: '09357778899' };

// Packet mode (ready time asked), SMS on, one preset test type (no type select), no description.
const setUpLab = () =>
  labWithNumbers('آزمایشگاه عیار نور', FIRST, {
    customerName: CUSTOMER.name,
    mobile: CUSTOMER.mobile,
    settings: { sendSMS: true, showDesc: false },
  });

/** The accessible label of whatever has the keyboard focus. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? '').trim();
  });

async function expectFocus(page: Page, label: RegExp) {
  await expect.poll(() => focusedLabel(page)).toMatch(label);
}

describe('packets from the counter to the public result', () => {
  it('registers three packets by keyboard, records the purity, notifies, and publishes the result', async () => {
    const lab = await setUpLab();
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url('/lab/add'));
    const form = page.getByRole('form', { name: 'ثبت بسته' });
    const number = form.getByLabel(/^شماره بسته/);
    // The screen's code arrives after the page's load event; then the next number is fetched.
    await form.waitFor();
    await expect.poll(() => number.inputValue()).toBe(toPersianDigits(FIRST));
    await expectAccessible(page, 'lab/add');

    // Packet 1: a known customer, purity 750, by keyboard only.
    await expectFocus(page, /^نام مشتری/);
    await page.keyboard.type('حسن');
    await page.getByRole('option', { name: new RegExp(CUSTOMER.name) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectFocus(page, /^شماره بسته/);
    await page.keyboard.press('Enter');
    await expectFocus(page, /^عیار/);
    await page.keyboard.type('۷۵۰'); // three digits move on by themselves
    await expectFocus(page, /^زمان آماده شدن/);
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expectFocus(page, /^وزن طلا/);
    await page.keyboard.type('12.5');
    await page.keyboard.press('Enter'); // the last field: save and continue
    await page.getByText('با موفقیت اضافه شد').first().waitFor();
    await expect.poll(() => number.inputValue()).toBe(toPersianDigits(FIRST + 1));
    await expectAccessible(page, 'lab/add with a pending packet and its toast');

    // Packet 2: the same customer, still waiting for its purity, with a photo.
    await expectFocus(page, /^عیار/);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d4a017' } })
      .jpeg()
      .toBuffer();
    await form
      .locator('input[type=file]:not([capture])')
      .setInputFiles({ name: 'sample.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('img').first().waitFor();
    // The upload's progress ring goes away when the photo is on the server.
    await expect
      .poll(() => form.getByRole('status', { name: /در حال (بارگذاری|آماده‌سازی)/ }).count())
      .toBe(0);
    await form.getByLabel(/^عیار/).focus();
    await page.keyboard.press('Enter');
    await expectFocus(page, /^زمان آماده شدن/);
    await page.keyboard.press('Enter');
    await expectFocus(page, /^وزن طلا/);
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await expect.poll(() => number.inputValue()).toBe(toPersianDigits(FIRST + 2));

    // Packet 3: an «other customer»: back to its checkbox with Shift+Tab, Space, then the owner.
    for (let i = 0; i < 12 && (await focusedLabel(page)) !== 'مشتری متفرقه'; i++)
      await page.keyboard.press('Shift+Tab');
    await expectFocus(page, /^مشتری متفرقه$/);
    await page.keyboard.press('Space');
    await expectFocus(page, /^نام صاحب نمونه/);
    await page.keyboard.type(OWNER.name);
    await page.keyboard.press('Enter');
    await expectFocus(page, /^موبایل صاحب نمونه/);
    await page.keyboard.type('۰۹۳۵۷۷۷۸۸۹۹');
    await page.keyboard.press('Enter');
    await expectFocus(page, /^شماره بسته/);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // no purity yet
    await page.keyboard.press('Enter'); // the ready time stays 30
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect.poll(() => number.inputValue()).toBe(toPersianDigits(FIRST + 3));

    // Register all three at once.
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/lab/list'));
    await page
      .getByRole('link', { name: /^برگه / })
      .first()
      .waitFor();
    await expectAccessible(page, 'lab/list with the new packets’ slips');

    // The waiting list: packets 2 and 3 take their purity inline, saved together.
    await page.goto(url('/lab/list/true'));
    const second = page.getByLabel(new RegExp(`^عیار .*${toPersianDigits(FIRST + 1)}`)).first();
    const third = page.getByLabel(new RegExp(`^عیار .*${toPersianDigits(FIRST + 2)}`)).first();
    await expectAccessible(page, 'lab/list/true');
    await second.fill('875');
    await third.fill('995');
    await page
      .getByRole('button', { name: /^ثبت عیار/ })
      .first()
      .click();
    await expect
      .poll(async () => page.getByLabel(new RegExp(`^عیار .*${toPersianDigits(FIRST + 1)}`)).count())
      .toBe(0);

    // The outbox: a ready SMS for packet 1, a wait then a ready SMS for packet 2, and the owner's.
    const admin = await adminToken();
    const messages = await apiCall<{ list: { to: string; kind: string; text: string }[] }>(
      '/Manage/Messages?pageSize=100',
      { token: admin },
    );
    const to = (mobile: string) =>
      messages.list.filter((m) => m.to === mobile && m.kind === 'sms').map((m) => m.text);
    const customerTexts = to(CUSTOMER.mobile).join('\n');
    expect(customerTexts).toContain(String(FIRST));
    expect(customerTexts).toContain('750');
    expect(customerTexts).toContain('875');
    expect(to(CUSTOMER.mobile).length).toBe(3);
    expect(to(OWNER.mobile).join('\n')).toContain('995');
    await context.close();

    // Signed out: by number on the landing page, and by the slip's QR address.
    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(url('/'));
    await visitor.page.getByLabel(/^شماره سند/).fill(toPersianDigits(FIRST));
    await visitor.page.getByRole('button', { name: 'استعلام نتیجه' }).click();
    await visitor.page.getByText('آزمایشگاه عیار نور').first().waitFor();
    await expect(
      visitor.page
        .getByText(/عیار\s*۷۵۰/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    expect(await visitor.page.content()).not.toContain(CUSTOMER.mobile);
    await expectAccessible(visitor.page, 'the landing page with a result');

    const listed = await apiCall<{ list: { id: string; docNumber: number; publicToken: string }[] }>(
      '/Tests/AllTests?pageSize=10',
      { token: lab.token },
    );
    const withPhoto = listed.list.find((p) => p.docNumber === FIRST + 1)!;
    await visitor.page.goto(url(`/r/${withPhoto.publicToken}`));
    await visitor.page
      .getByText(/عیار\s*۸۷۵/)
      .first()
      .waitFor();
    await visitor.page.getByRole('img').first().waitFor();
    await expectAccessible(visitor.page, 'r/<token> with a photo');
    await visitor.context.close();
  });
});
