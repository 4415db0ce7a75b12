import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES } from '@ayar/contract';
import { LAB_SETTINGS } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { handle, requestsTo } from '../test/server.ts';
import { signInAs, signInAsStaff } from '../test/session.ts';
import { NOT_YOUR_SCREEN } from './guard.ts';

// ADR 0049: the shell for a lab's person: who is signed in, their menu, their home, their dashboard.

beforeEach(() => {
  handle(ROUTES.tests.allTests, { list: [], totalCount: 3, currPage: 1, pageSize: 100 });
  handle(ROUTES.tests.getCode, 1000);
  handle(ROUTES.tests.checkCode, ({ body }) => ({ code: (body as { code: number }).code, available: true }));
});

const menu = () => within(screen.getAllByRole('navigation', { name: 'منوی اصلی' })[0]!);

describe('a lab’s person in the shell', () => {
  it('names the person and their roles, and sends the counter from «کارکنان» to registering with a notice', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    renderApp('/staff');
    expect(await screen.findByRole('form', { name: 'ثبت بسته' })).toBeInTheDocument();
    expect(await screen.findByText(NOT_YOUR_SCREEN)).toBeInTheDocument();
    expect(screen.getByTestId('account-person')).toHaveTextContent('زهرا کریمی · پذیرش');
    expect(
      screen.getByRole('link', { name: 'حساب کاربری و رمز عبور (زهرا کریمی · پذیرش)' }),
    ).toBeInTheDocument();
    expect(menu().getByRole('link', { name: 'ثبت بسته' })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'کارکنان' })).not.toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'تنظیمات' })).not.toBeInTheDocument();
    expect(requestsTo(ROUTES.staff.list)).toHaveLength(0);
  });

  it('starts the assayer at the waiting list, without a notice', async () => {
    signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'لیست در انتظار تعیین عیار' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_YOUR_SCREEN)).not.toBeInTheDocument();
  });

  it('gives the accountant the dashboard’s statistics and tiles of their screens, but no bench queue', async () => {
    const stats = handle(ROUTES.tests.getStatistics, () => new Response(null, { status: 500 }));
    const profiles = handle(ROUTES.account.profile, () => new Response(null, { status: 500 }));
    signInAsStaff(['accountant'], { settings: LAB_SETTINGS });
    renderApp('/dashboard');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: /خرید شماره بسته/ })).toBeInTheDocument();
    expect(main.queryByRole('link', { name: /ثبت بسته/ })).not.toBeInTheDocument();
    await waitFor(() => expect(stats.length).toBeGreaterThan(0));
    expect(profiles).toHaveLength(0);
  });

  it('shows an administrator’s header as before, with no person', async () => {
    signInAs('admin');
    handle(ROUTES.manage.labOwners, { list: [], totalCount: 0, currPage: 1, pageSize: 20 });
    renderApp('/manage/lab-owners');
    expect(await screen.findByRole('link', { name: 'حساب کاربری و رمز عبور (مدیر)' })).toBeInTheDocument();
    expect(screen.queryByTestId('account-person')).not.toBeInTheDocument();
  });
});
