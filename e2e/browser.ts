import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium (docs/product.md §11.1); CHROMIUM_PATH overrides it on other machines. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function newPage(
  browser: Browser,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  const page = await context.newPage();
  return { context, page };
}

export const url = (path: string) => new URL(path, inject('baseUrl')).toString();
export const admin = () => ({ username: inject('adminUsername'), password: inject('adminPassword') });

/** Signs in through the landing page's form, as a user does, and waits for the dashboard. */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.goto(url('/'));
  await page.getByRole('navigation', { name: 'پیمایش اصلی' }).getByRole('button', { name: 'ورود' }).click();
  const form = page.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
  await form.getByLabel('نام کاربری').fill(userName);
  await form.getByLabel(/^رمز عبور/).fill(password);
  await form.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
}
