import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_TYPES,
  addDays,
  gregorianToJalali,
  todayGregorianInTehran,
  toPersianDigits,
} from '@ayar/contract';
import { adminToken, apiCall, createWorkshop, loginToken } from './api.ts';
import { expectAccessible } from './axe.ts';
import { admin, DESKTOP, launch, newPage, PHONE, signIn } from './browser.ts';

// The statistics walk (ADR 0015): a lab registers packets through the API; the admin opens the dashboard, sets a Jalali
// range, and reads the lab's count in its row; then filters the tiles by the lab.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await setUpLab();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 8_000_000;
const LAB = `آزمایشگاه داشبورد ${Date.now().toString(36)}`;
const PACKETS = 5;

async function setUpLab() {
  const lab = await createWorkshop(LAB);
  const token = await adminToken();
  await apiCall('/Manage/GetCodes', { token, body: { userId: lab.id, fromCode: FIRST, toCode: FIRST + 19 } });
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
    body: Array.from({ length: PACKETS }, (_, i) => ({
      customerId: customer!.id,
      customerName: customer!.name,
      docNumber: FIRST + i,
      cutting: i < 3 ? '750' : '',
      type: TEST_TYPES[0].id,
      sendSMS: false,
      sendCall: false,
    })),
  });
  return lab;
}

/** Types a Jalali date into a field with Latin digits, clearing it first; the field shows Persian ones. */
async function typeDate(page: Page, form: ReturnType<Page['getByRole']>, label: string, jalali: string) {
  const field = form.getByLabel(label);
  await field.fill('');
  await field.pressSequentially(jalali.replaceAll('/', ''));
  expect(await field.inputValue()).toBe(toPersianDigits(jalali));
}

const badgeOf = (page: Page) =>
  page.getByTestId('workshop-row').filter({ hasText: LAB }).getByTestId('test-count').textContent();

describe('the admin dashboard', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`reads a lab's packets for a Jalali range (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const a = admin();
      await signIn(page, a.username, a.password);

      // Today by default: the lab's row carries its five packets.
      const range = page.getByRole('form', { name: 'بازه داشبورد' });
      const today = gregorianToJalali(todayGregorianInTehran())!;
      expect(await range.getByLabel('از تاریخ').inputValue()).toBe(toPersianDigits(today));
      await expect.poll(() => badgeOf(page)).toBe(toPersianDigits(PACKETS));
      await expectAccessible(page, `dashboard ${viewport.width}px`);

      // A range long past: nothing, for this lab and for the network.
      await typeDate(page, range, 'از تاریخ', '1403/01/01');
      await typeDate(page, range, 'تا تاریخ', '1403/01/10');
      await range.getByRole('button', { name: 'نمایش' }).click();
      await expect.poll(() => badgeOf(page)).toBe('۰');
      await expect.poll(() => page.getByTestId('summary-tests').textContent()).toContain('۰');

      // The last three days up to today: the five packets again.
      await typeDate(page, range, 'از تاریخ', gregorianToJalali(addDays(todayGregorianInTehran(), -3))!);
      await typeDate(page, range, 'تا تاریخ', today);
      await range.getByRole('button', { name: 'نمایش' }).click();
      await expect.poll(() => badgeOf(page)).toBe(toPersianDigits(PACKETS));

      // The name search keeps only this lab.
      await page.getByLabel('جستجوی نام آزمایشگاه').fill(LAB.split(' ').at(-1)!);
      await expect.poll(() => page.getByTestId('workshop-row').count()).toBe(1);

      // A reversed range is refused under the field, nothing is sent.
      await typeDate(page, range, 'از تاریخ', today);
      await typeDate(page, range, 'تا تاریخ', '1403/01/10');
      await range.getByRole('button', { name: 'نمایش' }).click();
      await expect.poll(() => range.getByText('تاریخ شروع نباید بعد از تاریخ پایان باشد').count()).toBe(1);
      await expectAccessible(page, `dashboard ${viewport.width}px, a reversed range`);

      // The tiles filtered by the lab (suggestions): today and total are its five packets.
      const filter = page.getByRole('form', { name: 'فیلتر آمار' });
      await filter.getByLabel('نام کاربر (آزمایشگاه)').fill(LAB.split(' ').at(-1)!);
      await page.getByRole('option', { name: LAB }).click();
      await filter.getByRole('button', { name: 'اعمال فیلتر' }).click();
      await expect
        .poll(() => page.getByTestId('tile-today').getByLabel('امروز').textContent())
        .toBe(toPersianDigits(PACKETS));
      await expect
        .poll(() => page.getByTestId('tile-total').getByLabel('کل بسته‌ها').textContent())
        .toBe(toPersianDigits(PACKETS));
      await context.close();
    });
  }
});
