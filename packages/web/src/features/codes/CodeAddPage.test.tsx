import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const ranges = [
  {
    id: 'r1',
    fromCode: 100000,
    toCode: 100099,
    count: 100,
    used: 12,
    serialNo: 1,
    createdAt: '2026-11-20T08:00:00Z',
  },
];
function respond(url: string, init?: RequestInit): Response {
  if (url.includes('/Account/GetAllCode')) {
    return jsonResponse({
      successful: true,
      message: '',
      data: { list: ranges, price: 1000, balance: 150_000, canBuy: true },
    });
  }
  if (url.includes('/Account/GetCode')) {
    const { count } = JSON.parse(String(init?.body)) as { count: number };
    return jsonResponse({
      successful: true,
      message: 'شماره‌ها ثبت شد',
      data: { fromCode: 100100, toCode: 100100 + count - 1, count, all: ranges },
    });
  }
  return jsonResponse({ successful: false, message: 'unexpected', data: null }, 500);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => respond(String(input), init));
  localStorage.setItem(STORAGE_KEYS.token, 'bearer t');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ userId: 'w1', role: 'workshop', userFname: 'آزمایشگاه' }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const countField = () => screen.getByLabelText(/تعداد شماره/);

describe('code/add', () => {
  it('resets the count to 1000 once loaded and shows the price, balance and earlier ranges', async () => {
    renderApp('/code/add');
    await waitFor(() => expect(countField()).toHaveValue('۱۰۰۰'));
    expect(screen.getByText('هزینه: ۱٬۰۰۰٬۰۰۰ تومان')).toBeInTheDocument();
    expect(screen.getByText('۱۵۰٬۰۰۰')).toBeInTheDocument();
    expect(screen.getByText('۱۰۰۰۰۰')).toBeInTheDocument();
    expect(screen.getByText('۱۰۰۰۹۹')).toBeInTheDocument();
    // 1000 numbers cost more than the balance: the charge request is offered.
    expect(screen.getByText(/۸۵۰٬۰۰۰ تومان کم دارید/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /درخواست شارژ/ }).length).toBeGreaterThan(0);
  });

  it('takes Persian digits and buys that many', async () => {
    const user = userEvent.setup();
    renderApp('/code/add');
    await waitFor(() => expect(countField()).toHaveValue('۱۰۰۰'));
    await user.clear(countField());
    await user.type(countField(), '۱۲۰');
    expect(countField()).toHaveValue('۱۲۰');
    expect(screen.queryByText(/کم دارید/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'دریافت شماره' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/Account/GetCode'));
      expect(call && JSON.parse(String(call[1]?.body))).toEqual({ count: 120 });
    });
  });

  it('refuses a count outside 1–100,000 without calling the server', async () => {
    const user = userEvent.setup();
    renderApp('/code/add');
    await waitFor(() => expect(countField()).toHaveValue('۱۰۰۰'));
    await user.clear(countField());
    await user.type(countField(), '0');
    await user.click(screen.getByRole('button', { name: 'دریافت شماره' }));
    expect(await screen.findByText('تعداد باید بین ۱ و ۱۰۰٬۰۰۰ باشد')).toBeInTheDocument();
    await user.clear(countField());
    await user.click(screen.getByRole('button', { name: 'دریافت شماره' }));
    expect(await screen.findByText('تعداد الزامی است')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/Account/GetCode'))).toBe(false);
  });
});
