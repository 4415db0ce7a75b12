import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_USER_SETTINGS } from '@ayar/contract';
import type { UserSettings } from '@ayar/contract';
import { getUserSettings, saveLogin } from '../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

// ADR 0027: a workshop chooses which of the network's ready and wait texts its customers receive.

const READY = ['نتیجه بسته #d: عیار #c', 'آزمایشگاه #n: بسته #d با عیار #c آماده است'];
const WAIT = ['بسته #d ثبت شد؛ #t دقیقه دیگر'];

const fetchMock = vi.fn<typeof fetch>();
function signIn(settings: Partial<UserSettings> = {}) {
  saveLogin({
    token: 't',
    userUsername: 'lab1',
    userId: 'u-1',
    userRoleId: 2,
    userFname: 'آزمایشگاه مهر',
    nationalId: null,
    userSanapass: JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...settings }),
    role: 'workshop',
    testTypes: [],
  });
}
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).includes('/Account/SmsTemplates'))
      return jsonResponse({
        successful: true,
        message: '',
        data: { readySMS: READY, waitSMS: WAIT, smsRey: '' },
      });
    const { settings } = JSON.parse(String(init?.body));
    return jsonResponse({ successful: true, message: 'تنظیمات ذخیره شد', data: settings });
  });
});
afterEach(() => vi.unstubAllGlobals());

const savedSettings = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/Account/EditSettings'))
    .map(([, init]) => JSON.parse(String(init?.body)).settings as UserSettings);

describe('choosing the customers’ SMS texts (user-settings/edit)', () => {
  it('shows the network’s texts with sample values, the first as default, and saves the one chosen', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    const ready = await screen.findByRole('radiogroup', { name: 'پیامک آماده شدن نتیجه' });
    const first = within(ready).getByRole('radio', { name: /نتیجه بسته ۱۰۰۲۴۵: عیار ۷۵۰/ });
    const second = within(ready).getByRole('radio', { name: /آزمایشگاه مهر: بسته ۱۰۰۲۴۵ با عیار ۷۵۰/ });
    expect(first).toBeChecked();
    expect(within(ready).getByText('پیش‌فرض شبکه')).toBeInTheDocument();

    await user.click(second);
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(await screen.findByText('تنظیمات ذخیره شد')).toBeInTheDocument();
    expect(savedSettings()).toEqual([expect.objectContaining({ readySms: READY[1], waitSms: null })]);
    expect(getUserSettings()).toMatchObject({ readySms: READY[1] });
  });

  it('says when the text chosen earlier is no longer listed, and shows the first as the one sent', async () => {
    signIn({ readySms: 'متنی که مدیر حذف کرد' });
    renderApp('/user-settings/edit');
    const ready = await screen.findByRole('radiogroup', { name: 'پیامک آماده شدن نتیجه' });
    expect(within(ready).getByRole('radio', { name: /نتیجه بسته ۱۰۰۲۴۵/ })).toBeChecked();
    expect(screen.getByText(/دیگر در فهرست شبکه نیست/)).toBeInTheDocument();
  });
});
