import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_USER_SETTINGS, ROUTES } from '@ayar/contract';
import type { LoginResponse } from '@ayar/contract';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';

const loginData: LoginResponse = {
  token: 'jwt-123',
  userUsername: 'lab1',
  userId: 'u-1',
  userRoleId: 2,
  userFname: 'آزمایشگاه نمونه',
  nationalId: null,
  userSanapass: JSON.stringify({ ...DEFAULT_USER_SETTINGS, labType: 1 }),
  role: 'workshop',
  testTypes: [{ id: 't1', name: 'ساخته' }],
  person: { id: 'u-1', fullName: 'مدیر', staffCode: 1, roles: ['owner'] },
};

async function openLogin() {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(
    within(screen.getByRole('navigation', { name: 'پیمایش اصلی' })).getByRole('button', { name: 'ورود' }),
  );
  return user;
}

describe('login form (landing mode 0)', () => {
  it('asks for user name and password and shows the version label', async () => {
    await openLogin();
    expect(screen.getByText('لطفاً نام کاربری و رمز عبور خود را وارد کنید.')).toBeInTheDocument();
    expect(screen.getByText('v1.10.0')).toBeInTheDocument();
  });

  it('shows the validation messages and sends nothing when empty', async () => {
    const user = await openLogin();
    const form = screen.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
    await user.click(within(form).getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('نام کاربری الزامی است')).toBeInTheDocument();
    expect(screen.getByText('رمز عبور الزامی است')).toBeInTheDocument();
    expect(requestsTo(ROUTES.account.login)).toEqual([]);
  });

  it('stores «bearer <token>», user info and settings, then shows the dashboard', async () => {
    const logins = handle(ROUTES.account.login, loginData, { message: 'با موفقیت وارد شدید' });
    const user = await openLogin();
    await user.type(screen.getByLabelText(/^نام کاربری/), 'lab1');
    await user.type(screen.getByLabelText(/^رمز عبور/, { selector: 'input' }), 'secret-pass');
    const form = screen.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
    await user.click(within(form).getByRole('button', { name: 'ورود' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'داشبورد' })).toBeInTheDocument();
    // A workshop's dashboard: its tiles (docs/product.md §2.6).
    expect(await screen.findByText('خرید شماره بسته', { selector: 'main *' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer jwt-123');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      userId: 'u-1',
      role: 'workshop',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings)!)).toMatchObject({
      labType: 1,
      showWeight: true,
    });

    expect(logins).toHaveLength(1);
    expect(logins[0]!.url.pathname).toBe('/api/v1.0/Account/login');
    expect(logins[0]!.body).toEqual({ userName: 'lab1', password: 'secret-pass' });
  });

  it('shows the server message on wrong credentials and stays on the form', async () => {
    fail(ROUTES.account.login, 'نام کاربری یا رمز عبور اشتباه است', { status: 401 });
    const user = await openLogin();
    await user.type(screen.getByLabelText(/^نام کاربری/), 'lab1');
    await user.type(screen.getByLabelText(/^رمز عبور/, { selector: 'input' }), 'wrong');
    const form = screen.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' });
    await user.click(within(form).getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('نام کاربری یا رمز عبور اشتباه است')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('falls back to default settings when userSanapass is empty', async () => {
    const logins = handle(ROUTES.account.login, { ...loginData, userSanapass: '' });
    const user = await openLogin();
    await user.type(screen.getByLabelText(/^نام کاربری/), '۱۲۳lab');
    await user.type(screen.getByLabelText(/^رمز عبور/, { selector: 'input' }), 'x');
    await user.click(
      within(screen.getByRole('form', { name: 'ورود با نام کاربری و رمز عبور' })).getByRole('button', {
        name: 'ورود',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'داشبورد' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings)!)).toEqual(DEFAULT_USER_SETTINGS);
    expect(logins[0]!.body).toMatchObject({ userName: '123lab' });
  });
});
