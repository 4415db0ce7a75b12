import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, STAFF_MSG, toEnglishDigits, toPersianDigits } from '@ayar/contract';
import { apiCall, labWithNumbers } from './api.ts';
import { expectAccessible } from './axe.ts';
import { DESKTOP, launch, newPage, PHONE, signIn, url } from './browser.ts';

// A lab's people (ADR 0049) and the second verification (ADR 0050), as they would do it in Chromium:
// the owner adds a counter clerk and two assayers and asks for a second check of every purity; the
// clerk registers packets without a purity field; assayer 1 records purities that stay off the public
// page; assayer 1 may not verify their own; assayer 2 accepts one and sends one back; the public page
// names both people by staff code under a verified signature; the owner suspends the clerk, whose open
// session ends at once and whose next sign-in is refused.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 9_800_000;
const LAB = 'آزمایشگاه کارکنان';
const CUSTOMER = 'مشتری کارکنان';
const fa = (n: number) => toPersianDigits(n);
const RETURN_REASON = 'نمونه دوباره بریده و سنجیده شود';
/** What the public page says when the network's signature checks out (features/results). */
const SIGNATURE_VERIFIED = 'امضای دیجیتال شبکه تأیید شد';

interface Person {
  fullName: string;
  userName: string;
  password: string;
  mobile: string;
  role: string;
  /** Staff codes start at 2, in the order people are added (ADR 0049). */
  code: number;
}

const tag = Date.now().toString(36);
const CLERK: Person = {
  fullName: 'زهرا کریمی',
  userName: `clerk_${tag}`,
  password: 'counter-pass-71',
  mobile: '09121230001',
  role: 'پذیرش',
  code: 2,
};
const ASSAYER1: Person = {
  fullName: 'رضا احمدی',
  userName: `assayer1_${tag}`,
  password: 'bench-pass-72',
  mobile: '09121230002',
  role: 'عیارسنج',
  code: 3,
};
const ASSAYER2: Person = {
  fullName: 'مریم حسینی',
  userName: `assayer2_${tag}`,
  password: 'bench-pass-73',
  mobile: '09121230003',
  role: 'عیارسنج',
  code: 4,
};

/** Fills the landing page's sign-in form and sends it. */
async function submitSignIn(page: Page, person: Person) {
  await page.goto(url('/'));
  await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
  const form = page.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
  await form.getByLabel('نام کاربری').fill(person.userName);
  await form.getByLabel(/^رمز عبور/).fill(person.password);
  await form.getByRole('button', { name: 'ورود', exact: true }).click();
}

/** A person signs in with their own user name and lands where their role starts (ADR 0049). */
async function signInAs(page: Page, person: Person, home: string) {
  await submitSignIn(page, person);
  await page.waitForURL((u) => u.pathname === home);
}

