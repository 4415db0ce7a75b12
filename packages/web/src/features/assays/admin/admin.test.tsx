import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSAY_MSG, OTHER_CUSTOMER_ID, ROUTES, UI } from '@ayar/contract';
import type { LabListRow, TestHistoryItem } from '@ayar/contract';
import { Route, Routes } from 'react-router';
import { expectNoNestedControls, tabTo } from '../../../test/a11y.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { handle, requestsTo } from '../../../test/server.ts';
import type { Calls } from '../../../test/server.ts';
import { labRow } from '../../../test/fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { DELETE_QUESTION } from './AdminLabList.tsx';
import { ManageEditLabPage } from './ManageEditLabPage.tsx';
import { ManageLabsPage } from './ManageLabsPage.tsx';
import { ManageLabsToDeletePage } from './ManageLabsToDeletePage.tsx';

const ID = '6f1b3c2a-1111-4a5e-9c1d-000000000001';

const row: LabListRow = labRow({
  id: ID,
  customerId: '6f1b3c2a-2222-4a5e-9c1d-000000000002',
  customerCode: 12,
  docNumber: 100234,
  cutting: 750,
  weight: 12.5,
  vage: 50000,
  feeToman: 50000,
  customerMobile: null,
  waitFor: false,
  purityAt: '2026-11-20T08:30:00Z',
  userId: '6f1b3c2a-3333-4a5e-9c1d-000000000003',
  labName: 'آزمایشگاه زرناب',
  userFullName: 'علی رضایی',
  forDelete: true,
  forDeleteDate: '2026-11-21T09:00:00Z',
});

const history: TestHistoryItem[] = [
  {
    id: 1,
    at: '2026-11-20T08:00:00Z',
    actorId: row.userId,
    actorName: 'آزمایشگاه زرناب',
    action: 'assay.add',
    actionLabel: 'ثبت بسته',
    before: null,
    after: { docNumber: 100234, purity: null, readyTime: 30, goldWeightMg: 12400 },
  },
  {
    id: 2,
    at: '2026-11-21T10:15:00Z',
    actorId: 'admin',
    actorName: 'مدیر سامانه',
    action: 'assay.edit',
    actionLabel: 'ویرایش بسته',
    before: { purity: 740, goldWeightMg: 12400 },
    after: { purity: 750, goldWeightMg: 12500 },
  },
];

/**
 * The three admin screens at their routes, with the app's providers. Not the whole router
 * (test/render.tsx): these tests should not depend on every other screen of the app.
 */
function renderApp(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/manage/labs" element={<ManageLabsPage />} />
      <Route path="/manage/labs-todelete" element={<ManageLabsToDeletePage />} />
      <Route path="/manage/edit-lab/:id" element={<ManageEditLabPage />} />
    </Routes>,
    { route },
  );
}
let deletes: Calls;
let edits: Calls;
const calls = (route: { method: 'GET' | 'POST'; path: string }) => requestsTo(route);
// A synchronous act flushes React's work and throws what failed before it returns; the thenable it gives
// back has nothing left to wait for (awaiting it would wait on a task the fake timers hold).
const advance = (ms: number): void => void act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  handle(ROUTES.manage.allTests, { list: [row], totalCount: 1, currPage: 1, pageSize: 100 });
  deletes = handle(ROUTES.manage.deleteTest, null, { message: 'بسته حذف شد' });
  handle(ROUTES.manage.getTest, row);
  handle(ROUTES.manage.testHistory, { list: history });
  edits = handle(ROUTES.manage.editTest, null, { message: 'تغییرات بسته ذخیره شد' });
  signInAs('admin');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('manage/labs-todelete', () => {
  it('asks for the delete requests only and deletes one by holding the button for 2 seconds', async () => {
    renderApp('/manage/labs-todelete');
    const hold = await screen.findByRole('button', { name: /حذف بسته ۱۰۰۲۳۴؛ برای حذف/ });
    expect(calls(ROUTES.manage.allTests)[0]!.url.searchParams.get('justForDelete')).toBe('true');
    expect(calls(ROUTES.manage.allTests)[0]!.url.searchParams.get('pageSize')).toBe('100');

    vi.useFakeTimers();
    fireEvent.pointerDown(hold, { button: 0, pointerId: 1 });
    advance(1500);
    expect(calls(ROUTES.manage.deleteTest)).toHaveLength(0);
    advance(500);
    fireEvent.pointerUp(hold, { button: 0, pointerId: 1 });
    vi.useRealTimers();

    await waitFor(() => expect(calls(ROUTES.manage.deleteTest)).toHaveLength(1));
    expect(deletes.bodies[0]).toEqual({ id: ID });
    expect(await screen.findByText('بسته حذف شد')).toBeInTheDocument();
    // The list reloads after the delete.
    await waitFor(() => expect(calls(ROUTES.manage.allTests).length).toBeGreaterThanOrEqual(2));
    expect(calls(ROUTES.manage.deleteTest)).toHaveLength(1);
  });

  it('releasing early deletes nothing; the trash button asks first', async () => {
    const user = userEvent.setup();
    renderApp('/manage/labs-todelete');
    const hold = await screen.findByRole('button', { name: /حذف بسته ۱۰۰۲۳۴؛ برای حذف/ });
    vi.useFakeTimers();
    fireEvent.pointerDown(hold, { button: 0, pointerId: 1 });
    advance(1200);
    fireEvent.pointerUp(hold, { button: 0, pointerId: 1 });
    advance(3000);
    vi.useRealTimers();
    expect(calls(ROUTES.manage.deleteTest)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'حذف بسته ۱۰۰۲۳۴' }));
    expect(await screen.findByText('آیا از حذف این مورد اطمینان دارید؟')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(calls(ROUTES.manage.deleteTest)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'حذف بسته ۱۰۰۲۳۴' }));
    await user.click(await screen.findByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(calls(ROUTES.manage.deleteTest)).toHaveLength(1));
  });
});

