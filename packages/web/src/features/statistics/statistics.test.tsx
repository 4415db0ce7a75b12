import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, WORKSHOP_STATUS, todayGregorianInTehran } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { DATE_RANGE_MSG as DATE_MSG, jalaliRangeToGregorian as toGregorianRange } from '@ayar/contract';
import { formatMinutes } from './format.ts';

const PERIODS = {
  today: { from: '2025-03-20', to: '2025-03-21' },
  yesterday: { from: '2025-03-19', to: '2025-03-20' },
  week: { from: '2025-03-15', to: '2025-03-22' },
  month: { from: '2025-02-19', to: '2025-03-21' },
};
const row = (id: string, name: string, testCount: number, used: number, total: number) => ({
  userId: id,
  userFName: name,
  userFullName: 'مدیر',
  userCellPhone: '09121234567',
  userPhone: null,
  status: 1,
  testCount,
  sumTotalCode: total,
  totalCodeUse: used,
});

const statistics = (pendingCredits: unknown) => ({
  searchRes: 9,
  todayRes: 4,
  yesterdayRes: 2,
  weekRes: 6,
  monthRes: 8,
  totalRes: 9,
  periods: PERIODS,
  credits: 120_000,
  pendingCredits,
});

let groups: Calls;
beforeEach(() => {
  handleAny(null);
  groups = handle(ROUTES.manage.getTestStatisticsWithGroupUser, {
    list: [
      row('w1', 'آزمایشگاه نور', 12, 45, 50),
      row('w2', 'آزمایشگاه زر', 0, 30, 50),
      row('w3', 'آزمایشگاه مس', 3, 10, 50),
    ],
    summary: { sumTestCount: 15, count: 3, countActive: 2, allSumTotalCode: 150, allTotalCodeUse: 85 },
  });
  handle(
    ROUTES.manage.getManageStatistics,
    statistics({
      count: 1,
      list: [
        {
          id: 'c1',
          userId: 'w1',
          lab: 'آزمایشگاه نور',
          amount: 120_000,
          trackingCode: 'TR-9',
          date: '2025-03-19',
          createdAt: '2025-03-19T08:00:00Z',
        },
      ],
    }),
  );
  handle(ROUTES.tests.getStatistics, statistics(0));
  const daily = {
    days: [],
    medianFrom: '2025-03-01',
    medianTo: '2025-03-20',
    medianMinutes: null,
    workshops: [],
  };
  handle(ROUTES.manage.getDailyStatistics, daily);
  handle(ROUTES.tests.getDailyStatistics, daily);
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 1 });
});

/** Signed in as the admin or a workshop named «آزمایشگاه نور». */
const signIn = (role: 'admin' | 'workshop') =>
  signInAs(role, { userId: 'u-1', userFname: 'آزمایشگاه نور', testTypes: [] });

describe('format helpers', () => {
  it('turn Jalali dates into Gregorian and refuse reversed or impossible ones', () => {
    expect(toGregorianRange('۱۴۰۳/۱۲/۳۰', '1404/01/01')).toEqual({
      ok: true,
      fromDate: '2025-03-20',
      toDate: '2025-03-21',
    });
    expect(toGregorianRange('1404/01/02', '1404/01/01')).toEqual({
      ok: false,
      errors: { toDate: DATE_MSG.order },
    });
    expect(toGregorianRange('1404/12/30', '', true)).toEqual({
      ok: false,
      errors: { fromDate: DATE_MSG.invalid, toDate: DATE_MSG.required },
    });
  });

  it('say minutes as a person would', () => {
    expect(formatMinutes(45)).toBe('۴۵ دقیقه');
    expect(formatMinutes(130)).toBe('۲ ساعت و ۱۰ دقیقه');
    expect(formatMinutes(1500)).toBe('۱ روز و ۱ ساعت');
    expect(formatMinutes(null)).toBe('—');
  });
});