/** The side menu: in the drawer on a phone, in the navbar on a desktop. */
async function openMenuItem(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 0) < 768) {
    await page.getByRole('button', { name: 'باز کردن منو' }).click();
    const drawer = page.getByRole('dialog', { name: 'منوی اصلی' });
    await drawer.getByRole('link', { name, exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
  } else {
    await page
      .getByRole('navigation', { name: 'منوی اصلی' })
      .first()
      .getByRole('link', { name, exact: true })
      .click();
  }
}

/**
 * axe once the toasts have closed: a toast leaving mid-check is read at a fraction of its colour, and
 * the screens, not the toasts, are what is checked here (accessibility.e2e checks a toast).
 */
async function accessible(page: Page, label: string) {
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
  await expectAccessible(page, label);
}

/** axe on what the page shows, at a phone's width and then a desktop's. */
async function accessibleAtBothWidths(page: Page, label: string, ready: () => Promise<void>) {
  await page.setViewportSize(PHONE);
  await ready();
  await accessible(page, `${label} at ${PHONE.width}px`);
  await page.setViewportSize(DESKTOP);
  await ready();
  await accessible(page, `${label} at ${DESKTOP.width}px`);
  await page.setViewportSize(PHONE);
}

/** The owner adds one person through «افزودن کارمند», roles by their checkbox; checks the card. */
async function addPerson(page: Page, person: Person) {
  await page.getByRole('button', { name: 'افزودن کارمند' }).click();
  const form = page.getByRole('form', { name: 'افزودن کارمند' });
  await form.getByLabel(/^نام و نام خانوادگی/).fill(person.fullName);
  await form.getByLabel(/^موبایل/).fill(person.mobile);
  await form.getByLabel(/^نام کاربری/).fill(person.userName);
  await form.getByLabel(/^رمز عبور/).fill(person.password);
  await form.getByLabel(/^تکرار رمز عبور/).fill(person.password);
  await form.getByRole('checkbox', { name: person.role, exact: true }).check();
  await form.getByRole('button', { name: 'افزودن کارمند' }).click();
  await form.waitFor({ state: 'detached' });
  const card = page.getByRole('article', { name: person.fullName });
  await expect.poll(() => card.textContent()).toMatch(new RegExp(`کد کارمند:\\s*${fa(person.code)}`));
  await card.getByText(person.role, { exact: true }).waitFor();
}

/** 1. The owner adds the clerk and two assayers in «کارکنان», and turns «تأیید دوم عیار» on. */
async function ownerSetsUp(page: Page) {
  await openMenuItem(page, 'کارکنان');
  await page.waitForURL((u) => u.pathname === '/staff');
  for (const person of [CLERK, ASSAYER1, ASSAYER2]) await addPerson(page, person);
  await accessibleAtBothWidths(page, '«کارکنان» with three people', () =>
    page.getByRole('article', { name: ASSAYER2.fullName }).waitFor(),
  );

  await openMenuItem(page, 'تنظیمات');
  await page.waitForURL((u) => u.pathname === '/user-settings/edit');
  const second = page.getByRole('switch', { name: 'تأیید دوم عیار' });
  await second.check();
  await page
    .getByRole('note')
    .getByText(/هیچ‌کس عیاری را که خودش ثبت کرده تأیید نمی‌کند/)
    .waitFor();
  await page.getByRole('button', { name: 'ذخیره تنظیمات' }).click();
  await page.getByText('تنظیمات ذخیره شد').first().waitFor();
}

/** The two packets the clerk registers, by number. */
type Packets = readonly [number, number];

/**
 * 2. The clerk registers two packets on lab/add, which has no purity field; their menu is the counter's.
 * The first number is whatever the form proposes: the owner's device already holds a block of the
 * lab's numbers for offline use (ADR 0033).
 */
async function clerkRegisters(page: Page): Promise<Packets> {
  await signInAs(page, CLERK, '/lab/add');
  const form = page.getByRole('form', { name: 'ثبت بسته' });
  const number = form.getByLabel(/^شماره بسته/);
  await expect.poll(() => number.inputValue()).toMatch(/^[۰-۹]+$/);
  const first = Number(toEnglishDigits(await number.inputValue()));
  expect(first).toBeGreaterThanOrEqual(FIRST);
  expect(await form.getByLabel(/^عیار/).count()).toBe(0);

  const menu = page.getByRole('navigation', { name: 'منوی اصلی' }).first();
  await menu.getByRole('link', { name: 'ثبت بسته', exact: true }).waitFor();
  expect(await menu.getByRole('link', { name: 'کارکنان', exact: true }).count()).toBe(0);
  expect(await menu.getByRole('link', { name: 'در انتظار تأیید', exact: true }).count()).toBe(0);

  await form.getByLabel(/^نام مشتری/).fill('مشتری');
  await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
  // The ready time stays for the next packet.
  await form.getByLabel(/^زمان آماده شدن/).fill('30');
  for (const next of [first + 1, first + 2]) {
    await form.getByRole('button', { name: 'ذخیره و ادامه' }).click();
    await expect.poll(() => number.inputValue()).toBe(fa(next));
  }
  await form.getByRole('button', { name: `ثبت (${fa(2)})` }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/lab/list'));
  return [first, first + 1];
}

/** 3. Assayer 1 records both purities on the waiting list; they wait for a second person. */
async function assayerRecords(page: Page, [a, b]: Packets) {
  await signInAs(page, ASSAYER1, '/lab/list/true');
  const box = (n: number) => page.getByLabel(new RegExp(`^عیار .*${fa(n)}$`));
  await box(a).fill('750');
  await box(b).fill('875');
  await page
    .getByRole('button', { name: /^ثبت عیار/ })
    .first()
    .click();
  await expect.poll(() => box(a).count()).toBe(0);
  await expect.poll(() => page.getByText(`در انتظار تأیید (ثبت: ${ASSAYER1.fullName})`).count()).toBe(2);
}

/** 4. A visitor looks the first packet up by number: no purity yet, and no one named. */
async function publicStillPending([a]: Packets) {
  const visitor = await newPage(browser, PHONE);
  await visitor.page.goto(url('/'));
  await visitor.page.getByLabel(/^شماره سند/).fill(fa(a));
  await visitor.page.getByRole('button', { name: 'استعلام نتیجه' }).click();
  await visitor.page.getByText(LAB).first().waitFor();
  await visitor.page.getByText(/زمان باقی‌مانده تا اعلام نتیجه/).waitFor();
  expect(await visitor.page.getByText(/عیار\s*۷۵۰/).count()).toBe(0);
  expect(await visitor.page.getByTestId('purity-people').count()).toBe(0);
  await visitor.context.close();
}

/** 5. Assayer 1's own purities are shown in «در انتظار تأیید», not offered. */
async function ownRowsDisabled(page: Page, [a, b]: Packets) {
  await openMenuItem(page, 'در انتظار تأیید');
  await page.waitForURL((u) => u.pathname === '/lab/verify');
  for (const n of [a, b]) {
    const accept = page.getByRole('button', { name: `تأیید عیار بسته ${fa(n)}` });
    await accept.waitFor();
    expect(await accept.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `برگشت عیار بسته ${fa(n)}` }).isDisabled()).toBe(true);
  }
  await expect.poll(() => page.getByText('عیار خودتان', { exact: true }).count()).toBe(2);
  await accessibleAtBothWidths(page, '«در انتظار تأیید» with one’s own purities', async () => {
    await page.getByRole('button', { name: `تأیید عیار بسته ${fa(a)}` }).waitFor();
  });
}

