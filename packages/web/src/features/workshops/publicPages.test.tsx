import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, WORKSHOP_MSG } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('register (docs/product.md §2.3)', () => {
  it('shows the banner and every rule of the contract before sending anything', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    expect(screen.getByText(/این صفحه مخصوص کاربران ری‌گیری است/)).toBeInTheDocument();
    await user.type(field('cellPhone'), '12345');
    await user.type(field('userName'), 'ab');
    await user.type(field('password'), '12345678');
    await user.type(field('confirmPassword'), '87654321');
    const form = screen.getByRole('form', { name: 'ثبت نام آزمایشگاه' });
    await user.click(within(form).getByRole('button', { name: 'ثبت نام' }));
    expect(await screen.findByText(WORKSHOP_MSG.fNameRequired)).toBeInTheDocument();
    expect(screen.getByText(WORKSHOP_MSG.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(WORKSHOP_MSG.mobileInvalid)).toBeInTheDocument();
    expect(screen.getByText(WORKSHOP_MSG.userNameLength)).toBeInTheDocument();
    expect(screen.getByText(WORKSHOP_MSG.passwordDigits)).toBeInTheDocument();
    expect(screen.getByText(WORKSHOP_MSG.confirmMismatch)).toBeInTheDocument();
    expect(requestsTo()).toEqual([]);
  });

  it('sends Persian digits as English, shows the server message and goes to /', async () => {
    const registrations = handle(ROUTES.account.addPublicUser, null, { message: WORKSHOP_MSG.registered });
    const user = userEvent.setup();
    renderApp('/register');
    await user.type(screen.getByRole('textbox', { name: /نام آزمایشگاه/ }), 'آزمایشگاه نو');
    await user.type(screen.getByRole('textbox', { name: /نام مدیر/ }), 'علی');
    await user.type(field('cellPhone'), '۰۹۱۲۱۲۳۴۵۶۷');
    await user.type(field('userName'), 'newlab');
    await user.type(field('password'), 'good-password');
    await user.type(field('confirmPassword'), 'good-password');
    await user.click(
      within(screen.getByRole('form', { name: 'ثبت نام آزمایشگاه' })).getByRole('button', {
        name: 'ثبت نام',
      }),
    );
    expect(await screen.findByText(WORKSHOP_MSG.registered)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'ثبت نام آزمایشگاه' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('form', { name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(registrations[0]!.url.pathname).toBe('/api/v1.0/Account/AddPublicUser');
    expect(registrations[0]!.body).toMatchObject({
      cellPhone: '09121234567',
      userName: 'newlab',
      phone: null,
    });
  });

  it('puts the server’s field error (a taken user name) under the field', async () => {
    fail(ROUTES.account.addPublicUser, WORKSHOP_MSG.userNameTaken, {
      status: 409,
      code: 'CONFLICT',
      errors: [{ field: 'userName', message: WORKSHOP_MSG.userNameTaken }],
    });
    const user = userEvent.setup();
    renderApp('/register');
    await user.type(screen.getByRole('textbox', { name: /نام آزمایشگاه/ }), 'الف');
    await user.type(screen.getByRole('textbox', { name: /نام مدیر/ }), 'ب');
    await user.type(field('userName'), 'taken');
    await user.type(field('password'), 'good-password');
    await user.type(field('confirmPassword'), 'good-password');
    await user.click(
      within(screen.getByRole('form', { name: 'ثبت نام آزمایشگاه' })).getByRole('button', {
        name: 'ثبت نام',
      }),
    );
    expect(await screen.findAllByText(WORKSHOP_MSG.userNameTaken)).toHaveLength(2);
    expect(field('userName')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('lab-owners (docs/product.md §2.4)', () => {
  it('shows «صفحه x از y» with the total and asks for 100 a page', async () => {
    const lists = handle(ROUTES.account.labOwners, {
      list: [{ fName: 'آزمایشگاه زرین', fullName: 'علی', phone: '021-8800', cellPhone: '09121234567' }],
      totalCount: 250,
      currPage: 1,
      pageSize: 100,
    });
    renderApp('/lab-owners');
    expect(await screen.findByText('آزمایشگاه زرین')).toBeInTheDocument();
    expect(screen.getAllByText(/صفحه/)[0]).toHaveTextContent('صفحه ۱ از ۳ — مجموع: ۲۵۰');
    expect(screen.getByText('۰۹۱۲۱۲۳۴۵۶۷').closest('a')).toHaveAttribute('href', 'tel:09121234567');
    expect(lists[0]!.url.pathname + lists[0]!.url.search).toBe(
      '/api/v1.0/Account/LabOwners?pageNumber=1&pageSize=100',
    );
  });

  it('says so when nothing matches', async () => {
    handle(ROUTES.account.labOwners, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
    renderApp('/lab-owners');
    expect(await screen.findByText('هنوز آزمایشگاهی ثبت نشده است.')).toBeInTheDocument();
    expect(screen.getByText(/صفحه/)).toHaveTextContent('صفحه ۱ از ۱ — مجموع: ۰');
  });
});
