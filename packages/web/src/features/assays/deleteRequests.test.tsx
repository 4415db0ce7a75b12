import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELETE_REQUEST_MSG, ROUTES } from '@ayar/contract';
import type { LabListRow, TestHistoryItem } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { labRow } from '../../test/fixtures.ts';
import { signInAs } from '../../test/session.ts';

// A delete request could only be granted (ADR 0025).

const ID = '6f1b3c2a-1111-4a5e-9c1d-00000000000a';
const REASON = 'برگه این بسته با عیار ۷۵۰ به مشتری داده شده است';

const base: LabListRow = labRow({
  id: ID,
  customerId: '6f1b3c2a-2222-4a5e-9c1d-000000000002',
  customerCode: 12,
  docNumber: 100234,
  cutting: 750,
  weight: 12.5,
  vage: 50000,
  feeToman: 50000,
  customerMobile: '09121234567',
  waitFor: false,
  purityAt: '2026-11-20T08:30:00Z',
  userId: '6f1b3c2a-3333-4a5e-9c1d-000000000003',
  labName: 'آزمایشگاه زرناب',
  userFullName: 'علی رضایی',
  forDelete: true,
  forDeleteDate: '2026-11-21T09:00:00Z',
});
const declined: LabListRow = {
  ...base,
  forDelete: false,
  forDeleteDate: null,
  deleteDecline: { at: '2026-11-21T10:00:00Z', reason: REASON },
};

let current: LabListRow = base;
const calls = new Map<string, Calls>();
/** The JSON bodies the screens posted to a route. */
const posts = (route: { method: 'GET' | 'POST'; path: string }) => calls.get(route.path)?.bodies ?? [];

const signIn = (role: 'admin' | 'workshop') => signInAs(role, { userId: 'u1', userFname: 'کاربر' });

const page = (rows: LabListRow[]) => ({ list: rows, totalCount: rows.length, currPage: 1, pageSize: 100 });

beforeEach(() => {
  current = base;
  calls.clear();
  handleAny(null);
  const record = (route: { method: 'GET' | 'POST'; path: string }, answer: () => unknown, message = '') =>
    calls.set(route.path, handle(route, answer, { message }));
  record(
    ROUTES.manage.declineDeleteTest,
    () => {
      current = declined;
      return null;
    },
    DELETE_REQUEST_MSG.declined,
  );
  record(
    ROUTES.tests.requestToDeleteTest,
    () => {
      current = { ...base, forDelete: true };
      return null;
    },
    'درخواست حذف ثبت شد و پس از بررسی مدیر انجام می‌شود',
  );
  record(ROUTES.manage.deleteTest, () => null);
  record(ROUTES.manage.editTest, () => null);
  handle(ROUTES.manage.allTests, () => page(current.forDelete ? [current] : []));
  handle(ROUTES.tests.allTests, () => page([current]));
  handle(ROUTES.tests.getTest, () => current);
  handle(ROUTES.manage.getTest, () => current);
  handle(ROUTES.manage.testHistory, { list: [] });
});