/** 6. Assayer 2 accepts the first purity and sends the second back with its reason. */
async function secondPersonVerifies(page: Page, [a, b]: Packets) {
  await signInAs(page, ASSAYER2, '/lab/list/true');
  await openMenuItem(page, 'در انتظار تأیید');
  await page.waitForURL((u) => u.pathname === '/lab/verify');
  const accept = page.getByRole('button', { name: `تأیید عیار بسته ${fa(a)}` });
  await accept.click();
  await accept.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: `برگشت عیار بسته ${fa(b)}` }).click();
  await page.getByLabel(`علت برگشت بسته ${fa(b)}`).fill(RETURN_REASON);
  await accessible(page, '«در انتظار تأیید» with a «برگشت» open');
  await page.getByRole('button', { name: 'ارسال برگشت' }).click();
  await page.getByText('عیاری در انتظار تأیید نیست.').waitFor();
}

/** 7. The accepted purity is public, with both people and a verified signature; the other is not. */
async function publicAfterVerification(labToken: string, assayerPage: Page, [a, b]: Packets) {
  const { list } = await apiCall<{ list: { docNumber: number; publicToken: string }[] }>(
    '/Tests/AllTests?pageSize=10',
    { token: labToken },
  );
  const tokenOf = (n: number) => list.find((p) => p.docNumber === n)!.publicToken;

  const visitor = await newPage(browser, PHONE);
  await visitor.page.goto(url(`/r/${tokenOf(a)}`));
  await visitor.page
    .getByText(/عیار\s*۷۵۰/)
    .first()
    .waitFor();
  await expect
    .poll(() => visitor.page.getByTestId('purity-people').textContent())
    .toBe(`عیارسنج: ${fa(ASSAYER1.code)}، تأیید: ${fa(ASSAYER2.code)}`);
  await visitor.page.getByText(SIGNATURE_VERIFIED).waitFor();
  await expectAccessible(visitor.page, 'r/<token> verified by a second person');

  await visitor.page.goto(url(`/r/${tokenOf(b)}`));
  await visitor.page.getByText(/زمان باقی‌مانده تا اعلام نتیجه/).waitFor();
  expect(await visitor.page.getByText(/عیار\s*۸۷۵/).count()).toBe(0);
  expect(await visitor.page.getByTestId('purity-people').count()).toBe(0);
  await visitor.context.close();

  // Assayer 1 reads why on the waiting list, where the packet takes a purity again. A fresh load: the
  // list they saw before is cached for 30 s (lib/query.ts), and another person changed it.
  await assayerPage.goto(url('/lab/list/true'));
  await assayerPage.getByTestId('returned-reason').filter({ hasText: RETURN_REASON }).waitFor();
  await assayerPage.getByLabel(new RegExp(`^عیار .*${fa(b)}$`)).waitFor();
}

