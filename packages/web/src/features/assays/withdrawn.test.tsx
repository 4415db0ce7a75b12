import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESULT_VERSION_MSG, ROUTES, UI } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { LAB_SETTINGS, labRow, resultVersion } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// A withdrawn result (ADR 0029) looks withdrawn on every lab and admin screen: its recorded purity is
// never shown as if valid, and only what the server allows after a withdrawal is offered.

const WITHDRAWN = {
  waitFor: false,
  cutting: 750,
  purityAt: '2026-11-20T08:30:00Z',
  resultVersion: 2,
  resultAt: '2026-11-20T08:50:00Z',
  resultStatus: 'withdrawn',
} as const;
/** Withdrawn within the lab's 60-minute window: the server lets the lab reissue it. */
const inWindow = labRow({ ...WITHDRAWN, canUpdate: true, docNumber: 1001 });
/** Withdrawn after the window: only the admin can reissue it. */
const pastWindow = labRow({
  ...WITHDRAWN,
  id: 'a1a1a1a1-0000-4000-8000-000000000002',
  canUpdate: false,
  docNumber: 1002,
});
/** A published purity in its window, for contrast: still «ویرایش». */
const published = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000003',
  docNumber: 1003,
  waitFor: false,
  canUpdate: true,
  cutting: 875,
  purityAt: '2026-11-20T08:30:00Z',
  resultVersion: 1,
  resultAt: '2026-11-20T08:30:00Z',
  resultStatus: 'published',
});
const LIST = [inWindow, pastWindow, published];
const paged = (list: LabListRow[]) => ({ list, totalCount: list.length, currPage: 1, pageSize: 100 });

const phoneMatchMedia = window.matchMedia;
function atDesktop() {
  window.matchMedia = (query: string) =>
    ({
      ...phoneMatchMedia(query),
      matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
    }) as MediaQueryList;
}
afterEach(() => {
  window.matchMedia = phoneMatchMedia;
});

/** The withdrawn packets' rows or cards show «باطل شده», never their recorded purity, and no «ویرایش». */
async function expectWithdrawnRows() {
  await screen.findByText('۸۷۵');
  expect(screen.getAllByText('باطل شده')).toHaveLength(2);
  expect(screen.queryByText('۷۵۰')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'ویرایش عیار بسته ۱۰۰۱' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('عیار بسته ۱۰۰۱')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'ویرایش عیار بسته ۱۰۰۳' })).toBeInTheDocument();
}

describe('a withdrawn result on the lab’s screens', () => {
  beforeEach(() => {
    signInAs('workshop', { settings: LAB_SETTINGS });
    handle(ROUTES.tests.allTests, paged(LIST));
    handle(ROUTES.tests.resultVersions, {
      list: [
        resultVersion(),
        resultVersion({ version: 2, status: 'withdrawn', purity: null, byRole: 'admin' }),
      ],
    });
  });

  it('lab/list on a phone: the card says «باطل شده» instead of «۷۵۰ ویرایش»', async () => {
    renderApp('/lab/list');
    await expectWithdrawnRows();
  });

  it('lab/list on a desktop: the row says «باطل شده» instead of «۷۵۰ ویرایش»', async () => {
    atDesktop();
    renderApp('/lab/list');
    await screen.findByRole('table');
    await expectWithdrawnRows();
  });

  it('lab/edit in the window: says a different purity reissues the result, and asks why', async () => {
    handle(ROUTES.tests.getTest, inWindow);
    const edits = handle(ROUTES.tests.editTest, null, { message: 'ذخیره شد' });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${inWindow.id}`);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('این نتیجه باطل شده است');
    expect(notice).toHaveTextContent(/غیر از ۷۵۰ تا .* نتیجه را با نسخه‌ای تازه دوباره منتشر می‌کند/);
    expect(screen.getByText('نتیجه باطل شده')).toBeInTheDocument();
    const purity = screen.getByLabelText(/^عیار/);
    expect(purity).not.toHaveAttribute('readonly');
    expect(purity).toHaveAccessibleDescription('عیار دیگر، نتیجه را دوباره منتشر می‌کند');

    await user.clear(purity);
    await user.type(purity, '۷۴۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    expect(await screen.findByText(RESULT_VERSION_MSG.reasonRequired)).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.editTest)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^علت اصلاح/ }), 'آزمایش دوباره نمونه');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits.bodies[0]).toMatchObject({ cutting: 740, reason: 'آزمایش دوباره نمونه' });
  });

  it('lab/edit past the window: no purity to correct, «باطل شده» in its place, and saving sends none', async () => {
    handle(ROUTES.tests.getTest, pastWindow);
    const edits = handle(ROUTES.tests.editTest, null, { message: 'ذخیره شد' });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${pastWindow.id}`);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('فقط مدیر شبکه می‌تواند این نتیجه را دوباره منتشر کند');
    expect(notice).not.toHaveTextContent('۷۵۰');
    const purity = screen.getByLabelText(/^عیار/);
    expect(purity).toHaveValue('باطل شده');
    expect(purity).toHaveAttribute('readonly');
    expect(screen.queryByDisplayValue('۷۵۰')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('750')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits.bodies[0]).not.toHaveProperty('cutting');
  });

  it('a published result’s edit page has no withdrawal notice', async () => {
    handle(ROUTES.tests.getTest, published);
    renderApp(`/lab/edit/${published.id}`);
    await screen.findByLabelText(/^عیار/);
    expect(screen.queryByText('این نتیجه باطل شده است')).not.toBeInTheDocument();
    expect(screen.getByText('عیار ثبت شده')).toBeInTheDocument();
  });
});

describe('a withdrawn result on the admin’s screens', () => {
  beforeEach(() => {
    signInAs('admin');
    handle(ROUTES.manage.allTests, paged(LIST));
  });

  const expectAdminRows = async () => {
    await screen.findByText('۸۷۵');
    expect(screen.getAllByText('باطل شده')).toHaveLength(2);
    expect(screen.queryByText('۷۵۰')).not.toBeInTheDocument();
  };

  it('manage/labs on a phone: the cards say «باطل شده»', async () => {
    renderApp('/manage/labs');
    await expectAdminRows();
  });

  it('manage/labs on a desktop: the rows say «باطل شده»', async () => {
    atDesktop();
    renderApp('/manage/labs');
    const table = await screen.findByRole('table', { name: 'بسته‌ها' });
    await expectAdminRows();
    expect(within(table).getAllByText('باطل شده')).toHaveLength(2);
  });
});