describe('the admin declines a delete request', () => {
  it(
    'manage/labs-todelete offers «رد درخواست», asks for a reason, and the packet leaves the list',
    { timeout: 20_000 },
    async () => {
      signIn('admin');
      const user = userEvent.setup();
      renderApp('/manage/labs-todelete');
      await user.click(await screen.findByRole('button', { name: 'رد درخواست حذف بسته ۱۰۰۲۳۴' }));
      const dialog = await screen.findByRole('dialog', { name: 'رد درخواست حذف' });
      expect(within(dialog).getByText(/حذف نمی‌شود و از فهرست درخواست‌ها بیرون می‌رود/)).toBeInTheDocument();

      // The reason is required: nothing is sent without it.
      await user.click(within(dialog).getByRole('button', { name: 'رد درخواست' }));
      expect(await within(dialog).findByText(DELETE_REQUEST_MSG.reasonRequired)).toBeInTheDocument();
      expect(posts(ROUTES.manage.declineDeleteTest)).toEqual([]);

      await user.type(within(dialog).getByLabelText(/دلیل رد درخواست/), REASON);
      await user.click(within(dialog).getByRole('button', { name: 'رد درخواست' }));
      await waitFor(() =>
        expect(posts(ROUTES.manage.declineDeleteTest)).toEqual([{ id: ID, reason: REASON }]),
      );
      expect(await screen.findByText(DELETE_REQUEST_MSG.declined)).toBeInTheDocument();
      expect(await screen.findByText('درخواست حذفی در انتظار بررسی نیست.')).toBeInTheDocument();
      expect(posts(ROUTES.manage.deleteTest)).toEqual([]);
    },
  );

  it(
    'manage/edit-lab of a requested packet offers it too, without saving the packet',
    { timeout: 20_000 },
    async () => {
      signIn('admin');
      const user = userEvent.setup();
      renderApp(`/manage/edit-lab/${ID}`);
      await user.click(await screen.findByRole('button', { name: 'رد درخواست حذف بسته ۱۰۰۲۳۴' }));
      const dialog = await screen.findByRole('dialog', { name: 'رد درخواست حذف' });
      await user.type(within(dialog).getByLabelText(/دلیل رد درخواست/), REASON);
      await user.click(within(dialog).getByRole('button', { name: 'رد درخواست' }));
      await waitFor(() => expect(posts(ROUTES.manage.declineDeleteTest)).toHaveLength(1));
      expect(posts(ROUTES.manage.editTest)).toEqual([]);
    },
  );
});

describe('the lab reads why, and may ask again', () => {
  it('lab/list marks the packet and shows the reason', { timeout: 20_000 }, async () => {
    signIn('workshop');
    current = declined;
    renderApp('/lab/list');
    expect((await screen.findAllByText('حذف رد شد')).length).toBeGreaterThan(0);
    const reasons = screen.getAllByTestId('decline-reason');
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r).toHaveTextContent(`دلیل رد درخواست حذف: ${REASON}`);
    expect(screen.queryByText('درخواست حذف', { selector: '.mantine-Badge-label' })).not.toBeInTheDocument();
  });

  it('lab/edit shows the reason and asks again', { timeout: 20_000 }, async () => {
    signIn('workshop');
    current = declined;
    const user = userEvent.setup();
    renderApp(`/lab/edit/${ID}`);
    const note = await screen.findByRole('alert', { name: 'مدیر درخواست حذف را رد کرد' });
    expect(note).toHaveTextContent(`دلیل: ${REASON}`);
    await user.click(screen.getByRole('button', { name: 'درخواست دوباره' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'درخواست حذف' }));
    await waitFor(() => expect(posts(ROUTES.tests.requestToDeleteTest)).toEqual([{ id: ID }]));
    expect(await screen.findByText('درخواست حذف ثبت شده است')).toBeInTheDocument();
  });
});

describe('the packet history', () => {
  it('names the decline, who declined and why', { timeout: 20_000 }, async () => {
    signIn('admin');
    const item: TestHistoryItem = {
      id: 9,
      at: '2026-11-21T10:00:00Z',
      actorId: 'admin',
      actorName: 'مدیر سامانه',
      action: 'assay.delete.decline',
      actionLabel: 'رد درخواست حذف',
      before: { deleteRequested: true },
      after: { deleteRequested: false, reason: REASON },
    };
    handleAny(declined);
    handle(ROUTES.manage.testHistory, { list: [item] });
    renderApp(`/manage/edit-lab/${ID}`);
    expect(await screen.findByText('رد درخواست حذف')).toBeInTheDocument();
    expect(screen.getByText(REASON)).toBeInTheDocument();
    expect(screen.getAllByText(/مدیر سامانه/).length).toBeGreaterThan(0);
  });
});
