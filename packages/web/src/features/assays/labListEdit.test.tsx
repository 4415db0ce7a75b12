import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { LAB_SETTINGS, labRow as row } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// The workshop's packets after registration: the lists' purities, the edit screen's delete, the dashboard.

beforeEach(() => {
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  signInAs('workshop', { settings: LAB_SETTINGS });
});

const field = (label: RegExp) => screen.getByLabelText(label);

describe('lab/list', () => {
  it('saves the typed purities of the waiting list in one AddCutting call', async () => {
    const first = row({ id: 'a1a1a1a1-0000-4000-8000-000000000001', docNumber: 1000 });
    const second = row({ id: 'a1a1a1a1-0000-4000-8000-000000000002', docNumber: 1001 });
    const done = row({
      id: 'a1a1a1a1-0000-4000-8000-000000000003',
      docNumber: 999,
      waitFor: false,
      cutting: 740,
    });
    handle(ROUTES.tests.allTests, { list: [first, second, done], totalCount: 3, currPage: 1, pageSize: 100 });
    const cuttings = handle(ROUTES.tests.addCutting, { updated: 2 }, { message: 'عیار ثبت شد' });
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    const a = await screen.findByLabelText('عیار بسته ۱۰۰۰');
    expect(screen.getByLabelText('عیار بسته ۱۰۰۱')).toBeInTheDocument();
    expect(screen.queryByLabelText('عیار بسته ۹۹۹')).not.toBeInTheDocument();
    expect(screen.getAllByText('در انتظار عیار').length).toBeGreaterThanOrEqual(2);
    await user.type(a, '۷۵۰');
    // Three digits move on to the next waiting packet.
    expect(screen.getByLabelText('عیار بسته ۱۰۰۱')).toHaveFocus();
    await user.keyboard('812');
    await user.click(screen.getAllByRole('button', { name: /ثبت عیار/ })[0]!);
    await waitFor(() => expect(requestsTo(ROUTES.tests.addCutting)).toHaveLength(1));
    expect(cuttings.bodies[0]).toEqual([
      { id: first.id, cutting: 750 },
      { id: second.id, cutting: 812 },
    ]);
    const query = requestsTo(ROUTES.tests.allTests)[0]!.url.searchParams;
    expect(query.get('waitFor')).toBe('true');
    expect(query.get('pageSize')).toBe('100');
  });

  it('refuses a purity outside 600–999 without calling the server', async () => {
    handle(ROUTES.tests.allTests, { list: [row({})], totalCount: 1, currPage: 1, pageSize: 100 });
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    await user.type(await screen.findByLabelText('عیار بسته ۱۰۰۰'), '55');
    await user.click(screen.getAllByRole('button', { name: /ثبت عیار/ })[0]!);
    expect(await screen.findByText('عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.addCutting)).toHaveLength(0);
  });
});

describe('lab/edit', () => {
  it('offers the direct delete while the packet may be deleted', async () => {
    handle(ROUTES.tests.getTest, row({ canDelete: true }));
    renderApp(`/lab/edit/${row({}).id}`);
    expect(await screen.findByRole('button', { name: 'حذف بسته' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'درخواست حذف' })).not.toBeInTheDocument();
  });

  it('offers only the delete request afterwards, and sends it once confirmed', async () => {
    handle(ROUTES.tests.getTest, row({ canDelete: false, waitFor: false, cutting: 750 }));
    const requests = handle(ROUTES.tests.requestToDeleteTest, null, { message: 'درخواست حذف ثبت شد' });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${row({}).id}`);
    await user.click(await screen.findByRole('button', { name: 'درخواست حذف' }));
    expect(screen.queryByRole('button', { name: 'حذف بسته' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'درخواست حذف' }));
    await waitFor(() => expect(requestsTo(ROUTES.tests.requestToDeleteTest)).toHaveLength(1));
    expect(requests.bodies[0]).toEqual({ id: row({}).id });
    // The purity is past its correction window: read only.
    expect(field(/^عیار/)).toHaveAttribute('readonly');
  });

  it('shows that a delete was already requested', async () => {
    handle(
      ROUTES.tests.getTest,
      row({ waitFor: false, cutting: 750, forDelete: true, forDeleteDate: '2026-11-20T09:00:00Z' }),
    );
    renderApp(`/lab/edit/${row({}).id}`);
    expect(await screen.findByText('درخواست حذف ثبت شده است')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'درخواست حذف' })).not.toBeInTheDocument();
  });
});

describe('dashboard', () => {
  it('shows the four tiles with the waiting count', async () => {
    handle(ROUTES.tests.allTests, { list: [], totalCount: 7, currPage: 1, pageSize: 1 });
    renderApp('/dashboard');
    expect(await screen.findByLabelText('۷ بسته در انتظار عیار')).toBeInTheDocument();
    for (const name of [/ثبت بسته/, /در انتظار عیار/, /لیست مشتریان/, /خرید شماره بسته/]) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    const query = requestsTo(ROUTES.tests.allTests)[0]!.url.searchParams;
    expect(query.get('waitFor')).toBe('true');
    expect(query.get('pageSize')).toBe('1');
  });
});
