import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI } from '@ayar/contract';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { expectNoNestedControls, tabTo } from '../../test/a11y.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const row = {
  id: '11111111-1111-4111-8111-111111111111',
  fName: 'آزمایشگاه زرین',
  fullName: 'علی',
  userName: 'zarin',
  code: 1001,
  status: 5,
  cellPhone: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const listResponse = () =>
  jsonResponse({
    successful: true,
    message: '',
    data: { list: [row], totalCount: 1, currPage: 1, pageSize: 100 },
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem(STORAGE_KEYS.token, 'bearer admin-token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ userId: 'admin', role: 'admin', userFname: 'مدیر' }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function calls(path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`/api/v1.0${path}`));
}

describe('manage/lab-owners', () => {
  it('marks an inactive row and asks before converting it (SPEC.md 4)', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('ActiveUser')
        ? jsonResponse({ successful: true, message: 'تبدیل شد', data: { status: 1 } })
        : listResponse(),
    );
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    expect(await screen.findByText('آزمایشگاه غیرفعال')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تبدیل به دارای کد' }));
    expect(await screen.findByText('آیا از تبدیل به آزمایشگاه دارای کد اطمینان دارید؟')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('تبدیل شد')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/Manage/ActiveUser')[0]![1]?.body))).toEqual({
      userId: row.id,
      active: true,
      fromStatus: 5,
    });
  });

  it('asks twice before deleting: «خیر» sends force=false and shows the server’s refusal', async () => {
    const refusal = 'این آزمایشگاه ۳ مشتری و ۲ بازه کد دارد؛ برای حذف، حذف وابستگی‌ها را هم تأیید کنید.';
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('DeleteUser')
        ? jsonResponse({ successful: false, message: refusal, data: null, code: 'BUSINESS_RULE' }, 400)
        : listResponse(),
    );
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    await user.click(await screen.findByRole('button', { name: `حذف ${row.fName}` }));
    const first = await screen.findByRole('dialog');
    expect(within(first).getByText(`آیا از حذف «${row.fName}» اطمینان دارید؟`)).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('آیا همه وابستگی‌ها حذف شوند؟')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'خیر' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(JSON.parse(String(calls('/Manage/DeleteUser')[0]![1]?.body))).toEqual({
      id: row.id,
      force: false,
    });
  });

  it('«بله، همه حذف شوند» sends force=true; cancelling the first question sends nothing', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('DeleteUser')
        ? jsonResponse({ successful: true, message: 'آزمایشگاه حذف شد', data: null })
        : listResponse(),
    );
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    await user.click(await screen.findByRole('button', { name: `حذف ${row.fName}` }));
    await user.click(await screen.findByRole('button', { name: 'انصراف' }));
    expect(calls('/Manage/DeleteUser')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `حذف ${row.fName}` }));
    await user.click(await screen.findByRole('button', { name: 'حذف' }));
    await user.click(await screen.findByRole('button', { name: 'بله، همه حذف شوند' }));
    expect(await screen.findByText('آزمایشگاه حذف شد')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/Manage/DeleteUser')[0]![1]?.body))).toEqual({ id: row.id, force: true });
  });
  it.each([
    ['a phone', false],
    ['a desktop', true],
  ])(
    'on %s, the workshop’s name is the link to its editor: Tab reaches it and Enter opens it',
    async (_, desktop) => {
      const phoneMatchMedia = window.matchMedia;
      if (desktop)
        window.matchMedia = (query: string) =>
          ({
            ...phoneMatchMedia(query),
            matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
          }) as MediaQueryList;
      try {
        fetchMock.mockImplementation(async () => listResponse());
        const user = userEvent.setup();
        renderApp('/manage/lab-owners');
        const list = await screen.findByRole(desktop ? 'table' : 'list', { name: 'آزمایشگاه‌ها' });
        expectNoNestedControls(list);
        const link = within(list).getByRole('link', { name: `ویرایش ${row.fName}` });
        expect(link).toHaveTextContent(row.fName);
        expect(link).toHaveAttribute('href', `/manage/edit-user/${row.id}/${encodeURIComponent(row.fName)}`);
        const passed = await tabTo(user, link);
        expect(passed.filter((el) => el.closest('[data-status]') === el)).toEqual([]);
        await user.keyboard('{Enter}');
        await waitFor(() => expect(calls('/Manage/UserById')).toHaveLength(1));
        expect(String(calls('/Manage/UserById')[0]![0])).toContain(row.id);
      } finally {
        window.matchMedia = phoneMatchMedia;
      }
    },
  );

  it('a click on a row away from its buttons opens the workshop; its delete button only asks', async () => {
    fetchMock.mockImplementation(async () => listResponse());
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    const list = await screen.findByRole('list', { name: 'آزمایشگاه‌ها' });
    expect(within(list).getByRole('link', { name: `ویرایش ${row.fName}` })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: `حذف ${row.fName}` }));
    await user.click(await screen.findByRole('button', { name: 'انصراف' }));
    expect(calls('/Manage/UserById')).toHaveLength(0);
    await user.click(within(list).getByText('zarin'));
    await waitFor(() => expect(calls('/Manage/UserById')).toHaveLength(1));
  });
});
