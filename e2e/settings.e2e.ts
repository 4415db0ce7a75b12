import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REY_TEST_TYPE_ID, TEST_TYPES, toPersianDigits } from '@ayar/contract';
import { adminToken, apiCall, createWorkshop, loginToken } from './api.ts';
import { admin, DESKTOP, launch, newPage, PHONE, signIn, url } from './browser.ts';

// Settings (ADR 0028), walked in Chromium as the administrator and a lab click it: the public site
// information (item 6, ADR 0028) and the workshop settings that used to do nothing (item 5, ADR 0027).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** A 48×52 PNG (a gold square): the trust seal the administrator uploads. */
const SEAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAA0CAIAAABD8SzGAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPElEQVRYw+3OAQkAAAgDsLewvqEMZA2FwQIs03VKhISEhISEhISEhISEhISEhISEhISEhISEhISEhP6EFvkFDCI6XHtkAAAAAElFTkSuQmCC',
  'base64',
);

/** A fifth of a second of a 440 Hz tone, as WAV: the lab's alert sound. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate / 5;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const FIRST = 8_500_000;
let ranges = 0;

/** A lab with 100 numbers and one customer (mobile 0912…), signed in through the API for set-up. */
async function labWithCustomer(name: string, mobile: string) {
  const lab = await createWorkshop(name);
  const from = FIRST + 1000 * ranges++;
  await apiCall('/Manage/GetCodes', {
    token: await adminToken(),
    body: { userId: lab.id, fromCode: from, toCode: from + 99 },
  });
  const token = await loginToken(lab.userName, lab.password);
  await apiCall('/Customer/AddCustomer', { token, body: { customerName: 'مشتری آزمون', mobile1: mobile } });
  const customers = await apiCall<{ list: { customerId: string }[] }>('/Customer/AllCustomers', { token });
  return { ...lab, token, from, customerId: customers.list[0]!.customerId };
}

/**
 * The packet another counter registers (without purity), on the number GetCode gives it: the browser
 * signed in here holds the lab's first numbers for offline use (ADR 0033). Answers that number.
 */
async function registerPacket(lab: Awaited<ReturnType<typeof labWithCustomer>>, type: string) {
  const docNumber = await apiCall<number>('/Tests/GetCode', { token: lab.token, body: {} });
  await apiCall('/Tests/AddTest', {
    token: lab.token,
    body: [
      {
        customerId: lab.customerId,
        customerName: 'مشتری آزمون',
        docNumber,
        title: true,
        type,
        readyTime: 30,
        sampleWeight: '0.25',
        sendCall: false,
      },
    ],
  });
  return docNumber;
}

async function messagesTo(mobile: string): Promise<string[]> {
  const messages = await apiCall<{ list: { to: string; kind: string; text: string }[] }>(
    `/Manage/Messages?pageSize=200&to=${mobile}`,
    { token: await adminToken() },
  );
  return messages.list.filter((m) => m.kind === 'sms').map((m) => m.text);
}

async function openSystemSettings(page: Page) {
  await signIn(page, admin().username, admin().password);
  await page.goto(url('/manage/system-setting'));
}

