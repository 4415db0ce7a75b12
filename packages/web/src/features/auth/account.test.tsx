import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_USER_SETTINGS, loadCommonPasswords, PASSWORD_MSG, ROUTES } from '@ayar/contract';
import type { LoginResponse } from '@ayar/contract';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, handleAny, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
const workshop: LoginResponse = {
  token: 'jwt-1',
  userUsername: 'lab1',
  userId: 'u-1',
  userRoleId: 2,
  userFname: 'آزمایشگاه نمونه',
  nationalId: null,
  userSanapass: JSON.stringify(DEFAULT_USER_SETTINGS),
  role: 'workshop',
  testTypes: [],
  person: { id: 'u-1', fullName: 'مدیر', staffCode: 1, roles: ['owner'] },
};

describe('one-time-code login (landing mode 2)', () => {
  it('asks for the user name, then a 6-digit code, with a resend countdown, and signs in', async () => {
    const requests = handle(
      ROUTES.account.disposableLogin,
      { resendAfterSeconds: 60, expiresInSeconds: 300 },
      { message: 'کد ارسال شد' },
    );
    const verifies = handle(ROUTES.account.disposableLoginOtp, workshop, { message: 'با موفقیت وارد شدید' });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(
      within(screen.getByRole('navigation', { name: 'پیمایش اصلی' })).getByRole('button', { name: 'ورود' }),
    );
    await user.click(screen.getByRole('button', { name: /رمز یکبار مصرف/ }));
    await user.type(screen.getByLabelText(/^نام کاربری یا شماره موبایل/), '۰۹۱۲۱۲۳۴۵۶۷');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));

    const code = await screen.findByLabelText(/^کد یکبار مصرف/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(requests.bodies).toEqual([{ userName: '09121234567' }]);
    expect(screen.getByText(/ارسال دوباره تا ۶۰ ثانیه دیگر/)).toBeInTheDocument();

    const verifyForm = screen.getByRole('form', { name: 'ورود با رمز یکبار مصرف' });
    await user.type(code, '۱۲۳');
    await user.click(within(verifyForm).getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('کد ورود ۶ رقم است')).toBeInTheDocument();
    await user.type(code, '۴۵۶');
    await user.click(within(verifyForm).getByRole('button', { name: 'ورود' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'داشبورد' })).toBeInTheDocument();
    expect(verifies.bodies).toEqual([{ userName: '09121234567', password: '123456' }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer jwt-1');
  });
});

describe('profile', () => {
  it('shows the account and checks the new password before sending; success keeps this device signed in', async () => {
    signInAs('workshop', { token: 'jwt-1' });
    handleAny(null);
    handle(ROUTES.account.profile, {
      fullName: 'علی رضایی',
      companyName: 'آزمایشگاه مهر',
      workspaceId: 1001,
      userName: 'lab1',
      role: 'workshop',
    });
    handle(ROUTES.account.changePassword, null, {
      message: 'رمز عبور تغییر کرد؛ از همه دستگاه‌های دیگر خارج شدید و این دستگاه وارد می‌ماند.',
    });
    const user = userEvent.setup();
    renderApp('/profile');
    expect(await screen.findByText('آزمایشگاه مهر')).toBeInTheDocument();
    expect(screen.getByText('۱۰۰۱')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'تغییر رمز عبور' });
    await user.type(within(form).getByLabelText(/^رمز عبور فعلی/), 'old-password');
    await user.type(within(form).getByLabelText(/^رمز عبور جدید/), 'new-password-1');
    await user.type(within(form).getByLabelText(/^تکرار رمز عبور جدید/), 'new-password-2');
    await user.click(within(form).getByRole('button', { name: 'تغییر رمز عبور' }));
    expect(await screen.findByText('تکرار رمز عبور با رمز جدید یکسان نیست')).toBeInTheDocument();
    expect(requestsTo(ROUTES.account.changePassword)).toEqual([]);

    await user.clear(within(form).getByLabelText(/^تکرار رمز عبور جدید/));
    await user.type(within(form).getByLabelText(/^تکرار رمز عبور جدید/), 'new-password-1');
    await user.click(within(form).getByRole('button', { name: 'تغییر رمز عبور' }));
    // The other sessions ended on the server; this one stays (ADR 0025), on the same page, form emptied.
    expect(
      await screen.findByText(
        'رمز عبور تغییر کرد؛ از همه دستگاه‌های دیگر خارج شدید و این دستگاه وارد می‌ماند.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'پروفایل' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^رمز عبور فعلی/)).toHaveValue('');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer jwt-1');
  });

  it(
    'the admin reaches it from the header and the menu, and can change their password',
    { timeout: 20_000 },
    async () => {
      signInAs('admin', { token: 'jwt-1', userId: 'a-1', userFname: 'مدیر سامانه' });
      handleAny(null);
      handle(ROUTES.account.profile, {
        fullName: 'مدیر سامانه',
        companyName: '',
        workspaceId: null,
        userName: 'admin',
        role: 'admin',
      });
      handle(ROUTES.account.changePassword, null, { message: 'رمز عبور تغییر کرد' });
      const user = userEvent.setup();
      renderApp('/manage/credits');
      const header = screen.getByRole('banner');
      const account = within(header).getByRole('link', { name: 'حساب کاربری و رمز عبور (مدیر سامانه)' });
      expect(account).toHaveAttribute('href', '/profile');
      expect(
        within(screen.getAllByRole('navigation', { name: 'منوی اصلی' })[0]!).getByRole('link', {
          name: 'حساب کاربری و رمز عبور',
        }),
      ).toHaveAttribute('href', '/profile');

      await user.click(account);
      // The guard no longer sends the admin back to the dashboard.
      expect(await screen.findByRole('heading', { level: 1, name: 'پروفایل' })).toBeInTheDocument();
      expect(await screen.findByText('نقش')).toBeInTheDocument();
      expect(screen.queryByText('کد کارگاه')).not.toBeInTheDocument();
      const form = screen.getByRole('form', { name: 'تغییر رمز عبور' });
      await user.type(within(form).getByLabelText(/^رمز عبور فعلی/), 'old-password');
      await user.type(within(form).getByLabelText(/^رمز عبور جدید/), 'new-password-1');
      await user.type(within(form).getByLabelText(/^تکرار رمز عبور جدید/), 'new-password-1');
      await user.click(within(form).getByRole('button', { name: 'تغییر رمز عبور' }));
      expect(await screen.findByText('دستگاه‌های دیگر باید با رمز جدید وارد شوند.')).toBeInTheDocument();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer jwt-1');
    },
  );

  it('refuses a blank, repeated or common new password, or the user name backwards, before sending', async () => {
    signInAs('workshop', { token: 'jwt-1', userUsername: 'mehr-lab' });
    handleAny({ fullName: '', companyName: '', workspaceId: null, userName: 'mehr-lab', role: 'workshop' });
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'تغییر رمز عبور' });
    // The page fetches the common list itself (ADR 0043); waiting for the same load orders the test.
    await loadCommonPasswords();
    await user.type(within(form).getByLabelText(/^رمز عبور فعلی/), 'old-password');
    for (const [password, reason] of [
      [' '.repeat(8), PASSWORD_MSG.blank],
      ['abababab', PASSWORD_MSG.repeated],
      ['qwertyuiop', PASSWORD_MSG.common],
      ['BAL-RHEM', PASSWORD_MSG.userName],
    ] as const) {
      for (const label of [/^رمز عبور جدید/, /^تکرار رمز عبور جدید/]) {
        await user.clear(within(form).getByLabelText(label));
        await user.type(within(form).getByLabelText(label), password);
      }
      await user.click(within(form).getByRole('button', { name: 'تغییر رمز عبور' }));
      expect(await within(form).findByText(reason)).toBeInTheDocument();
    }
    expect(requestsTo(ROUTES.account.changePassword)).toEqual([]);
  });

  it('puts the server’s wrong-password message under the current-password field', async () => {
    signInAs('workshop', { token: 'jwt-1' });
    handleAny({ fullName: '', companyName: '', workspaceId: null, userName: 'x', role: 'workshop' });
    fail(ROUTES.account.changePassword, 'اطلاعات وارد شده معتبر نیست', {
      code: 'VALIDATION',
      errors: [{ field: 'oldPassword', message: 'رمز عبور فعلی نادرست است' }],
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'تغییر رمز عبور' });
    await user.type(within(form).getByLabelText(/^رمز عبور فعلی/), 'wrong-one');
    await user.type(within(form).getByLabelText(/^رمز عبور جدید/), 'new-password-1');
    await user.type(within(form).getByLabelText(/^تکرار رمز عبور جدید/), 'new-password-1');
    await user.click(within(form).getByRole('button', { name: 'تغییر رمز عبور' }));
    expect(await within(form).findByText('رمز عبور فعلی نادرست است')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer jwt-1');
  });
});
