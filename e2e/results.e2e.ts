import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPersianDigits } from '@ayar/contract';
import { apiCall, labWithNumbers } from './api.ts';
import { expectAccessible } from './axe.ts';
import { admin, DESKTOP, launch, newPage, PHONE, signIn, url } from './browser.ts';

// ADR 0029: results anyone can verify. A lab records a purity and prints the slip (its version and
// time, a QR of /r/<token>?v=1); a visitor's browser checks the network's signature; the lab corrects
// the purity with a reason and the old slip reads as out of date; «بررسی برگه» on the landing page
// checks a printed purity; the admin withdraws the result and the public page says so.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 9_300_000;
const fa = (n: number) => toPersianDigits(n);

/** A signed-out visitor's fresh page at `path` (nothing cached from another page). */
async function visit(path: string, viewport = PHONE) {
  const visitor = await newPage(browser, viewport);
  await visitor.page.goto(url(path));
  return visitor;
}

/** Waits for the verdict on a slip's address (/r/<token>?v=N); returns its section. */
async function expectVerdict(page: Page, verdict: string) {
  const section = page.getByRole('region', { name: 'بررسی برگه' });
  await section.getByText(verdict).waitFor();
  return section;
}

describe('results anyone can verify', () => {
  it('signs, versions, corrects, checks and withdraws a result', async () => {
    const lab = await labWithNumbers('آزمایشگاه امضا', FIRST);
    const [packet] = (
      await apiCall<{ list: { id: string; docNumber: number }[] }>('/Tests/AddTest', {
        token: lab.token,
        body: [
          {
            customerId: lab.customerId,
            customerName: 'مشتری آزمون',
            docNumber: FIRST,
            title: true,
            readyTime: 30,
            sampleWeight: '0.25',
          },
        ],
      })
    ).list;
    const { publicToken } = await apiCall<{ publicToken: string }>(`/Tests/GetTest?testId=${packet!.id}`, {
      token: lab.token,
    });

    // 1. The lab records the purity from the waiting list.
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url('/lab/list/true'));
    await page.getByLabel(`عیار بسته ${fa(FIRST)}`).fill('۷۵۰');
    await page
      .getByRole('button', { name: /^ثبت عیار/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel(`عیار بسته ${fa(FIRST)}`).count()).toBe(0);

    // 2. The slip prints the version and the time; its QR carries ?v=1.
    await page.goto(url(`/lab/slip/${packet!.id}`));
    const slip = page.getByRole('article', { name: 'برگه بسته' });
    await slip.getByRole('row', { name: /نسخه نتیجه\s*۱/ }).waitFor();
    await expect(slip.getByRole('row', { name: /زمان انتشار/ }).textContent()).resolves.toMatch(
      /[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/,
    );
    await slip.getByText(`/r/${publicToken}?v=1`).waitFor();
    await slip.getByRole('img', { name: /کد QR/ }).waitFor();
    await expectAccessible(page, 'lab/slip with a published result');

    // 3. A visitor opens the slip's address: it matches, and the browser verifies the signature.
    let visitor = await visit(`/r/${publicToken}?v=1`);
    await expectVerdict(visitor.page, 'این برگه با نتیجهٔ فعلی مطابقت دارد');
    await visitor.page.getByText('امضای دیجیتال شبکه تأیید شد').waitFor();
    await expectAccessible(visitor.page, 'r/<token>?v=1, verified');
    await visitor.context.close();

    // 4. The lab corrects the purity on the packet's screen, which asks why.
    await page.goto(url(`/lab/edit/${packet!.id}`));
    const form = page.getByRole('form', { name: 'ویرایش بسته' });
    await form.getByLabel(/^عیار/).fill('۷۴۰');
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await form.getByText('علت را بنویسید').waitFor();
    await form.getByRole('textbox', { name: /^علت اصلاح/ }).fill('خطای ثبت عیار');
    await form.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await page.waitForURL((u) => u.pathname === '/lab/list');
    await page.goto(url(`/lab/edit/${packet!.id}`));
    // On a phone the versions are a list: the first purity and the correction.
    const versions = page.getByRole('list', { name: 'نسخه‌های نتیجه' });
    await expect.poll(() => versions.getByRole('listitem').count()).toBe(2);
    await versions.getByText('علت: خطای ثبت عیار').waitFor();
    await expectAccessible(page, 'lab/edit with the result’s versions');
    await context.close();

    // 5. The old slip now reads as out of date, with the purity as it stands.
    visitor = await visit(`/r/${publicToken}?v=1`);
    const outdated = await expectVerdict(visitor.page, 'این برگه قدیمی است');
    await outdated.getByText(/عیار فعلی:\s*۷۴۰/).waitFor();
    await visitor.page.getByText(/اصلاح‌شده در/).waitFor();
    await visitor.page.getByText('علت: خطای ثبت عیار').first().waitFor();
    await visitor.page.getByText('امضای دیجیتال شبکه تأیید شد').waitFor();
    await expectAccessible(visitor.page, 'r/<token>?v=1, out of date');
    await visitor.context.close();

    // 6. «بررسی برگه» on the landing page: the current purity matches, the old one is out of date.
    visitor = await visit('/', DESKTOP);
    await visitor.page.getByRole('button', { name: 'بررسی برگه' }).click();
    const check = visitor.page.getByRole('form', { name: 'بررسی برگه' });
    await check.getByLabel(/^شماره بسته/).fill(fa(FIRST));
    await check.getByLabel(/^عیار چاپ‌شده روی برگه/).fill('۷۴۰');
    await check.getByRole('button', { name: 'بررسی برگه' }).click();
    const answer = visitor.page.getByRole('region', { name: 'نتیجه بررسی برگه' });
    await answer.getByText('این برگه با نتیجهٔ فعلی مطابقت دارد').waitFor();
    await expectAccessible(visitor.page, '«بررسی برگه», matches');
    await check.getByLabel(/^عیار چاپ‌شده روی برگه/).fill('۷۵۰');
    await check.getByRole('button', { name: 'بررسی برگه' }).click();
    await answer.getByText('این برگه قدیمی است').waitFor();
    await visitor.context.close();

    // 7. The admin withdraws the result, with a reason.
    const desk = await newPage(browser, DESKTOP);
    await signIn(desk.page, admin().username, admin().password);
    await desk.page.goto(url(`/manage/edit-lab/${packet!.id}`));
    await desk.page.getByRole('button', { name: 'باطل کردن نتیجه' }).click();
    const dialog = desk.page.getByRole('dialog', { name: 'باطل کردن نتیجه' });
    await dialog.getByRole('textbox', { name: /علت باطل کردن/ }).fill('نمونه اشتباه برش خورده بود');
    await dialog.getByRole('button', { name: 'باطل کردن نتیجه' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await desk.page.getByText('نتیجه باطل شده', { exact: true }).waitFor();
    await expect
      .poll(() => desk.page.getByRole('table', { name: 'نسخه‌های نتیجه' }).getByRole('row').count())
      .toBe(4);
    await expectAccessible(desk.page, 'manage/edit-lab, withdrawn');
    await desk.context.close();

    // 8. The public page says the result is void, with why, and shows no purity.
    visitor = await visit(`/r/${publicToken}`);
    await visitor.page.getByText('این نتیجه باطل شده است').waitFor();
    await visitor.page.getByText('علت: نمونه اشتباه برش خورده بود').waitFor();
    expect(await visitor.page.getByText(/عیار\s*۷۴۰/).count()).toBe(0);
    await expectAccessible(visitor.page, 'r/<token>, withdrawn');
    await visitor.context.close();
  });
});