describe('settings that mean something', () => {
  it('6. the administrator edits the public information; the landing, embedded and about pages show it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await openSystemSettings(page);
    const form = page.getByRole('form', { name: 'اطلاعات عمومی سایت' });
    await form.getByLabel('تلفن پشتیبانی').fill('۰۲۱-۹۱۰۰ ۲۲۳۳');
    await form.getByLabel('ساعات پاسخگویی').fill('شنبه تا پنجشنبه، ۹ تا ۱۷');
    await form.getByLabel('نشانی', { exact: true }).fill('تهران، خیابان جمهوری، پلاک ۱۲');
    await form.getByLabel('کد پستی').fill('۱۱۳۱۸۳۴۵۶۷');
    await form.getByLabel('شرکت').fill('شرکت شبکه عیار');
    await form.getByLabel(/نشانی صفحه تأیید نماد/).fill('https://trustseal.example/?id=123');
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'بارگذاری تصویر' }).click();
    await (await chooser).setFiles({ name: 'seal.png', mimeType: 'image/png', buffer: SEAL_PNG });
    await form.getByRole('img', { name: 'تصویر نماد اعتماد' }).waitFor();
    await form.getByLabel('نام پیوند').fill('بازار طلا');
    await form.getByLabel(/نشانی سایت/).fill('https://bazar-tala.example/');
    await form.getByRole('button', { name: 'ذخیره اطلاعات عمومی' }).click();
    await page.getByText('اطلاعات عمومی سایت ذخیره شد').first().waitFor();
    await context.close();

    // A visitor on a phone: the support line and the seal (served by this site) on the landing page.
    const guest = await newPage(browser, PHONE);
    await guest.page.goto(url('/'));
    const phone = guest.page.getByRole('link', { name: '۰۲۱-۹۱۰۰ ۲۲۳۳' });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe('tel:02191002233');
    const seal = guest.page.getByTestId('trust-seal');
    expect(await seal.getAttribute('href')).toBe('https://trustseal.example/?id=123');
    const image = seal.getByRole('img', { name: 'نماد اعتماد الکترونیکی' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    expect(await image.getAttribute('src')).toMatch(/^\/api\/v1\.0\/Site\/TrustSeal\//);

    // The drawer's sister-site link, and the about page.
    await guest.page.getByRole('button', { name: 'باز کردن منو' }).click();
    const sister = guest.page.getByRole('link', { name: /بازار طلا/ });
    expect(await sister.getAttribute('href')).toBe('https://bazar-tala.example/');
    await guest.page.getByRole('link', { name: 'درباره ما' }).click();
    await guest.page.waitForURL((u) => u.pathname === '/about');
    await guest.page.getByText('تهران، خیابان جمهوری، پلاک ۱۲').waitFor();
    await guest.page.getByText('۱۱۳۱۸۳۴۵۶۷').waitFor();
    await guest.page.getByText('شرکت شبکه عیار').waitFor();

    // The embedded lookup a partner site frames.
    await guest.page.goto(url('/ayarEmbedded'));
    await guest.page.getByRole('link', { name: '۰۲۱-۹۱۰۰ ۲۲۳۳' }).waitFor();
    await guest.context.close();
  });

  it('5. a lab picks its ready SMS; the outbox uses it, and a melted-gold purity is followed by the rey SMS', async () => {
    // Set-up: the administrator's texts (restored at the end, for the other files on this server).
    const before = await apiCall<{ key: string; value: string }[]>('/Account/SystemSettings', {
      token: await adminToken(),
    });
    await apiCall('/Account/AddOrUpdateSystemSetting', {
      token: await adminToken(),
      body: {
        AccNumber: '6037-9911',
        price: 1000,
        readySMS: ['نتیجه بسته #d: عیار #c', 'آزمایشگاه #n: بسته #d با عیار #c آماده است'],
        waitSMS: ['بسته #d ثبت شد؛ #t دقیقه دیگر'],
        smsRey: 'پیگیری ری: بسته #d با عیار #c در #n',
      },
    });
    const mobile = '09127770001';
    const lab = await labWithCustomer('آزمایشگاه پیامک', mobile);
    await apiCall('/Account/EditSettings', {
      token: lab.token,
      body: { settings: { labType: 1, sendSMS: true, testType: TEST_TYPES[0].id, vageType: 1, vage: 0 } },
    });

    // The lab chooses the second ready text on its settings page.
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, lab.userName, lab.password);
    await page.goto(url('/user-settings/edit'));
    const ready = page.getByRole('radiogroup', { name: 'پیامک آماده شدن نتیجه' });
    await ready.getByRole('radio', { name: /آزمایشگاه پیامک: بسته ۱۰۰۲۴۵ با عیار ۷۵۰/ }).check();
    await page.getByRole('button', { name: 'ذخیره تنظیمات' }).click();
    await page.getByText('تنظیمات ذخیره شد').first().waitFor();

    // A melted-gold packet waits; the bench records its purity on the waiting list.
    const n = await registerPacket(lab, REY_TEST_TYPE_ID);
    await page.goto(url('/lab/list/true'));
    await page
      .getByLabel(new RegExp(`^عیار .*${toPersianDigits(n)}`))
      .first()
      .fill('995');
    await page
      .getByRole('button', { name: /^ثبت عیار/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel(new RegExp(`^عیار .*${toPersianDigits(n)}`)).count()).toBe(0);
    await context.close();

    expect(await messagesTo(mobile)).toEqual(
      expect.arrayContaining([
        `آزمایشگاه آزمایشگاه پیامک: بسته ${n} با عیار 995 آماده است`,
        `پیگیری ری: بسته ${n} با عیار 995 در آزمایشگاه پیامک`,
      ]),
    );
    expect(await messagesTo(mobile)).not.toContain(`نتیجه بسته ${n}: عیار 995`);

    // The administrator reads both on the messages page.
    const adminSide = await newPage(browser, DESKTOP);
    await signIn(adminSide.page, admin().username, admin().password);
    await adminSide.page.goto(url('/manage/messages'));
    await adminSide.page.getByText(`پیگیری ری: بسته ${n} با عیار 995 در آزمایشگاه پیامک`).first().waitFor();
    await adminSide.context.close();

    const value = (key: string) => before.find((e) => e.key === key)?.value ?? '';
    await apiCall('/Account/AddOrUpdateSystemSetting', {
      token: await adminToken(),
      body: {
        AccNumber: value('AccountNumber') || '6037-9911',
        AccName: value('AccountName'),
        price: Number(value('NumPrice') || 1000),
        readySMS: value('ReadySMS').split('-=-'),
        waitSMS: value('WaitSMS').split('-=-'),
        smsRey: value('RaySMS'),
      },
    });
  });

  it('5. a lab user’s dashboard sounds its audio for a new packet; a listing-only lab cannot sign in', async () => {
    const lab = await labWithCustomer('آزمایشگاه میز عیار', '09127770002');
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, admin().username, admin().password);
    await page.goto(url(`/manage/edit-user/${lab.id}/${encodeURIComponent('آزمایشگاه میز عیار')}`));
    await page.getByLabel('آیا کاربر آزمایشگاه است؟').check();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'بارگذاری فایل صوتی' }).click();
    await (await chooser).setFiles({ name: 'alert.wav', mimeType: 'audio/wav', buffer: toneWav() });
    await page.getByText('فایل صوتی آزمایشگاه').waitFor();
    await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/manage/lab-owners');

    // The lab's bench: the count, and the sound when the counter registers a packet.
    const bench = await newPage(browser, PHONE);
    await bench.page.addInitScript(() => {
      const w = window as unknown as { plays: number };
      w.plays = 0;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        w.plays += 1;
        return play.call(this);
      };
    });
    await signIn(bench.page, lab.userName, lab.password);
    const queue = bench.page.getByRole('region', { name: 'صف آزمایشگاه' });
    await queue.getByTestId('lab-queue-count').getByText('۰').waitFor();
    await queue.getByRole('button', { name: 'آزمایش صدا' }).waitFor();
    await registerPacket(lab, TEST_TYPES[0].id);
    await queue.getByText(/۱ بسته تازه/).waitFor({ timeout: 40_000 });
    await queue.getByTestId('lab-queue-count').getByText('۱').waitFor();
    expect(await bench.page.evaluate(() => (window as unknown as { plays: number }).plays)).toBe(1);
    await bench.context.close();

    // Another lab made listing-only: in the public list, and its sign-in is refused with the reason.
    const listed = await createWorkshop('آزمایشگاه فقط فهرست');
    await page.goto(url(`/manage/edit-user/${listed.id}/${encodeURIComponent('آزمایشگاه فقط فهرست')}`));
    await page.getByLabel('فقط نمایش در لیست').check();
    await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/manage/lab-owners');
    await context.close();

    const guest = await newPage(browser, PHONE);
    await guest.page.goto(url('/lab-owners'));
    await guest.page.getByText('آزمایشگاه فقط فهرست').first().waitFor();
    await guest.page.goto(url('/'));
    await guest.page
      .getByRole('navigation', { name: 'پیمایش اصلی' })
      .getByRole('button', { name: 'ورود' })
      .click();
    const login = guest.page.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
    await login.getByLabel('نام کاربری').fill(listed.userName);
    await login.getByLabel(/^رمز عبور/).fill(listed.password);
    await login.getByRole('button', { name: 'ورود', exact: true }).click();
    await guest.page
      .getByText(/فقط در فهرست آزمایشگاه‌ها نمایش داده می‌شود/)
      .first()
      .waitFor();
    expect(new URL(guest.page.url()).pathname).toBe('/');
    await guest.context.close();
  }, 120_000);
});
