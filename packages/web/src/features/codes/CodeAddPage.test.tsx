import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

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
let buys: Calls;
beforeEach(() => {
  handle(ROUTES.account.getAllCode, { list: ranges, price: 1000, balance: 150_000, canBuy: true });
  handle(ROUTES.tests.reservations, { devices: [], bought: 100, registered: 12, held: 0, free: 88 });
  buys = handle(
    ROUTES.account.getCode,
    ({ body }) => {
      const { count } = body as { count: number };
      return { fromCode: 100100, toCode: 100100 + count - 1, count, all: ranges };
    },
    { message: 'شماره‌ها ثبت شد' },
  );
  signInAs('workshop');
});

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
    await user.click(screen.getByRole('button', { name: 'خرید شماره' }));
    // The purchase waits for a confirmation that names the count and the price.
    const question = await screen.findByRole('dialog', { name: 'تأیید خرید شماره' });
    expect(question).toHaveTextContent('۱۲۰ شماره به مبلغ ۱۲۰٬۰۰۰ تومان از موجودی شما کسر شود؟');
    expect(buys).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'بله، کسر از موجودی' }));
    await waitFor(() => expect(buys.bodies[0]).toEqual({ count: 120 }));
  });

  it('asks nothing when the balance cannot cover the count: nothing is spent, the server says why', async () => {
    const user = userEvent.setup();
    renderApp('/code/add');
    await waitFor(() => expect(countField()).toHaveValue('۱۰۰۰'));
    await user.click(screen.getByRole('button', { name: 'خرید شماره' }));
    await waitFor(() => expect(buys.bodies[0]).toEqual({ count: 1000 }));
    expect(screen.queryByRole('dialog', { name: 'تأیید خرید شماره' })).not.toBeInTheDocument();
  });

  it('buys nothing when the purchase question is cancelled', async () => {
    const user = userEvent.setup();
    renderApp('/code/add');
    await waitFor(() => expect(countField()).toHaveValue('۱۰۰۰'));
    await user.clear(countField());
    await user.type(countField(), '5');
    await user.click(screen.getByRole('button', { name: 'خرید شماره' }));
    const question = await screen.findByRole('dialog', { name: 'تأیید خرید شماره' });
    expect(question).toHaveTextContent('۵ شماره به مبلغ ۵٬۰۰۰ تومان');
    await user.click(within(question).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(buys).toHaveLength(0);
    expect(countField()).toHaveValue('۵');
  });

  it('refuses a count outside 1–100,000 without calling the server', async () => {
    const user = userEvent.setup();
    renderApp('/code/add');
    await waitFor(() => expect(countField()).toHaveValue('۱۰۰۰'));
    await user.clear(countField());
    await user.type(countField(), '0');
    await user.click(screen.getByRole('button', { name: 'خرید شماره' }));
    expect(await screen.findByText('تعداد باید بین ۱ و ۱۰۰٬۰۰۰ باشد')).toBeInTheDocument();
    await user.clear(countField());
    await user.click(screen.getByRole('button', { name: 'خرید شماره' }));
    expect(await screen.findByText('تعداد الزامی است')).toBeInTheDocument();
    expect(buys).toHaveLength(0);
  });
});
