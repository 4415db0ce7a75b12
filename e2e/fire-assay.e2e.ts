import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRE_MSG, toPersianDigits } from '@ayar/contract';
import { labWithNumbers, waitingPacket } from './api.ts';
import { expectAccessible } from './axe.ts';
import { DESKTOP, PHONE, launch, newPage, signIn, url } from './browser.ts';

// Fire assay at the bench (docs/product.md §2.18, ADR 0059): a pair outside the lab's tolerance asks for
// a repeat; the repeat within it is published, and the public page shows «روش: کوپلاسیون» under the
// network's verified signature.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = 9_970_000;

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
