import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TYPES, toPersianDigits } from '@ayar/contract';
import { adminToken, apiCall, createWorkshop, loginToken } from './api.ts';
import { expectAccessible } from './axe.ts';
import { admin, DESKTOP, launch, newPage, PHONE, signIn, url } from './browser.ts';

// Daily use (ADRs 0025–0028) without dead ends. Each walk is what the admin and a lab click, in
// Chromium: a declined delete request (1), suspending a lab (2), the admin's own password (3), and the
// admin editing a lab's customer (4).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 8_100_000;
let ranges = 0;

/** A lab with numbers, one customer, and packets registered with a purity (so only a request deletes one). */
async function labWithPackets(name: string, customer: string) {
  const lab = await createWorkshop(name);
  const from = FIRST + 1000 * ranges++;
  await apiCall('/Manage/GetCodes', {
    token: await adminToken(),
    body: { userId: lab.id, fromCode: from, toCode: from + 99 },
  });
  const token = await loginToken(lab.userName, lab.password);
  await apiCall('/Account/EditSettings', {
    token,
    body: { settings: { labType: 1, sendSMS: false, testType: TEST_TYPES[0].id, vageType: 1, vage: 40_000 } },
  });
  await apiCall('/Customer/AddCustomer', { token, body: { customerName: customer, mobile1: '09121110000' } });
  const customers = await apiCall<{ list: { customerId: string }[] }>('/Customer/AllCustomers', { token });
  const customerId = customers.list[0]!.customerId;
  const added = await apiCall<{ list: { id: string; docNumber: number }[] }>('/Tests/AddTest', {
    token,
    body: [from, from + 1].map((docNumber) => ({
      customerId,
      customerName: customer,
      docNumber,
      title: true,
      cutting: 750,
      readyTime: 30,
      sampleWeight: '0.25',
    })),
  });
  return { ...lab, token, customerId, packets: added.list };
}

/** Answers the app's confirmation dialog with its confirm button. */
async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The side menu's link: in the drawer on a phone, in the navbar on a desktop. */
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

