import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_USER_SETTINGS } from '@ayar/contract';
import { saveLogin } from '../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const emptyPage = { list: [], totalCount: 0, currPage: 1, pageSize: 200 };

function signIn(settings: Partial<typeof DEFAULT_USER_SETTINGS> = {}) {
  saveLogin({
    token: 't',
    userUsername: 'lab1',
    userId: 'u-1',
    userRoleId: 2,
    userFname: 'آزمایشگاه',
    nationalId: null,
    userSanapass: JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...settings }),
    role: 'workshop',
    testTypes: [],
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const sentTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).includes(path))
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the customer form (customer/add)', () => {
  it('sends the mobile typed in Persian digits as 09…, and no settings when they equal the defaults', async () => {
    signIn({ vage: 50000, vageType: 1, sendSMS: true });
    fetchMock.mockImplementation(async (url) => {
      if (String(url).includes('/Customer/AddCustomer')) {
        return jsonResponse({ successful: true, message: 'مشتری ثبت شد', data: 7 });
      }
      return jsonResponse({ successful: true, message: '', data: emptyPage });
    });
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    await user.type(within(form).getByLabelText(/^نام مشتری/), 'علی رضایی');
    const mobile = within(form).getAllByLabelText(/^موبایل/)[0]!;
    await user.type(mobile, '۰۹۱۲۱۲۳۴۵۶۷');
    expect(mobile).toHaveValue('09121234567');
    // The fee starts at the workshop's default (50000 toman).
    expect(within(form).getByLabelText(/^اجرت/)).toHaveValue('50000');
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));

    expect(await screen.findByText(/مشتری ثبت شد \(کد مشتری: ۷\)/)).toBeInTheDocument();
    expect(sentTo('/Customer/AddCustomer')).toEqual([
      expect.objectContaining({
        customerName: 'علی رضایی',
        mobile1: '09121234567',
        mobile2: null,
        settings: null,
      }),
    ]);
  });

  it('sends only the setting that differs from the workshop’s', async () => {
    signIn({ vage: 50000, vageType: 1, sendSMS: true });
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/Customer/AddCustomer')
        ? jsonResponse({ successful: true, message: 'مشتری ثبت شد', data: 1 })
        : jsonResponse({ successful: true, message: '', data: emptyPage }),
    );
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    await user.type(within(form).getByLabelText(/^نام مشتری/), 'زهرا');
    await user.type(within(form).getAllByLabelText(/^موبایل/)[0]!, '+۹۸۹۳۵۱۱۱۲۲۳۳');
    const fee = within(form).getByLabelText(/^اجرت/);
    await user.clear(fee);
    await user.type(fee, '۷۵۰۰۰');
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));
    await screen.findByText(/مشتری ثبت شد/);
    const [sent] = sentTo('/Customer/AddCustomer');
    expect(sent).toMatchObject({ mobile1: '09351112233', settings: JSON.stringify({ vage: 75000 }) });
  });

  it('asks for the name and the mobile, and refuses a mobile that is not one, without sending', async () => {
    signIn();
    fetchMock.mockResolvedValue(jsonResponse({ successful: true, message: '', data: emptyPage }));
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));
    expect(await within(form).findByText('نام مشتری الزامی است')).toBeInTheDocument();
    expect(within(form).getByText('شماره موبایل الزامی است')).toBeInTheDocument();
    await user.type(within(form).getAllByLabelText(/^موبایل/)[1]!, '۱۲۳۴');
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));
    expect(await within(form).findByText(/شماره موبایل معتبر نیست/)).toBeInTheDocument();
    expect(sentTo('/Customer/AddCustomer')).toEqual([]);
  });
});
