import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_TYPES,
  formatGrams,
  formatToman,
  gregorianToJalali,
  toPersianDigits,
  todayGregorianInTehran,
} from '@ayar/contract';
import { adminToken, apiCall, loginToken } from './api.ts';
import { expectAccessible } from './axe.ts';
import { DESKTOP, launch, newPage, signIn, url } from './browser.ts';

// The A4 papers (docs/product.md §2.13, §5.7): each printed to PDF by Chromium as «چاپ» and «ذخیره به PDF»
// do, its text read back. Chromium writes Persian as shaped glyphs in visual order, so a Persian word is
// found as its letters in a row in any order (`hasWord`); numbers, dates and codes keep their order.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const LAB = {
  fName: 'آزمایشگاه طلای کاوه',
  address: 'تهران، بازار بزرگ، سرای طلا',
  phone: '02133445566',
  rejeCode: '4521',
};
const CUSTOMER = 'حسن زرگر';
/** Enough receipts and payments for the statement to run onto a second page. */
const PAYS = 48;
const today = todayGregorianInTehran();
const daysAgo = (n: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const jalali = (gregorian: string) => toPersianDigits(gregorianToJalali(gregorian)!);

/** A lab with its letterhead, numbers, a fixed fee of 50,000 toman, one customer, packets and entries. */
async function seed() {
  const admin = await adminToken();
  const userName = `print_${Date.now().toString(36)}`;
  const password = 'lab-password-1';
  const { id } = await apiCall<{ id: string }>('/Manage/AddUser', {
    token: admin,
    body: {
      ...LAB,
      fullName: 'کاوه رستمی',
      userName,
      password,
      confirmPassword: password,
      cellPhone: '09121234567',
      isPublicUser: false,
    },
  });
  const from = 6_600_000;
  await apiCall('/Manage/GetCodes', {
    token: admin,
    body: { userId: id, fromCode: from, toCode: from + 99 },
  });
  const token = await loginToken(userName, password);
  await apiCall('/Account/EditSettings', {
    token,
    body: { settings: { labType: 1, sendSMS: false, vage: 50_000, vageType: 1, testType: TEST_TYPES[0].id } },
  });
  await apiCall('/Customer/AddCustomer', { token, body: { customerName: CUSTOMER, mobile1: '09125556677' } });
  const { list } = await apiCall<{ list: { customerId: string }[] }>('/Customer/AllCustomers', { token });
  const customerId = list[0]!.customerId;
  await apiCall('/Tests/AddTest', {
    token,
    body: [0, 1, 2].map((i) => ({
      customerId,
      customerName: CUSTOMER,
      docNumber: from + i,
      readyTime: 30,
      weight: `${10 + i}.25`,
      sampleWeight: '0.25',
      ...(i === 1 ? { cutting: 750 } : {}),
    })),
  });
  for (let start = 0; start < PAYS; start += 12) {
    await Promise.all(
      Array.from({ length: 12 }, (_, k) => start + k).map((i) =>
        apiCall('/Customer/AddPay', {
          token,
          body: {
            customerId,
            type: i % 3 === 0 ? 2 : 1,
            gold: i % 2 ? '0.125' : '',
            money: 10_000 + i * 1_000,
            date: daysAgo(PAYS - i),
            desc: `قسط ${i + 1}`,
          },
        }),
      ),
    );
  }
  return { userName, password, customerId, firstDocNumber: from };
}

/** Letters and digits only, compatibility forms folded (Chromium's PDFs hold Arabic presentation forms). */
const letters = (text: string) => [...text.normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '')];

/** Whether every word of `phrase` is in `text` as its letters side by side, in whatever order. */
function hasWords(text: string, phrase: string): boolean {
  const chars = letters(text);
  return phrase.split(/\s+/).every((word) => {
    const want = letters(word).sort().join('');
    const n = letters(word).length;
    for (let i = 0; i + n <= chars.length; i += 1) {
      if (
        chars
          .slice(i, i + n)
          .sort()
          .join('') === want
      )
        return true;
    }
    return false;
  });
}

/** The page printed to A4 as «چاپ» does: its page count and each page's text. */
async function printed(page: Page): Promise<{ pages: number; text: string[] }> {
  const pdf = await page.pdf({ format: 'A4' });
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: false,
  });
  return { pages: totalPages, text };
}

/** «صفحه i از n» at the foot of each page (the numbers as printed; their order as the PDF holds them). */
function expectPageNumbers(doc: { pages: number; text: string[] }) {
  const n = toPersianDigits(doc.pages);
  doc.text.forEach((pageText, index) => {
    const i = toPersianDigits(index + 1);
    expect(pageText.includes(`${i} از ${n}`) || pageText.includes(`${n} از ${i}`), `page ${i}`).toBe(true);
    expect(hasWords(pageText, 'صفحه'), `page ${i}`).toBe(true);
  });
}

function expectLetterhead(pageText: string) {
  expect(hasWords(pageText, LAB.fName)).toBe(true);
  expect(hasWords(pageText, 'بازار بزرگ سرای طلا')).toBe(true);
  expect(pageText).toContain(toPersianDigits(LAB.phone));
  expect(pageText).toContain(toPersianDigits(LAB.rejeCode));
  expect(pageText).toContain(`${jalali(today)} `); // the date of printing
}

