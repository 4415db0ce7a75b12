import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { StaffStatisticsRow, WorkshopDetail } from '@ayar/contract';
import { formatRate } from '../../components/staff/StaffStatistics.tsx';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// ADR 0050: «آمار کارکنان», each person's purities in a period, for the owner and for the admin.

const person = (over: Partial<StaffStatisticsRow>): StaffStatisticsRow => ({
  id: 'w1',
  fullName: 'مدیر آزمایشگاه',
  staffCode: 1,
  roles: ['owner'],
  suspended: false,
  recorded: 0,
  verified: 12,
  corrected: 0,
  correctedOfTheirs: 0,
  withdrawn: 0,
  correctionRate: null,
  ...over,
});
const LIST = [
  person({}),
  person({
    id: 's3',
    fullName: 'رضا احمدی',
    staffCode: 3,
    roles: ['assayer'],
    recorded: 120,
    verified: 95,
    corrected: 2,
    correctedOfTheirs: 3,
    correctionRate: 0.025,
  }),
];

describe('the correction rate', () => {
  it('is a Persian percent with one decimal, «—» when they recorded none', () => {
    expect(formatRate(0.025)).toBe('۲٫۵٪');
    expect(formatRate(0)).toBe('۰٫۰٪');
    expect(formatRate(1)).toBe('۱۰۰٫۰٪');
    expect(formatRate(null)).toBe('—');
  });
});

describe('staff/statistics', () => {
  let calls: Calls;
  beforeEach(() => {
    calls = handle(ROUTES.staff.statistics, { list: LIST });
    signInAs('workshop');
  });

  it('shows a row per person with its headers, and asks again for a Jalali period', async () => {
    const user = userEvent.setup();
    renderApp('/staff/statistics');
    const table = await screen.findByRole('table', { name: 'آمار کارکنان' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'نام',
      'کد کارمند',
      'نقش‌ها',
      'ثبت عیار',
      'تأیید',
      'اصلاح',
      'اصلاح عیارهای او',
      'باطل شده',
      'نرخ اصلاح',
    ]);
    const reza = within(table).getByRole('row', { name: /رضا احمدی/ });
    expect(
      within(reza)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['۳', 'عیارسنج', '۱۲۰', '۹۵', '۲', '۳', '۰', '۲٫۵٪']);
    const owner = within(table).getByRole('row', { name: /مدیر آزمایشگاه/ });
    expect(within(owner).getAllByRole('cell').at(-1)).toHaveTextContent('—');

    await user.type(screen.getByLabelText('از تاریخ'), '14050801');
    await user.type(screen.getByLabelText('تا تاریخ'), '14050830');
    await user.click(screen.getByRole('button', { name: 'اعمال' }));
    await waitFor(() => expect(calls.last?.url.searchParams.get('fromDate')).toBe('2026-10-23'));
    expect(calls.last?.url.searchParams.get('toDate')).toBe('2026-11-21');
  }, 15_000);
});

const DETAIL: Omit<WorkshopDetail, 'id' | 'userId'> = {
  fName: 'آزمایشگاه زرین',
  fullName: 'علی',
  cellPhone: null,
  phone: null,
  rejeCode: null,
  address: null,
  userName: 'zarin',
  isPublicUser: false,
  isLabOwner: true,
  status: 1,
  code: 1001,
  file: null,
};

describe('the admin’s lab page', () => {
  it('has «آمار کارکنان» for that lab', async () => {
    const ID = '11111111-1111-4111-8111-111111111111';
    handleAny(null);
    handle(ROUTES.manage.userById, [{ ...DETAIL, id: ID, userId: ID }]);
    const calls = handle(ROUTES.manage.staffStatistics, { list: LIST });
    signInAs('admin');
    renderApp(`/manage/edit-user/${ID}/زرین`);
    const section = await screen.findByRole('region', { name: 'آمار کارکنان' });
    expect(await within(section).findByText('۲٫۵٪')).toBeInTheDocument();
    expect(calls.last?.url.searchParams.get('userId')).toBe(ID);
  });
});