describe('daily use without dead ends', () => {
  it('1. the admin declines a delete request with a reason; the lab reads it on the packet and asks again', async () => {
    const lab = await labWithPackets('آزمایشگاه رد درخواست', 'مشتری رد');
    const packet = lab.packets[0]!;
    const number = toPersianDigits(packet.docNumber);
    const reason = 'برگه این بسته با عیار ۷۵۰ به مشتری داده شده است';

    // The lab asks for the deletion on lab/edit.
    const labSide = await newPage(browser, PHONE);
    await signIn(labSide.page, lab.userName, lab.password);
    await labSide.page.goto(url(`/lab/edit/${packet.id}`));
    await labSide.page.getByRole('button', { name: 'درخواست حذف' }).click();
    await confirm(labSide.page, 'درخواست حذف', 'درخواست حذف');
    await labSide.page.getByText('درخواست حذف ثبت شده است').waitFor();

    // The admin finds it among the delete requests and declines it.
    const adminSide = await newPage(browser, DESKTOP);
    await signIn(adminSide.page, admin().username, admin().password);
    await openMenuItem(adminSide.page, 'درخواست‌های حذف');
    await adminSide.page.waitForURL((u) => u.pathname === '/manage/labs-todelete');
    const decline = adminSide.page.getByRole('button', { name: `رد درخواست حذف بسته ${number}` });
    await decline.click();
    const dialog = adminSide.page.getByRole('dialog', { name: 'رد درخواست حذف' });
    await dialog.getByRole('button', { name: 'رد درخواست', exact: true }).click();
    await dialog.getByText('دلیل رد درخواست را بنویسید').waitFor();
    await dialog.getByLabel(/دلیل رد درخواست/).fill(reason);
    await expectAccessible(adminSide.page, 'the decline dialog');
    await dialog.getByRole('button', { name: 'رد درخواست', exact: true }).click();
    await adminSide.page.getByText('درخواست حذف رد شد').first().waitFor();
    await decline.waitFor({ state: 'detached' });

    // The lab sees the reason on its list and on the packet, and asks again.
    await labSide.page.goto(url('/lab/list'));
    await labSide.page.getByText(`دلیل رد درخواست حذف: ${reason}`).first().waitFor();
    await expectAccessible(labSide.page, 'lab/list with a declined request');
    await labSide.page
      .getByRole('link', { name: new RegExp(number) })
      .first()
      .click();
    await labSide.page.getByText(`دلیل: ${reason}`).waitFor();
    await expectAccessible(labSide.page, 'lab/edit with a declined request');
    await labSide.page.getByRole('button', { name: 'درخواست دوباره' }).click();
    await confirm(labSide.page, 'درخواست حذف', 'درخواست حذف');
    await labSide.page.getByText('درخواست حذف ثبت شده است').waitFor();

    // The request is back on the admin's list; the packet's history names who declined and why.
    await adminSide.page.reload();
    await decline.waitFor();
    await adminSide.page.goto(url(`/manage/edit-lab/${packet.id}`));
    await adminSide.page.getByText('رد درخواست حذف', { exact: true }).first().waitFor();
    await adminSide.page.getByText(reason).first().waitFor();
    await labSide.context.close();
    await adminSide.context.close();
  });

  it('2. the admin suspends a lab in one step: its session ends at once, it looks suspended, and is re-activated', async () => {
    const lab = await labWithPackets('آزمایشگاه تعلیقی', 'مشتری تعلیق');
    const labSide = await newPage(browser, PHONE);
    await signIn(labSide.page, lab.userName, lab.password);

    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, admin().username, admin().password);
    await openMenuItem(page, 'آزمایشگاه‌ها');
    await page.getByRole('button', { name: /^فیلتر/ }).click();
    await page.getByLabel('نام', { exact: true }).fill('آزمایشگاه تعلیقی');
    const row = page.getByRole('row', { name: /آزمایشگاه تعلیقی/ });
    await row.getByText('آزمایشگاه فعال').waitFor();
    await row.getByRole('button', { name: 'تعلیق آزمایشگاه تعلیقی' }).click();
    const question = page.getByRole('dialog', { name: 'تعلیق آزمایشگاه' });
    await question.getByText(/دیگر نمی‌تواند وارد شود، شماره بسته بخرد یا بسته ثبت کند/).waitFor();
    await expectAccessible(page, 'the suspend question');
    await question.getByRole('button', { name: 'تعلیق', exact: true }).click();
    await row.getByText('تعلیق‌شده').waitFor();

    // The lab's open session has ended at once: its next screen says so and returns to sign-in.
    await labSide.page.goto(url('/customer/list'));
    await labSide.page
      .getByText(/نشست شما پایان یافت/)
      .first()
      .waitFor();
    await labSide.page.waitForURL((u) => u.pathname === '/');
    expect(await labSide.page.getByText(/کد: 401|کد: ۴۰۱/).count()).toBe(0);
    await expect(loginToken(lab.userName, lab.password)).rejects.toThrow(/403/);

    // On the edit page: the state in words, and re-activation in one step.
    await row.getByRole('link', { name: /آزمایشگاه تعلیقی/ }).click();
    await page
      .getByTestId('status-in-words')
      .getByText(/تعلیق شده است/)
      .waitFor();
    await expectAccessible(page, 'manage/edit-user of a suspended lab');
    await page.getByRole('button', { name: /^فعال‌سازی دوباره/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'بله' }).click();
    await page
      .getByTestId('status-in-words')
      .getByText('وارد می‌شود، شماره بسته می‌خرد و بسته ثبت می‌کند.')
      .waitFor();
    await loginToken(lab.userName, lab.password);
    await labSide.context.close();
    await context.close();
  });

  it('3. the admin opens their account from the header, changes the password and stays signed in', async () => {
    const { username, password } = admin();
    const elsewhere = await loginToken(username, password);
    const next = 'e2e-admin-password-2';
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signIn(page, username, password);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /حساب کاربری و رمز عبور/ })
        .click();
      await page.waitForURL((u) => u.pathname === '/profile');
      const form = page.getByRole('form', { name: 'تغییر رمز عبور' });
      await form.getByLabel(/^رمز عبور فعلی/).fill(password);
      await form.getByLabel(/^رمز عبور جدید/).fill(next);
      await form.getByLabel(/^تکرار رمز عبور جدید/).fill(next);
      await expectAccessible(page, 'profile (admin)');
      await form.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await page.getByText('دستگاه‌های دیگر باید با رمز جدید وارد شوند.').waitFor();

      // This session carries on; the other one has ended; the new password signs in.
      await openMenuItem(page, 'درخواست‌های شارژ');
      await page.waitForURL((u) => u.pathname === '/manage/credits');
      await expect(apiCall('/Account/Profile', { token: elsewhere })).rejects.toThrow(/401/);
      await loginToken(username, next);

      // The menu leads there too.
      await openMenuItem(page, 'حساب کاربری و رمز عبور');
      await page.waitForURL((u) => u.pathname === '/profile');
    } finally {
      // Later files sign the admin in with the configured password.
      const token = await loginToken(username, next).catch(() => null);
      if (token) {
        await apiCall('/Account/ChangePassword', {
          token,
          body: { oldPassword: next, newPassword: password, confirmPassword: password },
        });
      }
      await context.close();
    }
  });

  it('4. the admin edits a lab’s customer with the lab’s form, and the lab sees the change', async () => {
    const lab = await labWithPackets('آزمایشگاه مشتری‌دار', 'کاظم زرگر');
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, admin().username, admin().password);
    await openMenuItem(page, 'مشتریان');
    await page.getByLabel('جستجوی مشتری').fill('کاظم زرگر');
    await page.getByRole('button', { name: 'مشخصات کاظم زرگر' }).click();
    const card = page.getByRole('dialog', { name: 'کاظم زرگر' });
    await card.getByRole('button', { name: 'ویرایش' }).click();
    const form = page.getByRole('form', { name: 'ویرایش مشتری' });
    await form.getByLabel(/^نام مشتری/).fill('کاظم زرگر تبریزی');
    await form.getByLabel(/^موبایل دوم/).fill('۰۹۳۵۱۱۱۲۲۳۳');
    await form.getByLabel(/^اجرت/).fill('55000');
    await expectAccessible(page, 'manage/customers editing a customer');
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await page.getByRole('dialog', { name: 'کاظم زرگر تبریزی' }).waitFor();
    await page.getByText('اجرت ۵۵٬۰۰۰').or(page.getByText('اجرت ۵۵۰۰۰')).first().waitFor();

    const mine = await apiCall<{ customerName: string; mobile2: string; settings: string }>(
      `/Customer/GetCustomer?customerId=${lab.customerId}`,
      { token: lab.token },
    );
    expect(mine).toMatchObject({
      customerName: 'کاظم زرگر تبریزی',
      mobile2: '09351112233',
      settings: '{"vage":55000}',
    });
    await context.close();
  });
});
