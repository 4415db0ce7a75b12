import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { LAB_SETTINGS, labRow } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { fail, handle, requestsTo } from '../../../test/server.ts';
import { signInAs, signInAsStaff } from '../../../test/session.ts';
import { readSearchText } from './searchSources.ts';

// The shell's one search box (app/shell/search): packets by number, customers by name, code or mobile,
// labs for the administrator; each hit opens its page.

const PACKET_ID = 'a1a1a1a1-0000-4000-8000-000000000001';
const CUSTOMER_ID = '0b6c3f5e-1111-4c2d-9a7e-000000000001';
const LAB_ID = 'c0c0c0c0-0000-4000-8000-0000000000aa';
const emptyPage = { list: [], totalCount: 0, currPage: 1, pageSize: 100 };

beforeEach(() => {
  handle(ROUTES.tests.allTests, ({ query }) =>
    query.filterType === '3' && query.filterValue === '100245'
      ? {
          list: [labRow({ id: PACKET_ID, docNumber: 100245, cutting: 750 })],
          totalCount: 1,
          currPage: 1,
          pageSize: 8,
        }
      : emptyPage,
  );
  handle(ROUTES.customer.customersByName, ({ query }) =>
    query.name === 'علی' || query.name === '0912'
      ? [{ id: CUSTOMER_ID, name: 'علی رضایی', settings: null, code: 12, mobile: '09121234567' }]
      : [],
  );
  handle(ROUTES.customer.allCustomers, { list: [], totalCount: 0, currPage: 1, pageSize: 200 });
  sessionStorage.clear();
});

const searchBox = () => screen.findByRole('textbox', { name: 'جستجو' });
const dialog = () => within(screen.getByRole('dialog', { name: 'جستجو' }));

async function openByButton() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'جستجو' }));
  const box = await searchBox();
  await waitFor(() => expect(box).toHaveFocus());
  return { user, box };
}

describe('readSearchText', () => {
  it('reads Persian and Arabic digits as a packet number, up to twelve digits', () => {
    expect(readSearchText(' ۱۰۰۲۴۵ ')).toEqual({ text: '100245', number: '100245' });
    expect(readSearchText('١٠٠٢٤٥')).toEqual({ text: '100245', number: '100245' });
    expect(readSearchText('۱۲۳۴۵۶۷۸۹۰۱۲').number).toBe('123456789012');
    expect(readSearchText('۱۲۳۴۵۶۷۸۹۰۱۲۳').number).toBeNull();
    expect(readSearchText('علی').number).toBeNull();
  });
});