describe('the printed papers', () => {
  it('prints a two-page statement, the fund report, a receipt and the day’s packets', async () => {
    const lab = await seed();
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, lab.userName, lab.password);

    // pay/add: the customer's balance as the receipts/payments screen shows it, then «چاپ صورت‌حساب».
    await page.goto(url('/pay/add'));
    await page
      .getByRole('form', { name: 'ثبت پرداخت' })
      .getByLabel(/^مشتری/)
      .fill('زرگر');
    await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
    const money = page.getByTestId('money-remain');
    await expect.poll(() => money.innerText()).toMatch(/[۰-۹]/);
    const shownMoney = await money.innerText();
    const shownGold = await page.getByTestId('gold-remain').innerText();
    await page.getByRole('link', { name: 'چاپ صورت‌حساب' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/customer/statement/'));

    // The range: from before the first entry to today, typed in Persian digits.
    const range = page.getByRole('form', { name: 'بازه صورت‌حساب' });
    await range.getByLabel('از تاریخ').fill(jalali(daysAgo(PAYS + 5)));
    await range.getByLabel('تا تاریخ').fill(jalali(today));
    await range.getByRole('button', { name: 'نمایش صورت‌حساب' }).click();
    await page.waitForURL((u) => u.searchParams.get('from') === daysAgo(PAYS + 5));
    const closing = page.getByTestId('statement-closing');
    await closing.waitFor();
    const closingText = await closing.innerText();
    // The closing equals pay/add's remaining gold and money (shown there signed, here with who owes).
    const digits = (s: string) => s.replace(/[^۰-۹٫٬]/g, '');
    expect(closingText).toContain(digits(shownMoney));
    expect(closingText).toContain(digits(shownGold));
    await expectAccessible(page, 'customer/statement');

    const statement = await printed(page);
    expect(statement.pages).toBeGreaterThanOrEqual(2);
    expectPageNumbers(statement);
    expectLetterhead(statement.text[0]!);
    expect(hasWords(statement.text[0]!, `صورت‌حساب مشتری ${CUSTOMER}`)).toBe(true);
    expect(statement.text[0]).toContain(jalali(daysAgo(PAYS + 5)));
    expect(statement.text[0]).toContain(jalali(daysAgo(PAYS))); // the first entry's day
    const all = statement.text.join('\n');
    for (let i = 0; i < 3; i += 1) expect(all).toContain(toPersianDigits(lab.firstDocNumber + i));
    expect(statement.text[statement.pages - 1]).toContain(digits(shownMoney));
    // The header row is printed again on the second page.
    expect(hasWords(statement.text[1]!, 'مانده مبلغ تومان')).toBe(true);

    // The fund report of all time: every row and the totals, from user/store's «چاپ» (this year).
    await page.goto(url('/user/store'));
    await page.getByRole('link', { name: 'چاپ', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/user/store/print/'));
    await page.getByRole('article', { name: 'گزارش صندوق' }).waitFor();
    // All time, so that entries of last year (early in a Jalali year) count too.
    await page.goto(url('/user/store/print/all'));
    await page.getByRole('table', { name: 'گزارش صندوق' }).waitFor();
    await expectAccessible(page, 'user/store/print');
    const store = await printed(page);
    expectPageNumbers(store);
    expectLetterhead(store.text[0]!);
    expect(hasWords(store.text[0]!, CUSTOMER)).toBe(true);
    expect(store.text[0]).toContain(digits(shownMoney));

    // A receipt from pay/add's list.
    await page.goto(url('/pay/add'));
    await page
      .getByRole('form', { name: 'ثبت پرداخت' })
      .getByLabel(/^مشتری/)
      .fill('زرگر');
    await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
    await page.getByRole('link', { name: `رسید دریافت ${jalali(daysAgo(1))}` }).click();
    await page.getByRole('article', { name: 'رسید' }).waitFor();
    await expectAccessible(page, 'pay/receipt');
    const receipt = await printed(page);
    expect(receipt.pages).toBe(1);
    expectPageNumbers(receipt);
    expectLetterhead(receipt.text[0]!);
    // The last entry (i = PAYS − 1: a receipt of 0.125 g and 57,000 toman, yesterday).
    expect(receipt.text[0]).toContain(formatToman(10_000 + (PAYS - 1) * 1_000));
    expect(receipt.text[0]).toContain(formatGrams(125));
    expect(receipt.text[0]).toContain(jalali(daysAgo(1)));
    expect(hasWords(receipt.text[0]!, 'امضای تحویل‌گیرنده')).toBe(true);

    // The day's packets from the packet list.
    await page.goto(url('/lab/list'));
    await page.getByRole('link', { name: 'چاپ بسته‌های روز' }).click();
    await page.getByRole('table', { name: 'بسته‌های روز' }).waitFor();
    await expectAccessible(page, 'lab/day');
    const day = await printed(page);
    expectPageNumbers(day);
    expectLetterhead(day.text[0]!);
    for (let i = 0; i < 3; i += 1) expect(day.text[0]).toContain(toPersianDigits(lab.firstDocNumber + i));
    expect(day.text[0]).toContain(formatToman(150_000)); // three fees of 50,000
    expect(day.text[0]).toContain(formatGrams(10_250 + 11_250 + 12_250));
    await context.close();
  });
});
