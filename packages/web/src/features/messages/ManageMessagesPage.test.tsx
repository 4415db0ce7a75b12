import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { MessageRow } from '@ayar/contract';
import { renderWithProviders } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { ManageMessagesPage } from './ManageMessagesPage.tsx';
const base: Omit<MessageRow, 'id' | 'status'> = {
  to: '09121234567',
  kind: 'sms',
  text: 'نتیجه بسته 1001',
  attempts: 1,
  provider: 'kavenegar',
  createdAt: '2025-03-21T08:30:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  error: null,
};
const LIST: MessageRow[] = [
  { ...base, id: 'a', status: 'pending' },
  { ...base, id: 'b', status: 'sending' },
  { ...base, id: 'c', status: 'sent', sentAt: '2025-03-21T08:30:05.000Z' },
  { ...base, id: 'd', status: 'failed', error: 'کاوه‌نگار 411: شماره گیرنده نامعتبر است' },
];

beforeEach(() => {
  handle(ROUTES.manage.messages, { list: LIST, totalCount: 4, currPage: 1, pageSize: 50 });
});

/** The query string of the last request for the list. */
const lastQuery = () => requestsTo(ROUTES.manage.messages).at(-1)?.url.search ?? '';

describe('messages page', () => {
  it('shows each status as its badge, the error text and Jalali times', async () => {
    renderWithProviders(<ManageMessagesPage />);
    // The placeholder is a named, busy status (a bare div may not carry aria-label: axe aria-prohibited-attr).
    expect(screen.getByRole('status', { name: 'در حال بارگذاری پیام‌ها' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const list = await screen.findByRole('list', { name: 'فهرست پیامک‌ها و تماس‌ها' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/در صف|در حال ارسال|ارسال شد|ناموفق/).textContent)).toEqual([
      'در صف',
      'در حال ارسال',
      'ارسال شد',
      'ناموفق',
    ]);
    expect(within(items[3]!).getByText('کاوه‌نگار 411: شماره گیرنده نامعتبر است')).toBeInTheDocument();
    // 21 March 2025 12:00 in Tehran is 1 Farvardin 1404.
    expect(within(items[0]!).getByText('۱۴۰۴/۰۱/۰۱ ۱۲:۰۰')).toBeInTheDocument();
    expect(within(items[0]!).getByText('۰۹۱۲۱۲۳۴۵۶۷')).toBeInTheDocument();
  });

  it('sends the chosen filters and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ManageMessagesPage />);
    await screen.findByRole('list', { name: 'فهرست پیامک‌ها و تماس‌ها' });
    handle(ROUTES.manage.messages, { list: [], totalCount: 0, currPage: 1, pageSize: 50 });
    await user.type(screen.getByLabelText('شماره گیرنده'), '۰۹۳۵');
    expect(await screen.findByText('پیامی با این فیلترها پیدا نشد')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery()).toContain('to=0935'));
    expect(lastQuery()).toContain('pageSize=50');
  });

  it('filters by a Jalali date range, sent as Gregorian days, and refuses a reversed one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ManageMessagesPage />);
    await screen.findByRole('list', { name: 'فهرست پیامک‌ها و تماس‌ها' });
    await user.type(screen.getByLabelText('از تاریخ'), '۱۴۰۴۰۱۰۱');
    await user.type(screen.getByLabelText('تا تاریخ'), '۱۴۰۴۰۱۱۰');
    await waitFor(() => {
      expect(lastQuery()).toContain('fromDate=2025-03-21');
      expect(lastQuery()).toContain('toDate=2025-03-30');
    });
    const calls = requestsTo(ROUTES.manage.messages).length;
    await user.clear(screen.getByLabelText('از تاریخ'));
    await user.type(screen.getByLabelText('از تاریخ'), '۱۴۰۴۰۲۰۱');
    expect(await screen.findByText('تاریخ شروع نباید بعد از تاریخ پایان باشد')).toBeInTheDocument();
    // The reversed range is never asked for; the last good one stays in force.
    expect(
      requestsTo(ROUTES.manage.messages)
        .slice(calls)
        .some(({ url }) => url.search.includes('fromDate=2025-04-21')),
    ).toBe(false);
  });
});
