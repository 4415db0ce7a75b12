import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, toPersianDigits, todayJalali } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

const credits = {
  list: [
    {
      id: 'c1',
      value: 250000,
      date: '2026-11-20',
      account: '6037',
      trackingCode: 'T-1',
      status: 0,
      statusText: '',
      createdAt: '2026-11-20T08:00:00Z',
    },
    {
      id: 'c2',
      value: 90000,
      date: '2026-11-01',
      account: '6037',
      trackingCode: 'T-0',
      status: 1,
      statusText: '',
      createdAt: '2026-11-01T08:00:00Z',
    },
  ],
  accNum: '6037-9911-0000-1111',
  accName: 'شبکه عیار',
  totalCredit: 90000,
  totalBuy: 40000,
  totalBalance: 50000,
};

let adds: Calls;
beforeEach(() => {
  handle(ROUTES.account.getCredits, credits);
  adds = handle(ROUTES.account.addCredit, credits.list[0], { message: 'درخواست شارژ ثبت شد' });
  signInAs('workshop');
});

const submit = () => screen.getByRole('button', { name: 'ثبت درخواست شارژ' });

describe('credit/add', () => {
  it('shows the totals, the requests with their status and prefills the account and today', async () => {
    renderApp('/credit/add');
    expect(await screen.findByText('در انتظار بررسی')).toBeInTheDocument();
    expect(screen.getByText('تأیید شده')).toBeInTheDocument();
    expect(screen.getByText('۵۰٬۰۰۰')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText(/حساب یا کارت مقصد/)).toHaveValue('6037-9911-0000-1111'),
    );
    expect(screen.getByLabelText(/تاریخ واریز/)).toHaveValue(toPersianDigits(todayJalali()));
  });

  it('names where to pay once the admin has set the account, and says so until then', async () => {
    renderApp('/credit/add');
    expect(await screen.findByText(/مبلغ را به حساب/)).toHaveTextContent('به نام شبکه عیار');
    expect(screen.queryByText('حساب واریز هنوز اعلام نشده است')).not.toBeInTheDocument();
  });

  it('says the account is not set yet when the admin has not set one', async () => {
    handle(ROUTES.account.getCredits, { ...credits, accNum: '', accName: '' });
    renderApp('/credit/add');
    expect(await screen.findByText('حساب واریز هنوز اعلام نشده است')).toBeInTheDocument();
    expect(screen.getByText(/شماره حساب را از مدیر سامانه بپرسید/)).toBeInTheDocument();
    expect(screen.queryByText(/مبلغ را به حساب/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/حساب یا کارت مقصد/)).toHaveValue('');
  });

  it('checks every field with the contract rules before sending', async () => {
    const user = userEvent.setup();
    renderApp('/credit/add');
    await screen.findByText('در انتظار بررسی');
    await user.clear(screen.getByLabelText(/تاریخ واریز/));
    await user.click(submit());
    expect(await screen.findByText('مبلغ الزامی است')).toBeInTheDocument();
    expect(screen.getByText('تاریخ واریز الزامی است')).toBeInTheDocument();
    expect(screen.getByText('کد پیگیری الزامی است')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/مبلغ/), '۵۰۰');
    await user.type(screen.getByLabelText(/تاریخ واریز/), '۱۴۰۵۱۳۰۱');
    expect(screen.getByLabelText(/تاریخ واریز/)).toHaveValue('۱۴۰۵/۱۳/۰۱');
    await user.click(submit());
    expect(await screen.findByText('مبلغ باید بین ۱٬۰۰۰ و ۱۰۰٬۰۰۰٬۰۰۰ تومان باشد')).toBeInTheDocument();
    expect(screen.getByText('تاریخ واریز را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید')).toBeInTheDocument();
    expect(adds).toHaveLength(0);
  });

  it('sends the amount, the Gregorian date, the account and the tracking code', async () => {
    const user = userEvent.setup();
    renderApp('/credit/add');
    await waitFor(() =>
      expect(screen.getByLabelText(/حساب یا کارت مقصد/)).toHaveValue('6037-9911-0000-1111'),
    );
    await user.type(screen.getByLabelText(/مبلغ/), '۲۵۰۰۰۰');
    expect(screen.getByLabelText(/مبلغ/)).toHaveAccessibleDescription(`${toPersianDigits('250')}٬۰۰۰ تومان`);
    await user.clear(screen.getByLabelText(/تاریخ واریز/));
    await user.type(screen.getByLabelText(/تاریخ واریز/), '1405/09/01');
    await user.type(screen.getByLabelText(/کد پیگیری/), '۷۷۸۸');
    await user.click(submit());
    await waitFor(() => {
      expect(adds.bodies[0]).toEqual({
        value: 250000,
        date: '2026-11-22',
        account: '6037-9911-0000-1111',
        trackingCode: '7788',
      });
    });
  });

  it('shows typed Latin digits as Persian in the amount and date, sends English ones, and keeps a tracking code as typed', async () => {
    const listed = { ...credits, list: [{ ...credits.list[0]!, trackingCode: 'TRK7nl01390' }] };
    handle(ROUTES.account.getCredits, listed);
    adds = handle(ROUTES.account.addCredit, listed.list[0], { message: 'درخواست شارژ ثبت شد' });
    const user = userEvent.setup();
    renderApp('/credit/add');
    const amount = screen.getByLabelText(/مبلغ/);
    await user.type(amount, '250000');
    expect(amount).toHaveValue('۲۵۰۰۰۰');
    const date = screen.getByLabelText(/تاریخ واریز/);
    await user.clear(date);
    await user.type(date, '14050901');
    expect(date).toHaveValue('۱۴۰۵/۰۹/۰۱');
    const code = screen.getByLabelText(/کد پیگیری/);
    await user.type(code, 'TRK7nl01390');
    expect(code).toHaveValue('TRK7nl01390');
    // The request list shows the code exactly as the bank wrote it: no Persian digits inside it.
    expect(await screen.findByText('TRK7nl01390')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => {
      expect(adds.bodies[0]).toMatchObject({
        value: 250000,
        date: '2026-11-22',
        trackingCode: 'TRK7nl01390',
      });
    });
  });
});
