import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, STAFF_MSG } from '@ayar/contract';
import type { StaffMember } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { fail, handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// ADR 0049: the owner's «کارکنان» screen: the lab's people, adding one, editing and suspending.

const LAB: StaffMember = {
  id: '0b0c7c8e-1d2e-4f00-9a3b-000000000001',
  fullName: 'نگین احمدی',
  mobile: '09120001122',
  userName: 'negin-lab',
  roles: ['owner'],
  staffCode: 1,
  suspended: false,
  isLabAccount: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ZAHRA: StaffMember = {
  ...LAB,
  id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  fullName: 'زهرا کریمی',
  mobile: '09121112233',
  userName: 'zahra.k',
  roles: ['counter'],
  staffCode: 12,
  isLabAccount: false,
};

let lists: Calls;
beforeEach(() => {
  signInAs('workshop');
  lists = handle(ROUTES.staff.list, { list: [LAB, ZAHRA] });
});

const field = (form: HTMLElement, label: RegExp) => within(form).getByLabelText(label, { selector: 'input' });

describe('the staff screen', () => {
  it('lists the lab’s people: the lab account as «حساب اصلی», codes and mobiles in Persian digits', async () => {
    renderApp('/staff');
    const zahra = await screen.findByRole('article', { name: 'زهرا کریمی' });
    expect(within(zahra).getByText('zahra.k')).toBeInTheDocument();
    expect(within(zahra).getByText('۰۹۱۲۱۱۱۲۲۳۳')).toHaveAttribute('dir', 'ltr');
    expect(within(zahra).getByText('۱۲')).toBeInTheDocument();
    expect(within(zahra).getByRole('listitem')).toHaveTextContent('پذیرش');
    expect(within(zahra).getByText('فعال')).toBeInTheDocument();
    expect(within(zahra).getByRole('button', { name: 'تعلیق زهرا کریمی' })).toBeInTheDocument();

    const lab = screen.getByRole('article', { name: 'نگین احمدی' });
    expect(within(lab).getByText('حساب اصلی')).toBeInTheDocument();
    expect(within(lab).queryByRole('button', { name: /تعلیق/ })).not.toBeInTheDocument();
    // The owner's menu has the screen.
    expect(screen.getAllByRole('link', { name: 'کارکنان' }).length).toBeGreaterThan(0);
  });

  it('adds a person with the same rules as the server, and refreshes the list', async () => {
    const adds = handle(ROUTES.staff.add, { ...ZAHRA, id: 'n1' }, { message: STAFF_MSG.added });
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'افزودن کارمند' }));
    const form = screen.getByRole('form', { name: 'افزودن کارمند' });
    // Nothing typed: the contract's messages, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'افزودن کارمند' }));
    expect(await within(form).findByText(STAFF_MSG.rolesRequired)).toBeInTheDocument();
    expect(adds).toHaveLength(0);

    await user.type(field(form, /^نام و نام خانوادگی/), 'علی صالحی');
    await user.type(field(form, /^موبایل/), '۰۹۱۲۳۳۳۴۴۵۵');
    await user.type(field(form, /^نام کاربری/), 'ali.s');
    await user.type(field(form, /^رمز عبور/), 'a-long-secret-2');
    await user.type(field(form, /^تکرار رمز عبور/), 'a-long-secret-2');
    await user.click(within(form).getByRole('checkbox', { name: /^عیارسنج/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^حسابدار/ }));
    await user.click(within(form).getByRole('button', { name: 'افزودن کارمند' }));

    expect(await screen.findByText(STAFF_MSG.added)).toBeInTheDocument();
    expect(adds.bodies).toEqual([
      {
        fullName: 'علی صالحی',
        mobile: '09123334455',
        userName: 'ali.s',
        password: 'a-long-secret-2',
        confirmPassword: 'a-long-secret-2',
        roles: ['assayer', 'accountant'],
      },
    ]);
    await waitFor(() => expect(lists.length).toBe(2));
    expect(screen.queryByRole('form', { name: 'افزودن کارمند' })).not.toBeInTheDocument();
  });

  it('puts the server’s field error under its input', async () => {
    fail(ROUTES.staff.add, 'اطلاعات وارد شده معتبر نیست', {
      status: 409,
      errors: [{ field: 'userName', message: 'این نام کاربری قبلاً ثبت شده است' }],
    });
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'افزودن کارمند' }));
    const form = screen.getByRole('form', { name: 'افزودن کارمند' });
    await user.type(field(form, /^نام و نام خانوادگی/), 'علی صالحی');
    await user.type(field(form, /^موبایل/), '09123334455');
    await user.type(field(form, /^نام کاربری/), 'zahra.k');
    await user.type(field(form, /^رمز عبور/), 'a-long-secret-2');
    await user.type(field(form, /^تکرار رمز عبور/), 'a-long-secret-2');
    await user.click(within(form).getByRole('checkbox', { name: /^پذیرش/ }));
    await user.click(within(form).getByRole('button', { name: 'افزودن کارمند' }));

    const userName = field(form, /^نام کاربری/);
    await waitFor(() => expect(userName).toHaveAccessibleDescription(/این نام کاربری قبلاً ثبت شده است/));
    expect(userName).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a person’s roles, keeping the password when both fields stay empty', async () => {
    const edits = handle(
      ROUTES.staff.edit,
      { ...ZAHRA, roles: ['counter', 'accountant'] },
      { message: STAFF_MSG.edited },
    );
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'ویرایش زهرا کریمی' }));
    const form = screen.getByRole('form', { name: 'ویرایش زهرا کریمی' });
    expect(within(form).queryByLabelText(/^نام کاربری/)).not.toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: /^پذیرش/ })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: /^حسابدار/ }));
    await user.click(within(form).getByRole('button', { name: 'ذخیره تغییرات' }));

    expect(await screen.findByText(STAFF_MSG.edited)).toBeInTheDocument();
    expect(edits.bodies).toEqual([
      {
        id: ZAHRA.id,
        fullName: 'زهرا کریمی',
        mobile: '09121112233',
        roles: ['counter', 'accountant'],
        password: '',
        confirmPassword: '',
      },
    ]);
  });

  it('leaves the lab account’s roles alone: no role boxes, a note instead', async () => {
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'ویرایش نگین احمدی' }));
    const form = screen.getByRole('form', { name: 'ویرایش نگین احمدی' });
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(form).getByText(/حساب اصلی آزمایشگاه همیشه مدیر آزمایشگاه است/)).toBeInTheDocument();
  });

  it('suspends a person after a question that says their sessions end at once', async () => {
    const suspends = handle(
      ROUTES.staff.suspend,
      { ...ZAHRA, suspended: true },
      { message: STAFF_MSG.suspended },
    );
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'تعلیق زهرا کریمی' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعلیق کارمند' });
    expect(dialog).toHaveTextContent('نشست‌های باز او همین حالا بسته می‌شود');
    await user.click(within(dialog).getByRole('button', { name: 'تعلیق' }));

    expect(await screen.findByText(STAFF_MSG.suspended)).toBeInTheDocument();
    expect(suspends.bodies).toEqual([{ id: ZAHRA.id, suspended: true }]);
    await waitFor(() => expect(lists.length).toBe(2));
  });
});
