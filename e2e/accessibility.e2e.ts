import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TYPES, todayGregorianInTehran } from '@ayar/contract';
import { adminToken, apiCall, createWorkshop, loginToken } from './api.ts';
import { axeFindings, type AxeFinding } from './axe.ts';
import { admin, DESKTOP, launch, newPage, PHONE, signIn, url } from './browser.ts';

// axe (WCAG 2.1 A/AA) on every screen of the app, signed out, as an admin and as a workshop,
// on a phone and on a desktop. One browser; one context per role and width. Every screen is read
// before the test decides, so a failure lists all of them at once.

let browser: Browser;
let seed: Awaited<ReturnType<typeof seedNetwork>>;
beforeAll(async () => {
  browser = await launch();
  seed = await seedNetwork();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 9_100_000;
const LAB = 'آزمایشگاه دسترس‌پذیری با نامی بلند برای آزمون';

/** A lab with numbers, a customer, a finished packet, a waiting one, one asked to be deleted, a credit and a payment. */
async function seedNetwork() {
  const lab = await createWorkshop(LAB);
  const token = await adminToken();
  await apiCall('/Manage/GetCodes', { token, body: { userId: lab.id, fromCode: FIRST, toCode: FIRST + 49 } });
  const labToken = await loginToken(lab.userName, lab.password);
  await apiCall('/Customer/AddCustomer', {
    token: labToken,
    body: { customerName: 'حسن طلافروش', mobile1: '09121112233' },
  });
  const [customer] = await apiCall<{ id: string; name: string }[]>(
    `/Customer/CustomersByName?name=${encodeURIComponent('حسن')}`,
    { token: labToken },
  );
  await apiCall('/Tests/AddTest', {
    token: labToken,
    body: [0, 1, 2].map((i) => ({
      customerId: customer!.id,
      customerName: customer!.name,
      docNumber: FIRST + i,
      cutting: i === 1 ? '' : '750',
      type: TEST_TYPES[0].id,
      sendSMS: false,
      sendCall: false,
    })),
  });
  const packets = await apiCall<{ list: { id: string; docNumber: number; publicToken: string }[] }>(
    '/Tests/AllTests?pageSize=10',
    { token: labToken },
  );
  const byNumber = (n: number) => packets.list.find((p) => p.docNumber === n)!;
  await apiCall('/Tests/RequestToDeleteTest', { token: labToken, body: { id: byNumber(FIRST + 2).id } });
  const today = todayGregorianInTehran();
  await apiCall('/Account/AddCredit', {
    token: labToken,
    body: { value: 500_000, date: today, account: '6037991112345678', trackingCode: 'TRK7nl01390' },
  });
  await apiCall('/Customer/AddPay', {
    token: labToken,
    body: { customerId: customer!.id, type: 1, gold: '1.5', money: '100000', date: today, desc: '' },
  });
  return { lab, customerId: customer!.id, packet: byNumber(FIRST), waiting: byNumber(FIRST + 1) };
}

const inflight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight, so `settle` knows when the screen's data has arrived. */
function track(page: Page) {
  const open = new Set<unknown>();
  inflight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return page;
}

/**
 * Waits until the screen's code and data have arrived: no request in flight for a moment, then no page
 * loader and no skeleton. (`networkidle` would wait half a second on every screen.)
 */
async function settle(page: Page) {
  const open = inflight.get(page)!;
  const deadline = Date.now() + 10_000;
  for (let quiet = 0; quiet < 3 && Date.now() < deadline;) {
    await page.waitForTimeout(50);
    quiet = open.size === 0 ? quiet + 1 : 0;
  }
  await page
    .locator('[aria-label="در حال بارگذاری صفحه"], .mantine-Skeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

type Findings = Record<string, AxeFinding[]>;

async function audit(page: Page, label: string, found: Findings) {
  await settle(page);
  const list = await axeFindings(page);
  if (list.length) found[label] = list;
  if (process.env.AXE_LOG)
    console.log(`${label}: ${list.map((f) => `${f.id}×${f.nodes.length}`).join(', ')}`);
}

async function visitAll(page: Page, who: string, paths: string[], found: Findings) {
  for (const path of paths) {
    await page.goto(url(path));
    await audit(page, `${who} ${path}`, found);
  }
}

/** Opens the phone's menu drawer (or leaves the desktop's navbar) and reads the screen with it. */
async function auditMenu(page: Page, who: string, found: Findings) {
  const open = page.getByRole('button', { name: 'باز کردن منو' });
  if (await open.isVisible()) {
    await open.click();
    await page.getByRole('dialog').waitFor();
    await audit(page, `${who} menu drawer`, found);
    await page.keyboard.press('Escape');
  }
}

function report(found: Findings): string[] {
  return Object.entries(found).flatMap(([screen, list]) =>
    list.map((f) => `${screen} — ${f.id} (${f.impact}): ${f.nodes.join(' | ')}`),
  );
}

const WIDTHS = [PHONE, DESKTOP];
const ADMIN_PATHS = () => [
  '/dashboard',
  '/manage/labs',
  '/manage/labs-todelete',
  '/manage/customers',
  '/manage/credits',
  '/manage/codes',
  `/manage/edit-lab/${seed.packet.id}`,
  '/manage/system-setting',
  '/manage/messages',
  '/manage/lab-owners',
  '/manage/add-user',
  `/manage/edit-user/${seed.lab.id}/${encodeURIComponent(LAB)}`,
  '/profile',
];
const WORKSHOP_PATHS = () => [
  '/dashboard',
  '/home',
  '/lab/add',
  '/lab/list',
  '/lab/list/true',
  '/lab/queue',
  `/lab/edit/${seed.waiting.id}`,
  `/lab/edit/${seed.packet.id}`,
  `/lab/slip/${seed.packet.id}`,
  '/customer/add',
  '/customer/list',
  `/customer/edit/${seed.customerId}`,
  '/user-settings/edit',
  '/user/store',
  '/profile',
  '/code/add',
  '/credit/add',
  '/pay/add',
];

async function open(viewport: typeof PHONE) {
  const opened = await newPage(browser, viewport);
  track(opened.page);
  return opened;
}

async function walkVisitor(viewport: typeof PHONE, found: Findings) {
  const { context, page } = await open(viewport);
  const who = `visitor ${viewport.width}px`;
  const publicPaths = ['/', '/register', '/about', '/lab-owners', '/ayarEmbedded', '/no-such'];
  await visitAll(page, who, [...publicPaths, `/r/${seed.packet.publicToken}`], found);
  await page.goto(url('/'));
  await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
  await audit(page, `${who} / login form`, found);
  await page.goto(url(`/?code=${FIRST}`));
  await page.getByText(LAB).first().waitFor();
  await audit(page, `${who} / result`, found);
  await context.close();
}

async function walkAdmin(viewport: typeof PHONE, found: Findings) {
  const { context, page } = await open(viewport);
  const who = `admin ${viewport.width}px`;
  await signIn(page, admin().username, admin().password);
  await visitAll(page, who, ADMIN_PATHS(), found);
  await auditMenu(page, who, found);
  // Form errors under the fields, then a toast.
  await page.goto(url('/manage/add-user'));
  await settle(page);
  await page.getByRole('button', { name: 'ایجاد آزمایشگاه' }).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await audit(page, `${who} /manage/add-user (errors)`, found);
  await page.goto(url('/manage/system-setting'));
  await settle(page);
  await page.getByLabel(/^شماره حساب/).fill('6037991112345678');
  await page.getByRole('button', { name: 'تغییر', exact: true }).click();
  await page.locator('.mantine-Notification-root').first().waitFor();
  await audit(page, `${who} toast`, found);
  await context.close();
}

async function walkWorkshop(viewport: typeof PHONE, found: Findings) {
  const { context, page } = await open(viewport);
  const who = `workshop ${viewport.width}px`;
  await signIn(page, seed.lab.userName, seed.lab.password);
  await visitAll(page, who, WORKSHOP_PATHS(), found);
  await auditMenu(page, who, found);
  // A wrong current password: the server's error as a toast, and under the field.
  await page.goto(url('/profile'));
  await settle(page);
  const form = page.getByRole('form', { name: 'تغییر رمز عبور' });
  await form.getByLabel(/^رمز عبور فعلی/).fill('not-the-password');
  await form.getByLabel(/^رمز عبور جدید/).fill('another-password-1');
  await form.getByLabel(/^تکرار رمز عبور جدید/).fill('another-password-1');
  await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
  await page.locator('.mantine-Notification-root').first().waitFor();
  await audit(page, `${who} toast`, found);
  await context.close();
}

/** Both widths at once (one context each): the machine's two cores read two pages side by side. */
async function atBothWidths(walk: (viewport: typeof PHONE, found: Findings) => Promise<void>) {
  const found: Findings = {};
  await Promise.all(WIDTHS.map((viewport) => walk(viewport, found)));
  expect(report(found)).toEqual([]);
}

describe('accessibility (axe, WCAG 2.1 AA) on every screen, at 390 px and 1280 px', () => {
  it('signed out: the public pages, the login form and a result', () => atBothWidths(walkVisitor), 90_000);
  it(
    'as an admin: every manage screen, the menu, form errors and a toast',
    () => atBothWidths(walkAdmin),
    90_000,
  );
  it('as a workshop: every screen, the menu and a toast', () => atBothWidths(walkWorkshop), 90_000);
});
