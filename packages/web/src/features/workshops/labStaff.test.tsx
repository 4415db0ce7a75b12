import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES } from '@ayar/contract';
import type { StaffMember, WorkshopDetail } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// ADR 0049: the admin sees a lab's people, read-only, on the lab's edit screen.

const ID = '11111111-1111-4111-8111-111111111111';
const detail: WorkshopDetail = {
  id: ID,
  userId: ID,
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
const person = (over: Partial<StaffMember>): StaffMember => ({
  id: ID,
  fullName: 'علی',
  mobile: null,
  userName: 'zarin',
  roles: ['owner'],
  staffCode: 1,
  suspended: false,
  isLabAccount: true,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

let staff: Calls;
beforeEach(() => {
  handleAny(null);
  handle(ROUTES.manage.userById, [detail]);
  staff = handle(ROUTES.manage.staff, {
    list: [
      person({}),
      person({
        id: 's2',
        fullName: 'رضا عیارسنج',
        userName: 'reza',
        roles: ['assayer', 'accountant'],
        staffCode: 3,
        suspended: true,
        isLabAccount: false,
      }),
    ],
  });
  signInAs('admin');
});

describe('the admin’s lab edit screen', () => {
  it('lists the lab’s people read-only: name, user name, roles, staff code and state', async () => {
    renderApp(`/manage/edit-user/${ID}/${encodeURIComponent('آزمایشگاه زرین')}`);
    const section = within(await screen.findByRole('region', { name: 'کارکنان آزمایشگاه' }));
    const reza = within(await section.findByRole('listitem', { name: 'رضا عیارسنج' }));
    expect(reza.getByText('reza')).toHaveAttribute('dir', 'ltr');
    expect(reza.getByText('۳')).toBeInTheDocument();
    expect(reza.getByText('تعلیق‌شده')).toBeInTheDocument();
    expect(reza.getByText('عیارسنج')).toBeInTheDocument();
    expect(reza.getByText('حسابدار')).toBeInTheDocument();
    const lab = within(section.getByRole('listitem', { name: 'علی' }));
    expect(lab.getByText('حساب اصلی')).toBeInTheDocument();
    expect(lab.getByText('مدیر آزمایشگاه')).toBeInTheDocument();
    expect(section.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(staff.last?.query).toEqual({ userId: ID }));
  });
});
