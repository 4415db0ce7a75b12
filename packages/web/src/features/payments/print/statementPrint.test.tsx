import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DATE_RANGE_MSG,
  ROUTES,
  STATEMENT_MSG,
  formatToman,
  gregorianToJalali,
  toPersianDigits,
  todayGregorianInTehran,
} from '@ayar/contract';
import type { StatementResponse } from '@ayar/contract';
import { renderApp } from '../../../test/render.tsx';
import { handle } from '../../../test/server.ts';
import { signInAs } from '../../../test/session.ts';

// customer/statement/:id (docs/product.md §5.7): the paper as the server answers it, and the range form's
// refusals in Persian before anything is asked.

const CID = '3f0d2c1e-8a4b-4c5d-9e6f-0a1b2c3d4e5f';
const today = todayGregorianInTehran();
const jalali = (g: string) => toPersianDigits(gregorianToJalali(g)!);

const STATEMENT: StatementResponse = {
  letterhead: {
    labName: 'آزمایشگاه طلای کاوه',
    managerName: 'کاوه رستمی',
    address: 'تهران، بازار بزرگ',
    phone: '02133445566',
    cellPhone: null,
    workshopCode: 1042,
    rejeCode: null,
  },
  customer: { id: CID, name: 'حسن زرگر', code: 7, deleted: false },
  from: '2026-03-21',
  to: '2026-04-20',
  opening: { goldMg: 0, money: 100_000 },
  entries: [
    {
      kind: 'fee',
      id: 'a1',
      date: '2026-03-22',
      at: '2026-03-22T08:00:00.000Z',
      docNumber: 100245,
      desc: null,
      goldMg: 0,
      money: 50_000,
      goldBalance: 0,
      moneyBalance: 150_000,
    },
    {
      kind: 'receipt',
      id: 'p1',
      date: '2026-04-01',
      at: '2026-04-01T08:00:00.000Z',
      docNumber: null,
      desc: 'قسط 2',
      goldMg: -1_250,
      money: -120_000,
      goldBalance: -1_250,
      moneyBalance: 30_000,
    },
  ],
  closing: { goldMg: -1_250, money: 30_000 },
  totals: {
    fees: { goldMg: 0, money: 50_000 },
    received: { goldMg: 1_250, money: 120_000 },
    paid: { goldMg: 0, money: 0 },
    testCount: 1,
  },
};

beforeEach(() => signInAs('workshop', { userId: 'u-1', testTypes: [] }));

describe('customer/statement/:id', () => {
  it('prints the letterhead, the rows with their balances and the closing, for the range in the address', async () => {
    const calls = handle(ROUTES.customer.statement, STATEMENT);
    renderApp(`/customer/statement/${CID}?from=2026-03-21&to=2026-04-20`);
    const paper = await screen.findByRole('article', { name: 'صورت‌حساب مشتری' });
    expect(calls.last?.query).toMatchObject({ cid: CID, from: '2026-03-21', to: '2026-04-20' });
    expect(within(paper).getByText('آزمایشگاه طلای کاوه')).toBeInTheDocument();
    expect(within(paper).getByText(toPersianDigits('02133445566'))).toBeInTheDocument();
    const rows = within(paper).getByRole('table', { name: 'ردیف‌های صورت‌حساب' });
    expect(within(rows).getByText(/مانده از قبل/)).toBeInTheDocument();
    expect(within(rows).getByText('دریافت: قسط ۲')).toBeInTheDocument();
    expect(within(rows).getByText(toPersianDigits(100245))).toBeInTheDocument();
    expect(within(rows).getByText(/مانده پایان دوره/)).toHaveTextContent(jalali('2026-04-20'));
    const closing = within(paper).getByTestId('statement-closing');
    expect(closing).toHaveTextContent(`${formatToman(30_000)} تومان بدهکار`);
    expect(closing).toHaveTextContent('بستانکار');
    expect(screen.getByRole('button', { name: 'چاپ' })).toBeEnabled();
  });

  it('refuses a range out of order, past today, longer than three years, or not a date, in Persian', async () => {
    const calls = handle(ROUTES.customer.statement, STATEMENT);
    renderApp(`/customer/statement/${CID}?from=2026-03-21&to=2026-04-20`);
    await screen.findByRole('article', { name: 'صورت‌حساب مشتری' });
    const form = screen.getByRole('form', { name: 'بازه صورت‌حساب' });
    const from = within(form).getByLabelText('از تاریخ');
    const to = within(form).getByLabelText('تا تاریخ');
    const submit = within(form).getByRole('button', { name: 'نمایش صورت‌حساب' });
    const user = userEvent.setup();
    const tryRange = async (a: string, b: string) => {
      await user.clear(from);
      if (a) await user.type(from, a);
      await user.clear(to);
      if (b) await user.type(to, b);
      await user.click(submit);
    };
    const asked = calls.length;

    await tryRange('۱۴۰۵/۰۲/۰۱', '۱۴۰۵/۰۱/۳۱');
    expect(await within(form).findByText(DATE_RANGE_MSG.order)).toBeInTheDocument();
    const tomorrow = gregorianToJalali(
      new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    )!;
    await tryRange('۱۴۰۵/۰۱/۰۱', tomorrow);
    expect(await within(form).findByText(STATEMENT_MSG.future)).toBeInTheDocument();
    // 1402/01/01 to 1404/12/29 is 1096 days (1403 is a leap year): the longest; a day more is refused.
    await tryRange('۱۴۰۲/۰۱/۰۱', '۱۴۰۵/۰۱/۰۱');
    expect(await within(form).findByText(STATEMENT_MSG.tooLong)).toBeInTheDocument();
    await tryRange('۱۴۰۵/۱۳/۰۱', '');
    expect(await within(form).findByText(DATE_RANGE_MSG.invalid)).toBeInTheDocument();
    expect(within(form).getByText(DATE_RANGE_MSG.required)).toBeInTheDocument();
    expect(calls.length).toBe(asked);

    await tryRange('۱۴۰۲/۰۱/۰۱', '۱۴۰۴/۱۲/۲۹');
    await vi.waitFor(() => expect(calls.last?.query).toMatchObject({ from: '2023-03-21', to: '2026-03-20' }));
    expect(within(form).queryByText(STATEMENT_MSG.tooLong)).toBeNull();
  });
});