describe('the admin dashboard', () => {
  it('asks for today by default and shows the summary, the rows, the badges and the gauges', async () => {
    signIn('admin');
    renderApp('/dashboard');
    const active = await screen.findByTestId('summary-active', {}, { timeout: 3000 });
    const today = todayGregorianInTehran();
    expect(groups[0]?.body).toEqual({ fromDate: today, toDate: today });

    expect(within(active).getByText('۲')).toBeTruthy();
    const rows = screen.getAllByTestId('workshop-row');
    expect(rows).toHaveLength(3);
    // Grey badge at 0; gauges green < 60 %, amber 60–80, red ≥ 80.
    const badge = within(rows[1]!).getByTestId('test-count');
    expect(badge.textContent).toBe('۰');
    const colors = rows.map((r) => r.querySelector('[data-color]')?.getAttribute('data-color'));
    expect(colors).toEqual(['red', 'yellow', 'green']);

    await userEvent.type(screen.getByLabelText('جستجوی نام آزمایشگاه'), 'زر');
    expect(screen.getAllByTestId('workshop-row')).toHaveLength(1);
  });

  it('sends the typed Jalali range as Gregorian and shows the pending credits with their total', async () => {
    signIn('admin');
    renderApp('/dashboard');
    const form = await screen.findByRole('form', { name: 'بازه داشبورد' });
    const from = within(form).getByLabelText('از تاریخ');
    const to = within(form).getByLabelText('تا تاریخ');
    await userEvent.clear(from);
    await userEvent.type(from, '۱۴۰۳۱۲۳۰');
    await userEvent.clear(to);
    await userEvent.type(to, '14040101');
    await userEvent.click(within(form).getByRole('button', { name: 'نمایش' }));
    await vi.waitFor(() =>
      expect(groups.last?.body).toEqual({
        fromDate: '2025-03-20',
        toDate: '2025-03-21',
      }),
    );
    expect((await screen.findByTestId('pending-total')).textContent).toContain('۱۲۰٬۰۰۰');
  });
});

const newLab = {
  id: 'w9',
  fName: 'آزمایشگاه تازه',
  fullName: 'مدیر تازه',
  userName: 'tazeh',
  code: null,
  status: WORKSHOP_STATUS.new,
};

describe('the admin dashboard: labs waiting for activation', () => {
  it('shows how many labs wait, read as the new labs list’s totalCount, and links to that list', async () => {
    const lists = handle(ROUTES.manage.labOwners, ({ query }) => ({
      list: [newLab],
      totalCount: query.pageSize === '1' ? 3 : 1,
      currPage: 1,
      pageSize: Number(query.pageSize),
    }));
    signIn('admin');
    const user = userEvent.setup();
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: /۳ آزمایشگاه در انتظار فعال‌سازی/ });
    expect(link).toHaveAttribute('href', '/manage/lab-owners?status=0');
    expect(lists[0]?.query).toMatchObject({ status: '0', pageNumber: '1', pageSize: '1' });

    // The link opens the admin's list narrowed to new labs.
    await user.click(link);
    expect(await screen.findByText('آزمایشگاه تازه')).toBeInTheDocument();
    expect(lists.last?.query).toMatchObject({ status: '0', pageSize: '100' });
    // The status filter shows the narrowing (the filter panel may be folded on a phone).
    expect(screen.getByDisplayValue('جدید')).toBeInTheDocument();
  });

  it('says none wait when the count is 0', async () => {
    handle(ROUTES.manage.labOwners, { list: [], totalCount: 0, currPage: 1, pageSize: 1 });
    signIn('admin');
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: /آزمایشگاهی در انتظار فعال‌سازی نیست/ })).toHaveAttribute(
      'href',
      '/manage/lab-owners?status=0',
    );
  });

  it('shows its frame at once: the heading and the tiles’ places while the data is on its way', async () => {
    const never = () => new Promise<never>(() => {});
    handle(ROUTES.manage.labOwners, never);
    handle(ROUTES.manage.getTestStatisticsWithGroupUser, never);
    signIn('admin');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'داشبورد شبکه' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'در حال شمارش آزمایشگاه‌های جدید' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'در حال بارگذاری خلاصه آمار' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'در حال بارگذاری آزمایشگاه‌ها' })).toBeInTheDocument();
  });
});

describe("the workshop's statistics", () => {
  it('shows the tiles of GetStatistics on the home page', async () => {
    signIn('workshop');
    renderApp('/home');
    const today = await screen.findByTestId('tile-today', {}, { timeout: 3000 });
    expect(within(today).getByLabelText('امروز').textContent).toBe('۴');
    expect(within(screen.getByTestId('tile-credits')).getByText('موجودی حساب')).toBeTruthy();
  });
});
