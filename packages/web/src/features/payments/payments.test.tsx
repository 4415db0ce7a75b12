import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, addPayRequestSchema, formatGrams, formatToman } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { defaultStoreYear } from './StorePage.tsx';
const CUSTOMER = {
  id: '3f0d2c1e-8a4b-4c5d-9e6f-0a1b2c3d4e5f',
  name: 'حسن طلافروش',
  settings: null,
  code: 4,
  mobile: '09121234567',
};
const EMPTY_BALANCE = {
  testCount: 0,
  feeGoldMg: 0,
  feeMoney: 0,
  receivedGoldMg: 0,
  receivedMoney: 0,
  paidGoldMg: 0,
  paidMoney: 0,
  goldRemain: 0,
  moneyRemain: 0,
};

beforeEach(() => signInAs('workshop', { userId: 'u-1', testTypes: [] }));

describe('pay/add', () => {
  it('records a receipt of gold typed in grams with 3 decimals, as the server expects', async () => {
    let added: Record<string, unknown> | null = null;
    handle(ROUTES.customer.customersByName, [CUSTOMER]);
    handle(
      ROUTES.customer.addPay,
      ({ body }) => {
        added = body as Record<string, unknown>;
        return { id: 'p1' };
      },
      { message: 'ثبت شد' },
    );
    handle(ROUTES.customer.getPays, () => ({
      customerId: CUSTOMER.id,
      customerName: CUSTOMER.name,
      list: added
        ? [
            {
              id: 'p1',
              type: 1,
              goldMg: 12345,
              money: 0,
              date: '2026-11-22',
              desc: null,
              createdAt: '2026-11-22T08:00:00Z',
            },
          ]
        : [],
      balance: added ? { ...EMPTY_BALANCE, receivedGoldMg: 12345, goldRemain: -12345 } : EMPTY_BALANCE,
    }));
    const user = userEvent.setup();
    renderApp('/pay/add');
    const form = await screen.findByRole('form', { name: 'ثبت پرداخت' });
    await user.type(within(form).getByLabelText(/^مشتری/), 'حسن');
    await user.click(await screen.findByRole('option', { name: /حسن طلافروش/, hidden: true }));
    const gold = within(form).getByLabelText('طلا (گرم)');
    await user.type(gold, '۱۲٫۳۴۵۹');
    expect(gold).toHaveValue('۱۲٫۳۴۵');
    await user.click(within(form).getByRole('button', { name: 'ثبت' }));

    expect(await screen.findByText('ثبت شد')).toBeInTheDocument();
    expect(added).toMatchObject({ customerId: CUSTOMER.id, type: 1, gold: '12.345', money: 0 });
    expect((added as unknown as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // What the server makes of the body: 12.345 g is 12345 mg.
    expect(addPayRequestSchema.parse(added).gold).toBe(12345);
    expect(await screen.findByTestId('gold-remain')).toHaveTextContent(formatGrams(-12345));
  });

  it('asks for a customer and for gold or money before sending', async () => {
    const user = userEvent.setup();
    renderApp('/pay/add');
    const form = await screen.findByRole('form', { name: 'ثبت پرداخت' });
    await user.click(within(form).getByRole('button', { name: 'ثبت' }));
    expect(await within(form).findByText('مشتری را انتخاب کنید')).toBeInTheDocument();
    expect(within(form).getByText('وزن طلا یا مبلغ را وارد کنید')).toBeInTheDocument();
    expect(requestsTo()).toEqual([]);
  });
});

describe('user/store', () => {
  it('defaults to the current Jalali year when offered', () => {
    expect(defaultStoreYear('1405/09/01')).toBe(1405);
    expect(defaultStoreYear('1403/01/01')).toBe(1404);
    expect(defaultStoreYear('1410/01/01')).toBe(1406);
  });

  it('shows the totals and marks the customers who owe', async () => {
    const store = handle(ROUTES.account.getStore, {
      list: [
        {
          customerId: 'a',
          customerFullName: 'بدهکار',
          customerCode: 1,
          goldRemain: 1500,
          moneyRemain: 250000,
          testCount: 3,
          status: 0,
          deleted: false,
        },
        {
          customerId: 'b',
          customerFullName: 'بستانکار',
          customerCode: 2,
          goldRemain: -250,
          moneyRemain: 0,
          testCount: 1,
          status: 2,
          deleted: true,
        },
      ],
      totalCount: 2,
      currPage: 1,
      pageSize: 50,
      year: 1405,
      totalGoldRemain: 1250,
      totalMoneyRemain: 250000,
      totalTestCount: 4,
    });
    renderApp('/user/store');
    expect(await screen.findByTestId('total-gold')).toHaveTextContent(formatGrams(1250));
    expect(screen.getByTestId('total-money')).toHaveTextContent(formatToman(250000));
    expect(screen.getByTestId('total-tests')).toHaveTextContent('۴');
    const owes = document.querySelectorAll('[data-owes]');
    expect(owes).toHaveLength(1);
    expect(owes[0]).toHaveTextContent('بدهکار');
    expect(screen.getByText(/حذف شده/)).toBeInTheDocument();
    // A middle dot beside «۱» read as «کد ۱۰۳»: the code and the count are split by a bar.
    expect(owes[0]).toHaveTextContent('کد ۱ | ۳ آزمایش');
    // (The header's «name · role» of a lab's person, ADR 0049, is outside the screen.)
    expect(screen.getByRole('main')).not.toHaveTextContent('·');
    const url = store[0]!.url.search;
    expect(url).toContain('pageSize=50');
    expect(url).toMatch(/year=14\d\d/);
  });
});
