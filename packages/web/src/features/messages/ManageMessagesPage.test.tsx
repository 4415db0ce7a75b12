import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageRow } from '@ayar/contract';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ManageMessagesPage } from './pages.tsx';

const fetchMock = vi.fn<typeof fetch>();
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
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    jsonResponse({
      successful: true,
      message: '',
      data: { list: LIST, totalCount: 4, currPage: 1, pageSize: 50 },
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('messages page', () => {
  it('shows each status as its badge, the error text and Jalali times', async () => {
    renderWithProviders(<ManageMessagesPage />);
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
    fetchMock.mockImplementation(async () =>
      jsonResponse({
        successful: true,
        message: '',
        data: { list: [], totalCount: 0, currPage: 1, pageSize: 50 },
      }),
    );
    await user.type(screen.getByLabelText('شماره گیرنده'), '۰۹۳۵');
    expect(await screen.findByText('پیامی با این فیلترها پیدا نشد')).toBeInTheDocument();
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('to=0935'));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('pageSize=50');
  });

  it('filters by a Jalali date range, sent as Gregorian days, and refuses a reversed one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ManageMessagesPage />);
    await screen.findByRole('list', { name: 'فهرست پیامک‌ها و تماس‌ها' });
    await user.type(screen.getByLabelText('از تاریخ'), '۱۴۰۴۰۱۰۱');
    await user.type(screen.getByLabelText('تا تاریخ'), '۱۴۰۴۰۱۱۰');
    await waitFor(() => {
      const url = String(fetchMock.mock.calls.at(-1)?.[0]);
      expect(url).toContain('fromDate=2025-03-21');
      expect(url).toContain('toDate=2025-03-30');
    });
    const calls = fetchMock.mock.calls.length;
    await user.clear(screen.getByLabelText('از تاریخ'));
    await user.type(screen.getByLabelText('از تاریخ'), '۱۴۰۴۰۲۰۱');
    expect(await screen.findByText('تاریخ شروع نباید بعد از تاریخ پایان باشد')).toBeInTheDocument();
    // The reversed range is never asked for; the last good one stays in force.
    expect(
      fetchMock.mock.calls.slice(calls).some(([url]) => String(url).includes('fromDate=2025-04-21')),
    ).toBe(false);
  });
});