describe('manage/labs', () => {
  it('sends Gregorian dates for the Jalali ones typed, with the filter type and value', async () => {
    const user = userEvent.setup();
    renderApp('/manage/labs');
    expect(await screen.findByText('حسن طلافروش')).toBeInTheDocument();
    expect(screen.getByText('۷۵۰')).toBeInTheDocument();
    expect(calls(ROUTES.manage.allTests)[0]!.url.searchParams.get('justForDelete')).toBeNull();

    await user.click(screen.getByRole('button', { name: /فیلترها/ }));
    const form = screen.getByRole('form', { name: 'فیلتر بسته‌ها', hidden: true });
    await user.click(within(form).getByLabelText('جستجو بر اساس'));
    await user.click(await screen.findByRole('option', { name: 'شماره بسته', hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: 'شماره بسته', hidden: true }), '۱۰۰۲۳۴');
    await user.type(within(form).getByRole('textbox', { name: 'از تاریخ', hidden: true }), '۱۴۰۵۰۹۰۱');
    await user.type(within(form).getByRole('textbox', { name: 'تا تاریخ', hidden: true }), '1405/09/30');
    expect(within(form).getByRole('textbox', { name: 'از تاریخ', hidden: true })).toHaveValue('۱۴۰۵/۰۹/۰۱');
    await user.click(within(form).getByRole('button', { name: 'جستجو', hidden: true }));

    await waitFor(() => expect(calls(ROUTES.manage.allTests)).toHaveLength(2));
    const q = calls(ROUTES.manage.allTests)[1]!.url.searchParams;
    expect(q.get('filterType')).toBe('3');
    expect(q.get('filterValue')).toBe('100234');
    expect(q.get('fromDate')).toBe('2026-11-22');
    expect(q.get('toDate')).toBe('2026-12-21');
    expect(q.get('pageNumber')).toBe('1');
  });

  it("narrows to one of a lab's people once a lab is chosen (ADR 0050)", async () => {
    handle(ROUTES.manage.usersByName, [{ id: 'w2', name: 'آزمایشگاه زرناب' }]);
    const people = handle(ROUTES.manage.staff, {
      list: [
        {
          id: 'p2',
          fullName: 'زهرا کریمی',
          mobile: '09121112233',
          userName: 'zahra',
          roles: ['counter'],
          staffCode: 2,
          suspended: false,
          isLabAccount: false,
          createdAt: '2026-11-01T08:00:00Z',
        },
      ],
    });
    const user = userEvent.setup();
    renderApp('/manage/labs');
    expect(await screen.findByText('حسن طلافروش')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /فیلترها/ }));
    const form = screen.getByRole('form', { name: 'فیلتر بسته‌ها', hidden: true });
    // No lab chosen: nobody to choose.
    expect(within(form).getByLabelText('شخص')).toBeDisabled();

    await user.type(within(form).getByRole('textbox', { name: 'آزمایشگاه', hidden: true }), 'زر');
    await user.click(await screen.findByRole('option', { name: 'آزمایشگاه زرناب', hidden: true }));
    await waitFor(() => expect(people).toHaveLength(1));
    expect(people[0]!.url.searchParams.get('userId')).toBe('w2');
    await user.click(within(form).getByLabelText('شخص'));
    await user.click(await screen.findByRole('option', { name: 'زهرا کریمی (۲)', hidden: true }));

    await waitFor(() => {
      const last = calls(ROUTES.manage.allTests).at(-1)!.url.searchParams;
      expect(last.get('personId')).toBe('p2');
      expect(last.get('tester')).toBe('w2');
    });
  });

  it('refuses an impossible date without asking the server', async () => {
    const user = userEvent.setup();
    renderApp('/manage/labs');
    await screen.findByText('حسن طلافروش');
    await user.click(screen.getByRole('button', { name: /فیلترها/ }));
    const form = screen.getByRole('form', { name: 'فیلتر بسته‌ها', hidden: true });
    await user.type(within(form).getByRole('textbox', { name: 'از تاریخ', hidden: true }), '14051301');
    await user.click(within(form).getByRole('button', { name: 'جستجو', hidden: true }));
    expect(await screen.findByText(/تاریخ نامعتبر است/)).toBeInTheDocument();
    expect(calls(ROUTES.manage.allTests)).toHaveLength(1);
  });

  it('on a phone, the packet number is the card’s link to the packet: Tab reaches it and Enter opens the packet', async () => {
    const user = userEvent.setup();
    renderApp('/manage/labs');
    const list = await screen.findByRole('list', { name: 'بسته‌ها' });
    expectNoNestedControls(list);
    const link = within(list).getByRole('link', { name: 'ویرایش بسته ۱۰۰۲۳۴' });
    expect(link).toHaveAttribute('href', `/manage/edit-lab/${ID}`);
    expect(link).toHaveTextContent('۱۰۰۲۳۴');
    await tabTo(user, link);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('form', { name: 'ویرایش بسته' })).toBeInTheDocument();
    expect(calls(ROUTES.manage.getTest)[0]!.url.searchParams.get('testId')).toBe(ID);
  });

  it('on a phone, a click on the card away from its buttons opens the packet; its trash button only asks', async () => {
    const user = userEvent.setup();
    renderApp('/manage/labs');
    const list = await screen.findByRole('list', { name: 'بسته‌ها' });
    expectNoNestedControls(list);
    await user.click(within(list).getByRole('button', { name: 'حذف بسته ۱۰۰۲۳۴' }));
    expect(await screen.findByText(DELETE_QUESTION)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(calls(ROUTES.manage.getTest)).toHaveLength(0);
    await user.click(within(list).getByText('حسن طلافروش'));
    expect(await screen.findByRole('form', { name: 'ویرایش بسته' })).toBeInTheDocument();
  });

  describe('on a desktop', () => {
    const phoneMatchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = (query: string) =>
        ({
          ...phoneMatchMedia(query),
          matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
        }) as MediaQueryList;
    });
    afterEach(() => {
      window.matchMedia = phoneMatchMedia;
    });

    it('Tab reaches the packet number’s link in the row, not the row; Enter on the trash button after it only asks', async () => {
      const user = userEvent.setup();
      renderApp('/manage/labs');
      const table = await screen.findByRole('table', { name: 'بسته‌ها' });
      expectNoNestedControls(table);
      const rowEl = within(table).getByRole('row', { name: /حسن طلافروش/ });
      expect(rowEl).not.toHaveAttribute('tabindex');
      const link = within(rowEl).getByRole('link', { name: 'ویرایش بسته ۱۰۰۲۳۴' });
      expect(link).toHaveAttribute('href', `/manage/edit-lab/${ID}`);
      const passed = await tabTo(user, link);
      expect(passed.filter((el) => el.tagName === 'TR')).toEqual([]);
      await user.tab();
      expect(document.activeElement).toBe(within(rowEl).getByRole('button', { name: 'حذف بسته ۱۰۰۲۳۴' }));
      await user.keyboard('{Enter}');
      expect(await screen.findByText(DELETE_QUESTION)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'انصراف' }));
      expect(calls(ROUTES.manage.getTest)).toHaveLength(0);

      await tabTo(user, link);
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('form', { name: 'ویرایش بسته' })).toBeInTheDocument();
    });
  });
});

