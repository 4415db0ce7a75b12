import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labWithNumbers, publishedPacket, waitingPacket } from './api.ts';
import { DESKTOP, PHONE, launch, newPage, signIn, url } from './browser.ts';

// «خروجی اکسل» as a lab uses it (docs/product.md §2.16, ADR 0055): the button on the packet list, the
// browser's download, and the file opened as Excel would open it.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 9_950_000;

/** Clicks «خروجی اکسل», then the format; answers the downloaded file's name and bytes. */
async function download(page: Page, format: 'اکسل (xlsx)' | 'CSV') {
  await page.getByRole('button', { name: 'خروجی اکسل' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

describe('exports a lab downloads', () => {
  it('the packet list as CSV and as an Excel workbook: every packet, Persian headers, numbers as numbers', async () => {
    const lab = await labWithNumbers('آزمایشگاه خروجی', FIRST);
    await publishedPacket(lab, FIRST, 750);
    await publishedPacket(lab, FIRST + 1, 875);
    await waitingPacket(lab, FIRST + 2);

    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url('/lab/list'));
    await page.getByRole('button', { name: 'خروجی اکسل' }).waitFor();

    const csv = await download(page, 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('شماره بسته');
    for (const n of [FIRST, FIRST + 1, FIRST + 2]) expect(text).toContain(String(n));

    const xlsx = await download(page, 'اکسل (xlsx)');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    expect(header).toContain('شماره بسته');
    const numberColumn = header.indexOf('شماره بسته');
    const purityColumn = header.indexOf('عیار');
    const rows = [2, 3, 4].map((r) => sheet.getRow(r).values as unknown[]);
    expect(rows.map((r) => r[numberColumn]).sort()).toEqual([FIRST, FIRST + 1, FIRST + 2]);
    // Purities are numbers Excel can add up; the waiting packet's cell is empty.
    expect(rows.map((r) => r[purityColumn] ?? null).sort()).toEqual([750, 875, null]);
    await context.close();
  });

  it('at 390 px the button is there and its menu offers both formats', async () => {
    const lab = await labWithNumbers('آزمایشگاه خروجی کوچک', FIRST + 100);
    await publishedPacket(lab, FIRST + 100, 750);
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url('/lab/list'));
    await page.getByRole('button', { name: 'خروجی اکسل' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).waitFor();
    await page.getByRole('menuitem', { name: 'اکسل (xlsx)' }).waitFor();
    await context.close();
  });
});
