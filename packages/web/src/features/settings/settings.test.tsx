import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_USER_SETTINGS } from '@ayar/contract';
import { STORAGE_KEYS, getUserSettings, saveLogin } from '../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  saveLogin({
    token: 't',
    userUsername: 'lab1',
    userId: 'u-1',
    userRoleId: 2,
    userFname: 'آزمایشگاه',
    nationalId: null,
    userSanapass: JSON.stringify(DEFAULT_USER_SETTINGS),
    role: 'workshop',
    testTypes: [],
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The page also reads the network's SMS texts (SmsChoice); these are the settings it saved. */
const saves = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/Account/EditSettings'));
const templates = () =>
  jsonResponse({
    successful: true,
    message: '',
    data: { readySMS: ['عیار #c'], waitSMS: ['#t دقیقه'], smsRey: '' },
  });

describe('user settings', () => {
  it('saves the fee typed in Persian digits and the packet mode, and keeps them for the next screens', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).includes('/Account/SmsTemplates')) return templates();
      const { settings } = JSON.parse(String(init?.body));
      return jsonResponse({ successful: true, message: 'تنظیمات ذخیره شد', data: settings });
    });
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    await user.click(await screen.findByRole('radio', { name: 'شماره بسته' }));
    const fee = screen.getByLabelText(/^مبلغ اجرت/);
    await user.clear(fee);
    await user.type(fee, '۱۵۰۰۰۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));

    expect(await screen.findByText('تنظیمات ذخیره شد')).toBeInTheDocument();
    const sent = JSON.parse(String(saves()[0]![1]?.body));
    expect(sent.settings).toMatchObject({ labType: 1, vage: 150000, vageType: 1 });
    expect(getUserSettings()).toMatchObject({ labType: 1, vage: 150000 });
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toContain('150000');
  });

  it('takes a percentage fee with decimals, and refuses more than 100 percent without sending', async () => {
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    await user.click(await screen.findByRole('radio', { name: /درصدی/ }));
    const fee = screen.getByLabelText(/^درصد اجرت/);
    await user.clear(fee);
    await user.type(fee, '۱۲۰.۵');
    expect(fee).toHaveValue('۱۲۰.۵');
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(
      await screen.findByText('درصد اجرت باید بین ۰ تا ۱۰۰ با حداکثر دو رقم اعشار باشد'),
    ).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });
});