describe('manage/edit-lab', () => {
  it('hides the ready time while a purity is entered and checks the purity has 3 digits', async () => {
    const user = userEvent.setup();
    handle(ROUTES.manage.getTest, { ...row, cutting: null, waitFor: true });
    handle(ROUTES.manage.testHistory, { list: [] });
    renderApp(`/manage/edit-lab/${ID}`);
    const purity = await screen.findByRole('textbox', { name: 'عیار' });
    expect(screen.getByRole('textbox', { name: 'زمان آماده شدن (دقیقه)' })).toHaveValue('۳۰');

    await user.type(purity, '۷۵');
    expect(screen.queryByRole('textbox', { name: 'زمان آماده شدن (دقیقه)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    expect(await screen.findByText(ASSAY_MSG.cuttingRange)).toBeInTheDocument();
    expect(calls(ROUTES.manage.editTest)).toHaveLength(0);

    await user.clear(purity);
    expect(screen.getByRole('textbox', { name: 'زمان آماده شدن (دقیقه)' })).toBeInTheDocument();
    await user.type(purity, '۷۵۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(calls(ROUTES.manage.editTest)).toHaveLength(1));
    const body = edits.bodies[0] as Record<string, unknown>;
    expect(body).toMatchObject({ testId: ID, cutting: 750, readyTime: 30, sampleWeight: 0.25, weight: 12.5 });
    // Saved → back to the list.
    expect(await screen.findByText('تغییرات بسته ذخیره شد')).toBeInTheDocument();
  });

  it('asks for the owner only for an «مشتری متفرقه» packet', async () => {
    const user = userEvent.setup();
    handle(ROUTES.manage.getTest, {
      ...row,
      customerId: OTHER_CUSTOMER_ID,
      customerName: 'مشتری متفرقه',
      testFullName: null,
    });
    handle(ROUTES.manage.testHistory, { list: [] });
    renderApp(`/manage/edit-lab/${ID}`);
    await screen.findByRole('form', { name: 'ویرایش بسته' });
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    expect(await screen.findByText(ASSAY_MSG.ownerNameRequired)).toBeInTheDocument();
    expect(screen.getByText(ASSAY_MSG.ownerMobileRequired)).toBeInTheDocument();
    expect(calls(ROUTES.manage.editTest)).toHaveLength(0);
  });

  it('shows a deleted packet without letting it be edited', async () => {
    handle(ROUTES.manage.getTest, { ...row, deleted: true, deletedAt: '2026-11-21T10:00:00Z' });
    handle(ROUTES.manage.testHistory, { list: history });
    renderApp(`/manage/edit-lab/${ID}`);
    expect(await screen.findByText('این بسته حذف شده است')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'عیار' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'ذخیره تغییرات' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حذف بسته' })).not.toBeInTheDocument();
  });

  it('shows who changed what and when', async () => {
    renderApp(`/manage/edit-lab/${ID}`);
    const section = await screen.findByRole('region', { name: 'تاریخچه بسته' });
    expect(await within(section).findByText('ویرایش بسته')).toBeInTheDocument();
    expect(within(section).getByText('ثبت بسته')).toBeInTheDocument();
    expect(within(section).getByText(/مدیر سامانه/)).toBeInTheDocument();
    expect(within(section).getByText('۱۴۰۵/۰۸/۳۰ ۱۳:۴۵')).toBeInTheDocument();
    const changes = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Registration: what it recorded (no purity yet, so none shown); the edit: before ← after.
    expect(changes).toContain('زمان آماده شدن: ۳۰ دقیقه');
    expect(changes).toContain('عیار: ۷۴۰ ← ۷۵۰');
    expect(changes).toContain('وزن طلا: ۱۲٫۴ گرم ← ۱۲٫۵ گرم');
    expect(changes.some((c) => c?.startsWith('عیار: بدون'))).toBe(false);
  });
});
