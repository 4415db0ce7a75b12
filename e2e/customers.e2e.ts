import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGrams, formatToman, todayJalali, toPersianDigits } from '@ayar/contract';
import { createWorkshop } from './api.ts';
import { expectAccessible } from './axe.ts';
import { launch, newPage, PHONE, signIn, url } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('a workshop’s book of customers', () => {
  it('adds a customer with a Persian-digit mobile, records a receipt and a payment, and reads the balance', async () => {
    const lab = await createWorkshop('آزمایشگاه دفتر');
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);

    // customer/add: the mobile typed with Persian digits and +98 is kept as 09…
    await page.goto(url('/customer/add'));
    const form = page.getByRole('form', { name: 'ثبت مشتری' });
    await form.getByLabel('نام مشتری').fill('حسن طلافروش');
    await form
      .getByLabel(/^موبایل/)
      .first()
      .fill('+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹');
    await form.getByRole('button', { name: 'ثبت مشتری' }).click();
    await page.getByText('مشتری ثبت شد').first().waitFor();
    await page.getByRole('link', { name: 'حسن طلافروش' }).waitFor();
    await page.getByText(toPersianDigits('09123456789')).first().waitFor();
    await expectAccessible(page, 'customer/add after saving');

    // pay/add: a receipt of 2.5 g and 100,000 toman, then a payment of 0.75 g and 350,000 toman.
    await page.goto(url('/pay/add'));
    const pay = page.getByRole('form', { name: 'ثبت پرداخت' });
    await pay.getByLabel(/^مشتری/).fill('طلافروش');
    await page.getByRole('option', { name: /حسن طلافروش/ }).click();
    await pay.getByText('دریافت از مشتری').click();
    await pay.getByLabel('طلا (گرم)').fill('۲٫۵');
    await pay.getByLabel('مبلغ (تومان)').fill('۱۰۰۰۰۰');
    await pay.getByRole('button', { name: 'ثبت', exact: true }).click();
    await page.getByText('ثبت شد').first().waitFor();
    await pay.getByText('پرداخت به مشتری').click();
    await pay.getByLabel('طلا (گرم)').fill('0.75');
    await pay.getByLabel('مبلغ (تومان)').fill('350000');
    await pay.getByRole('button', { name: 'ثبت', exact: true }).click();
    const list = page.getByLabel('دریافت‌ها و پرداخت‌ها');
    await expect.poll(() => list.getByRole('button', { name: /^حذف/ }).count()).toBe(2);
    await expectAccessible(page, 'pay/add with two rows');
    await expect.poll(() => page.getByTestId('money-remain').innerText()).toContain(formatToman(250_000));
    expect(await page.getByTestId('gold-remain').innerText()).toContain(formatGrams(-1_750));

    // user/store: the year of today, the customer owes 250,000 toman and is owed 1.75 g.
    await page.goto(url('/user/store'));
    const year = todayJalali().slice(0, 4);
    const yearLabel = page.getByText(toPersianDigits(year), { exact: true });
    if (await yearLabel.count()) await yearLabel.first().click();
    await expect.poll(() => page.getByTestId('total-money').innerText()).toContain(formatToman(250_000));
    expect(await page.getByTestId('total-gold').innerText()).toContain(formatGrams(-1_750));
    const row = page.locator('[data-owes]', { hasText: 'حسن طلافروش' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('بدهکار');
    await expectAccessible(page, 'user/store');
    await context.close();
  });
});
