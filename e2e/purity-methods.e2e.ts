import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRE_MSG, IMPORT_PROBLEM_LABELS, toPersianDigits } from '@ayar/contract';
import { labWithNumbers, waitingPacket } from './api.ts';
import { expectAccessible } from './axe.ts';
import { DESKTOP, PHONE, launch, newPage, signIn, url } from './browser.ts';

// How a purity is measured, at the bench (docs/product.md §2.18, ADR 0059). Fire assay: a pair outside
// the lab's tolerance asks for a repeat; the repeat within it is published, and the public page shows
// «روش: کوپلاسیون» under the network's verified signature. Instrument import: an XRF analyser's Excel
// file previewed row by row, the applicable row recorded, and the public page showing «XRF — <device>»
// under the signature.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 9_970_000;
const XRF_FIRST = 9_970_100;

describe('fire assay at the bench', () => {
  it('a repeat, then a pair within tolerance: published, signed and shown with its method', async () => {
    const lab = await labWithNumbers('آزمایشگاه کوپلاسیون', FIRST);
    const packet = await waitingPacket(lab, FIRST);
    const { publicToken } = packet;

    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url(`/lab/edit/${packet.id}`));
    const panel = page.getByRole('region', { name: 'کوپلاسیون و روش عیار' });
    await panel.getByLabel('تعیین اول').fill('۷۵۴');
    await panel.getByLabel('تعیین دوم').fill('۷۵۰');
    await panel.getByText('بیش از حد مجاز: باید تکرار شود').waitFor();
    await panel.getByRole('button', { name: 'ثبت کوپلاسیون' }).click();
    await panel.getByRole('alert').getByText(FIRE_MSG.repeat).waitFor();
    await panel.getByText('تکرار خواسته شد').waitFor();
    await expectAccessible(page, 'lab/edit with the fire assay panel');

    await panel.getByLabel('تعیین اول').fill('751');
    await panel.getByLabel('تعیین دوم').fill('750');
    await panel.getByText(`عیار گزارش‌شده: ${toPersianDigits(750)}`).waitFor();
    await panel.getByRole('button', { name: 'ثبت کوپلاسیون' }).click();
    await panel.getByText(/روش عیار فعلی:\s*کوپلاسیون/).waitFor();
    await context.close();

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto(url(`/r/${publicToken}`));
    await visitor.page.getByText('امضای دیجیتال شبکه تأیید شد').waitFor();
    const details = visitor.page.getByRole('region', { name: `جزئیات بسته ${toPersianDigits(FIRST)}` });
    await details.getByText('کوپلاسیون', { exact: true }).waitFor();
    expect(await details.getByText('این موارد در امضای این نتیجه نیستند').count()).toBe(0);
    await expectAccessible(visitor.page, 'r/<token> with the method');
    await visitor.context.close();
  });
});

/** An export as Fischerscope's software writes it: the sample id and gold in percent, first sheet. */
async function fischerscopeFile(rows: [number, number][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  sheet.addRow(['Sample', 'Au [%]', 'Ag [%]']);
  for (const [sample, gold] of rows) sheet.addRow([sample, gold, 100 - gold]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('instrument import at the bench', () => {
  it('an Excel file previewed, its applicable row recorded, signed and shown with «XRF — device»', async () => {
    const lab = await labWithNumbers('آزمایشگاه XRF', XRF_FIRST);
    const packet = await waitingPacket(lab, XRF_FIRST);
    const file = await fischerscopeFile([
      [XRF_FIRST, 75.08],
      [XRF_FIRST + 50, 91.6],
    ]);

    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url('/lab/import'));
    await page.getByLabel('الگوی خواندن فایل', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Fischerscope XAN (WinFTM)' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'xan-results.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByRole('button', { name: 'پیش‌نمایش' }).click();
    const table = page.getByRole('table');
    await table.getByText(IMPORT_PROBLEM_LABELS.notFound).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toContain(toPersianDigits(750));
    await expectAccessible(page, 'lab/import with a preview');
    await page.getByRole('button', { name: 'ثبت ۱ عیار' }).click();
    await page.getByText('۱ عیار ثبت شد').first().waitFor();
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'lab/import after applying, desktop');
    await context.close();

    const visitor = await newPage(browser, DESKTOP);
    await visitor.page.goto(url(`/r/${packet.publicToken}`));
    await visitor.page.getByText('امضای دیجیتال شبکه تأیید شد').waitFor();
    const details = visitor.page.getByRole('region', { name: `جزئیات بسته ${toPersianDigits(XRF_FIRST)}` });
    await details.getByText('XRF — Fischerscope XAN').waitFor();
    expect(await details.getByText('این موارد در امضای این نتیجه نیستند').count()).toBe(0);
    await visitor.context.close();
  });
});
