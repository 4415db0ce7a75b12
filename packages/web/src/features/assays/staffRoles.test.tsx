import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { LAB_SETTINGS, labRow as row } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs, signInAsStaff } from '../../test/session.ts';

// ADR 0049: the purity is the assayer's and the owner's. The counter registers and edits packets without
// ever seeing a purity field, and a packet with its purity is read-only to them.

const purity = () => screen.queryByLabelText(/^عیار/, { selector: 'input' });

beforeEach(() => {
  handle(ROUTES.tests.getCode, 1000);
  handle(ROUTES.tests.checkCode, ({ body }) => ({ code: (body as { code: number }).code, available: true }));
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  sessionStorage.clear();
});

describe('lab/add by role', () => {
  it('has no purity field for the counter; Enter goes from the number to the ready time', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    const user = userEvent.setup();
    renderApp('/lab/add');
    const number = await screen.findByLabelText(/^شماره بسته/);
    await waitFor(() => expect(number).toHaveValue('۱۰۰۰'));
    expect(purity()).not.toBeInTheDocument();
    await user.click(number);
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(/^زمان آماده شدن/)).toHaveFocus();
  });

  it('has the purity field for the owner', async () => {
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/add');
    await screen.findByLabelText(/^شماره بسته/);
    expect(purity()).toBeInTheDocument();
  });
});

describe('lab/edit by role', () => {
  it('lets the counter edit a waiting packet without a purity field, and sends no purity', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    handle(ROUTES.tests.getTest, row({ waitFor: true }));
    const edits = handle(ROUTES.tests.editTest, null, { message: 'بسته ویرایش شد' });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${row().id}`);
    const form = await screen.findByRole('form', { name: 'ویرایش بسته' });
    expect(purity()).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(requestsTo(ROUTES.tests.editTest)).toHaveLength(1));
    expect(edits.bodies[0]).not.toHaveProperty('cutting');
  });

  it('shows the counter a packet with its purity read-only, with a note', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    handle(ROUTES.tests.getTest, row({ waitFor: false, cutting: 750, canUpdate: true }));
    renderApp(`/lab/edit/${row().id}`);
    const form = await screen.findByRole('form', { name: 'ویرایش بسته' });
    expect(within(form).getByRole('note')).toHaveTextContent('عیار این بسته ثبت شده است');
    expect(purity()).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^وزن طلا/)).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'ذخیره تغییرات' })).not.toBeInTheDocument();
  });

  it('lets the assayer correct the purity while it may change', async () => {
    signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
    handle(ROUTES.tests.getTest, row({ waitFor: false, cutting: 750, canUpdate: true }));
    renderApp(`/lab/edit/${row().id}`);
    await screen.findByRole('form', { name: 'ویرایش بسته' });
    expect(purity()).toHaveValue('۷۵۰');
    expect(purity()).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('the waiting list by role', () => {
  it('gives the counter no purity boxes, the assayer one per waiting packet', async () => {
    handle(ROUTES.tests.allTests, { list: [row()], totalCount: 1, currPage: 1, pageSize: 100 });
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    const { unmount } = renderApp('/lab/list/true');
    expect(await screen.findByLabelText('برگه بسته ۱۰۰۰')).toBeInTheDocument();
    expect(screen.queryByLabelText('عیار بسته ۱۰۰۰')).not.toBeInTheDocument();
    unmount();

    signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
    renderApp('/lab/list/true');
    expect(await screen.findByLabelText('عیار بسته ۱۰۰۰')).toBeInTheDocument();
  });

  it('offers «ثبت بسته» to the counter only, not to the assayer', async () => {
    handle(ROUTES.tests.allTests, { list: [row()], totalCount: 1, currPage: 1, pageSize: 100 });
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    const { unmount } = renderApp('/lab/list/true');
    expect(await screen.findByLabelText('برگه بسته ۱۰۰۰')).toBeInTheDocument();
    // The list's own button (the side menu has its own item for those who register).
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'ثبت بسته' })).toBeInTheDocument();
    unmount();

    signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
    renderApp('/lab/list/true');
    expect(await screen.findByLabelText('عیار بسته ۱۰۰۰')).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).queryByRole('link', { name: 'ثبت بسته' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ثبت بسته' })).not.toBeInTheDocument();
  });
});