/** 8. The owner suspends the clerk: the clerk's open page is signed out, and sign-in is refused. */
async function ownerSuspendsClerk(ownerPage: Page, clerkPage: Page) {
  await openMenuItem(ownerPage, 'کارکنان');
  await ownerPage.waitForURL((u) => u.pathname === '/staff');
  const card = ownerPage.getByRole('article', { name: CLERK.fullName });
  await card.getByRole('button', { name: `تعلیق ${CLERK.fullName}` }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'تعلیق کارمند' });
  await dialog.getByText(/نشست‌های باز او همین حالا بسته می‌شود/).waitFor();
  await dialog.getByRole('button', { name: 'تعلیق', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText('تعلیق‌شده', { exact: true }).waitFor();

  // The clerk's next call meets the ended session: the notice, and back to the landing page.
  await clerkPage.goto(url('/lab/list'));
  await clerkPage.getByText(MSG.sessionEnded).first().waitFor();
  await clerkPage.waitForURL((u) => u.pathname === '/');
  await submitSignIn(clerkPage, CLERK);
  await clerkPage.getByText(STAFF_MSG.staffSuspended).first().waitFor();
  expect(new URL(clerkPage.url()).pathname).toBe('/');
}

describe('a lab’s people and the second verification (ADRs 0049, 0050)', () => {
  it('the owner adds staff, the clerk registers, two assayers record and verify, the clerk is suspended', async () => {
    const lab = await labWithNumbers(LAB, FIRST, { customerName: CUSTOMER, mobile: '09121239999' });
    const owner = await newPage(browser, PHONE);
    await signIn(owner.page, lab.userName, lab.password);
    await ownerSetsUp(owner.page);

    const clerk = await newPage(browser, DESKTOP);
    const packets = await clerkRegisters(clerk.page);

    const first = await newPage(browser, PHONE);
    await assayerRecords(first.page, packets);
    await publicStillPending(packets);
    await ownRowsDisabled(first.page, packets);

    const second = await newPage(browser, DESKTOP);
    await secondPersonVerifies(second.page, packets);
    await publicAfterVerification(lab.token, first.page, packets);

    await ownerSuspendsClerk(owner.page, clerk.page);
    for (const side of [owner, clerk, first, second]) await side.context.close();
  }, 180_000);
});
