import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES, UI } from '@ayar/contract';
import userEvent from '@testing-library/user-event';
import { expectNoNestedControls, tabTo } from '../../test/a11y.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

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
beforeEach(() => {
  handle(ROUTES.manage.labOwners, { list: [row], totalCount: 1, currPage: 1, pageSize: 100 });
  signInAs('admin');
});

describe('manage/lab-owners', () => {
  it('marks an inactive row and activates it in one step, asking first (docs/product.md §4.6)', async () => {
    const actives = handle(ROUTES.manage.activeUser, { status: 1 }, { message: 'آزمایشگاه فعال شد' });
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    expect(await screen.findByText('آزمایشگاه غیرفعال')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تبدیل به دارای کد' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'فعال‌سازی' }));
    expect(await screen.findByText(/^آیا از فعال‌سازی اطمینان دارید؟/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'بله' }));
    expect(await screen.findByText('آزمایشگاه فعال شد')).toBeInTheDocument();
    expect(actives.bodies[0]).toEqual({
      userId: row.id,
      active: true,
      fromStatus: 5,
    });
  });

  it('asks twice before deleting: «خیر» sends force=false and shows the server’s refusal', async () => {
    const refusal = 'این آزمایشگاه ۳ مشتری و ۲ بازه کد دارد؛ برای حذف، حذف وابستگی‌ها را هم تأیید کنید.';
    const deletes = fail(ROUTES.manage.deleteUser, refusal, { code: 'BUSINESS_RULE' });
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    await user.click(await screen.findByRole('button', { name: `حذف ${row.fName}` }));
    const first = await screen.findByRole('dialog');
    expect(within(first).getByText(`آیا از حذف «${row.fName}» اطمینان دارید؟`)).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('آیا همه وابستگی‌ها حذف شوند؟')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'خیر' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(deletes.bodies[0]).toEqual({ id: row.id, force: false });
  });

  it('«بله، همه حذف شوند» sends force=true; cancelling the first question sends nothing', async () => {
    const deletes = handle(ROUTES.manage.deleteUser, null, { message: 'آزمایشگاه حذف شد' });
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    await user.click(await screen.findByRole('button', { name: `حذف ${row.fName}` }));
    await user.click(await screen.findByRole('button', { name: 'انصراف' }));
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `حذف ${row.fName}` }));
    await user.click(await screen.findByRole('button', { name: 'حذف' }));
    await user.click(await screen.findByRole('button', { name: 'بله، همه حذف شوند' }));
    expect(await screen.findByText('آزمایشگاه حذف شد')).toBeInTheDocument();
    expect(deletes.bodies[0]).toEqual({ id: row.id, force: true });
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
        await waitFor(() => expect(requestsTo(ROUTES.manage.userById)).toHaveLength(1));
        expect(requestsTo(ROUTES.manage.userById)[0]!.url.search).toContain(row.id);
      } finally {
        window.matchMedia = phoneMatchMedia;
      }
    },
  );

  it('a click on a row away from its buttons opens the workshop; its delete button only asks', async () => {
    const user = userEvent.setup();
    renderApp('/manage/lab-owners');
    const list = await screen.findByRole('list', { name: 'آزمایشگاه‌ها' });
    expect(within(list).getByRole('link', { name: `ویرایش ${row.fName}` })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: `حذف ${row.fName}` }));
    await user.click(await screen.findByRole('button', { name: 'انصراف' }));
    expect(requestsTo(ROUTES.manage.userById)).toHaveLength(0);
    await user.click(within(list).getByText('zarin'));
    await waitFor(() => expect(requestsTo(ROUTES.manage.userById)).toHaveLength(1));
  });
});
