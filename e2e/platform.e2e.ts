import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { admin, DESKTOP, launch, newPage, PHONE, url } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((u) => u.pathname === path);
  expect(pathOf(page)).toBe(path);
}

async function signInAsAdmin(page: Page) {
  await page.goto(url('/'));
  await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
  const form = page.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
  await form.getByLabel('نام کاربری').fill(admin().username);
  await form.getByLabel(/^رمز عبور/).fill(admin().password);
  await form.getByRole('button', { name: 'ورود', exact: true }).click();
  await waitForPath(page, '/dashboard');
}

describe('the landing page', () => {
  it('is Persian, right-to-left, shows the version, and loads nothing from another host', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const foreign: string[] = [];
    page.on('request', (req) => {
      const host = new URL(req.url()).hostname;
      if (!['127.0.0.1', 'localhost'].includes(host) && !req.url().startsWith('data:'))
        foreign.push(req.url());
    });
    await page.goto(url('/'));
    expect(await page.getAttribute('html', 'lang')).toBe('fa');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // Mode 1 (result lookup) is the default.
    await expect(
      page
        .getByLabel(/شماره (بسته|سند)/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Vazirmatn');
    // The login page (mode 0) shows the version label.
    await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
    await expect(page.getByText('v1.10.0').first().isVisible()).resolves.toBe(true);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations, on a phone and on a desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(url('/'));
      await page.getByRole('navigation', { name: 'پیمایش اصلی' }).waitFor();
      await expectAccessible(page, `the landing page at ${viewport.width} px`);
      await context.close();
    }
  });

  it('shows the server’s Persian message for a wrong password and stays on the login form', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
    const form = page.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
    await form.getByLabel('نام کاربری').fill(admin().username);
    await form.getByLabel(/^رمز عبور/).fill('definitely-wrong');
    await form.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.getByText('نام کاربری یا رمز عبور اشتباه است').first().waitFor();
    expect(pathOf(page)).toBe('/');
    await expectAccessible(page, 'the login form with its error toast');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);
    await context.close();
  });
});

describe('navigation guard', () => {
  it('sends a signed-out visitor from any guarded page to the landing page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    for (const path of [
      '/dashboard',
      '/lab/add',
      '/customer/list',
      '/manage/codes',
      '/manage/edit-user/1/x',
    ]) {
      await page.goto(url(path));
      await waitForPath(page, '/');
    }
    // Public pages stay.
    for (const path of ['/register', '/about', '/lab-owners']) {
      await page.goto(url(path));
      await page.waitForLoadState('networkidle');
      expect(pathOf(page)).toBe(path);
      await expectAccessible(page, path);
    }
    await context.close();
  });

  it('signs the admin in, keeps them on manage/ pages, the dashboard and logout, and signs them out', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    const stored = await page.evaluate(() => Object.values(localStorage));
    expect(stored.some((v) => /^bearer \S+\.\S+\.\S+$/.test(v))).toBe(true);

    // '/' while signed in goes to the dashboard.
    await page.goto(url('/'));
    await waitForPath(page, '/dashboard');
    // An admin anywhere but manage/, the dashboard, the own profile (ADR 0025) or logout goes to the dashboard.
    for (const path of ['/lab/add', '/customer/list', '/code/add']) {
      await page.goto(url(path));
      await waitForPath(page, '/dashboard');
    }
    for (const path of ['/manage/codes', '/manage/lab-owners', '/manage/system-setting', '/profile']) {
      await page.goto(url(path));
      await page.waitForLoadState('networkidle');
      expect(pathOf(page)).toBe(path);
      await expectAccessible(page, path);
    }

    // The shell: a header with the title and the admin's side menu.
    await page.getByRole('button', { name: /منو/ }).first().click();
    const menu = page.getByRole('navigation', { name: /منو/ }).last();
    for (const label of ['کدها', 'درخواست‌های شارژ', 'تنظیمات سیستم', 'آزمایشگاه‌ها']) {
      await expect(menu.getByText(label, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    await expectAccessible(page, 'the admin menu drawer');
    const token = (await page.evaluate(() => Object.values(localStorage))).find((v) =>
      v.startsWith('bearer '),
    )!;

    await menu.getByText('خروج').first().click();
    await waitForPath(page, '/');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(url('/dashboard'));
    await waitForPath(page, '/');

    // Logout revoked the session on the server too.
    const res = await fetch(url('/api/v1.0/Account/logout'), {
      method: 'POST',
      headers: { authorization: token },
    });
    expect(res.status).toBe(401);
    await context.close();
  });

  it('a request answered 401 (session ended elsewhere) clears the login and returns to the landing page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    const token = (await page.evaluate(() => Object.values(localStorage))).find((v) =>
      v.startsWith('bearer '),
    )!;
    await fetch(url('/api/v1.0/Account/logout'), { method: 'POST', headers: { authorization: token } });
    // Signing out from the app now meets a 401 from the server; the app still ends up signed out.
    await page.goto(url('/logout'));
    await waitForPath(page, '/');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await context.close();
  });
});