describe('the search box of a lab', () => {
  it('finds a packet typed in Persian digits and opens its edit page with Enter', async () => {
    handle(ROUTES.tests.getTest, labRow({ id: PACKET_ID, docNumber: 100245, cutting: 750 }));
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    const { user, box } = await openByButton();
    await user.type(box, '۱۰۰۲۴۵');
    const hit = await dialog().findByRole('button', { name: /بسته ۱۰۰۲۴۵/ });
    expect(hit).toHaveTextContent('عیار ۷۵۰');
    const asked = requestsTo(ROUTES.tests.allTests).filter(
      (r) => r.url.searchParams.get('filterType') === '3',
    );
    expect(asked).toHaveLength(1); // debounced: one request for the six digits
    expect(asked[0]!.url.searchParams.get('filterValue')).toBe('100245');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('form', { name: 'ویرایش بسته' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'جستجو' })).not.toBeInTheDocument());
  });

  it('finds a customer by name, shows a loading sign meanwhile, and opens the customer’s page', async () => {
    handle(ROUTES.customer.getCustomer, {
      customerId: CUSTOMER_ID,
      customerName: 'علی رضایی',
      code: 12,
      mobile1: '09121234567',
      mobile2: null,
      mobile3: null,
      phone: null,
      desc: null,
      settings: null,
    });
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    const { user, box } = await openByButton();
    await user.type(box, 'علی');
    expect(dialog().getByLabelText('در حال جستجو')).toBeInTheDocument();
    const hit = await dialog().findByRole('button', { name: /علی رضایی/ });
    expect(hit).toHaveTextContent('کد ۱۲');
    expect(hit).toHaveTextContent('۰۹۱۲۱۲۳۴۵۶۷');
    expect(dialog().getByRole('group', { name: 'مشتریان' })).toContainElement(hit);
    expect(dialog().getByRole('status')).toHaveTextContent('۱ نتیجه');
    // A name is no packet number: the packets are not asked.
    expect(requestsTo(ROUTES.tests.allTests).filter((r) => r.url.searchParams.has('filterType'))).toEqual([]);
    await user.click(hit);
    expect(await screen.findByRole('heading', { level: 1, name: 'ویرایش مشتری' })).toBeInTheDocument();
  });

  it('says so when nothing matches, and asks nothing for a single letter', async () => {
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    const { user, box } = await openByButton();
    expect(dialog().getByText(/^جستجوی بسته با شماره، مشتری با نام، کد یا موبایل؛/)).toBeInTheDocument();
    await user.type(box, 'ع');
    expect(await dialog().findByText('دست‌کم ۲ حرف بنویسید.')).toBeInTheDocument();
    expect(requestsTo(ROUTES.customer.customersByName)).toEqual([]);
    await user.type(box, 'باس');
    expect(await dialog().findByText('چیزی پیدا نشد.')).toBeInTheDocument();
    expect(requestsTo(ROUTES.customer.customersByName)).toHaveLength(1);
  });

  it('says in the box when the search failed', async () => {
    fail(ROUTES.customer.customersByName, 'خطای سرور', { status: 500 });
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    const { user, box } = await openByButton();
    await user.type(box, 'علی');
    expect(await dialog().findByText('جستجو انجام نشد؛ دوباره امتحان کنید.')).toBeInTheDocument();
  });

  it('a search refused for asking too often (429) says so in the box, with no alert, and keeps the session', async () => {
    fail(ROUTES.customer.customersByName, 'تعداد درخواست‌ها زیاد است؛ کمی بعد دوباره تلاش کنید', {
      status: 429,
      code: 'RATE_LIMITED',
    });
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    const { user, box } = await openByButton();
    await user.type(box, 'علی');
    expect(await dialog().findByText('جستجو انجام نشد؛ دوباره امتحان کنید.')).toBeInTheDocument();
    // No toast over the box: the search is silent about its own failures.
    expect(screen.queryByText(/تعداد درخواست‌ها زیاد است/)).not.toBeInTheDocument();
    expect(box).toHaveValue('علی');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'جستجو' })).toBeInTheDocument();
  });

  it('opens on «/» and Ctrl+K outside a field, and only on Ctrl+K inside one', async () => {
    handle(ROUTES.tests.getCode, 1000);
    handle(ROUTES.tests.checkCode, ({ body }) => ({
      code: (body as { code: number }).code,
      available: true,
    }));
    signInAs('workshop', { settings: LAB_SETTINGS });
    renderApp('/lab/add');
    const name = await screen.findByLabelText(/^نام مشتری/);
    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    expect(await searchBox()).toBeInTheDocument();
    fireEvent.keyDown(await searchBox(), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'جستجو' })).not.toBeInTheDocument());
    // In a field «/» is typed, not a shortcut.
    name.focus();
    fireEvent.keyDown(name, { key: '/', code: 'Slash' });
    expect(screen.queryByRole('dialog', { name: 'جستجو' })).not.toBeInTheDocument();
    // Ctrl+K types nothing, so it opens the search from a field too; the Persian layout's K gives «ن».
    fireEvent.keyDown(name, { key: 'ن', code: 'KeyK', ctrlKey: true });
    expect(await searchBox()).toBeInTheDocument();
  });

  it('gives the accountant packets only, opened at their slip', async () => {
    signInAsStaff(['accountant'], { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    const { user, box } = await openByButton();
    await user.type(box, '100245');
    await dialog().findByRole('button', { name: /بسته ۱۰۰۲۴۵/ });
    await user.clear(box);
    await user.type(box, 'علی');
    expect(
      await dialog().findByText('شماره بسته را بنویسید؛ برای شما فقط بسته‌ها جستجو می‌شوند.'),
    ).toBeInTheDocument();
    expect(requestsTo(ROUTES.customer.customersByName)).toEqual([]);
    // Their way to a packet is its slip (they open no edit screen, ADR 0049).
    handle(ROUTES.tests.getTest, labRow({ id: PACKET_ID, docNumber: 100245, cutting: 750 }));
    await user.clear(box);
    await user.type(box, '100245');
    await user.click(await dialog().findByRole('button', { name: /بسته ۱۰۰۲۴۵/ }));
    expect(await screen.findByRole('article', { name: 'برگه بسته' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'ویرایش بسته' })).not.toBeInTheDocument();
  });
});

describe('the administrator’s search box', () => {
  it('finds a lab by name and opens its edit page; a number finds packets of every lab', async () => {
    const labs = handle(ROUTES.manage.usersByName, [{ id: LAB_ID, name: 'آزمایشگاه طلا' }]);
    handle(ROUTES.manage.allTests, ({ query }) =>
      query.filterValue === '100245'
        ? {
            list: [labRow({ id: PACKET_ID, docNumber: 100245, labName: 'آزمایشگاه طلا' })],
            totalCount: 1,
            currPage: 1,
            pageSize: 8,
          }
        : emptyPage,
    );
    handle(ROUTES.manage.labOwners, { list: [], totalCount: 0, currPage: 1, pageSize: 20 });
    signInAs('admin');
    renderApp('/manage/lab-owners');
    await screen.findByRole('heading', { level: 1, name: 'لیست آزمایشگاه‌ها' });
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    const user = userEvent.setup();
    const box = await searchBox();
    await user.type(box, '۱۰۰۲۴۵');
    expect(await dialog().findByRole('button', { name: /بسته ۱۰۰۲۴۵/ })).toHaveTextContent('آزمایشگاه طلا');
    expect(requestsTo(ROUTES.tests.allTests)).toEqual([]);
    await user.clear(box);
    await user.type(box, 'طلا');
    const hit = await dialog().findByRole('button', { name: /آزمایشگاه طلا/ });
    expect(labs.last?.query.name).toBe('طلا');
    expect(requestsTo(ROUTES.customer.customersByName)).toEqual([]);
    handle(ROUTES.manage.userById, () => new Response(null, { status: 404 }));
    await user.click(hit);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ویرایش آزمایشگاه آزمایشگاه طلا' }),
    ).toBeInTheDocument();
  });
});
