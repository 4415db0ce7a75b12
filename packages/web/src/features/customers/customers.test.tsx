import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, UI } from '@ayar/contract';
import type { ManageCustomerDetail, ManageCustomerRow, UserSettings } from '@ayar/contract';
import { expectNoNestedControls, tabTo } from '../../test/a11y.ts';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { ManageCustomersPage } from './ManageCustomersPage.tsx';

const emptyPage = { list: [], totalCount: 0, currPage: 1, pageSize: 200 };

function signIn(settings: Partial<UserSettings> = {}) {
  signInAs('workshop', { userId: 'u-1', testTypes: [], settings });
}

let adds: Calls;
beforeEach(() => {
  handle(ROUTES.customer.allCustomers, emptyPage);
  adds = handle(ROUTES.customer.addCustomer, 7, { message: 'مشتری ثبت شد' });
});

describe('the customer form (customer/add)', () => {
  it('sends the mobile typed in Persian digits as 09…, and no settings when they equal the defaults', async () => {
    signIn({ vage: 50000, vageType: 1, sendSMS: true });
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    await user.type(within(form).getByLabelText(/^نام مشتری/), 'علی رضایی');
    const mobile = within(form).getAllByLabelText(/^موبایل/)[0]!;
    await user.type(mobile, '۰۹۱۲۱۲۳۴۵۶۷');
    expect(mobile).toHaveValue('۰۹۱۲۱۲۳۴۵۶۷');
    // The fee starts at the workshop's default (50000 toman).
    expect(within(form).getByLabelText(/^اجرت/)).toHaveValue('۵۰۰۰۰');
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));

    expect(await screen.findByText(/مشتری ثبت شد \(کد مشتری: ۷\)/)).toBeInTheDocument();
    expect(adds.bodies).toEqual([
      expect.objectContaining({
        customerName: 'علی رضایی',
        mobile1: '09121234567',
        mobile2: null,
        settings: null,
      }),
    ]);
  });

  it('sends only the setting that differs from the workshop’s', async () => {
    signIn({ vage: 50000, vageType: 1, sendSMS: true });
    adds = handle(ROUTES.customer.addCustomer, 1, { message: 'مشتری ثبت شد' });
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    await user.type(within(form).getByLabelText(/^نام مشتری/), 'زهرا');
    await user.type(within(form).getAllByLabelText(/^موبایل/)[0]!, '+۹۸۹۳۵۱۱۱۲۲۳۳');
    const fee = within(form).getByLabelText(/^اجرت/);
    await user.clear(fee);
    await user.type(fee, '۷۵۰۰۰');
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));
    await screen.findByText(/مشتری ثبت شد/);
    const [sent] = adds.bodies;
    expect(sent).toMatchObject({ mobile1: '09351112233', settings: JSON.stringify({ vage: 75000 }) });
  });

  it('asks for the name and the mobile, and refuses a mobile that is not one, without sending', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));
    expect(await within(form).findByText('نام مشتری الزامی است')).toBeInTheDocument();
    expect(within(form).getByText('شماره موبایل الزامی است')).toBeInTheDocument();
    await user.type(within(form).getAllByLabelText(/^موبایل/)[1]!, '۱۲۳۴');
    await user.click(within(form).getByRole('button', { name: 'ثبت مشتری' }));
    expect(await within(form).findByText(/شماره موبایل معتبر نیست/)).toBeInTheDocument();
    expect(requestsTo(ROUTES.customer.addCustomer)).toEqual([]);
  });
});

describe('manage/customers', () => {
  const row: ManageCustomerRow = {
    id: 'c-1',
    name: 'حسن طلافروش',
    lab: 'آزمایشگاه زرناب',
    userId: 'u-1',
    code: 12,
    mobile: '09121234567',
    phone: null,
  };
  const detail: ManageCustomerDetail = {
    customerId: row.id,
    customerName: row.name,
    code: row.code,
    mobile1: row.mobile,
    mobile2: null,
    mobile3: null,
    phone: null,
    desc: null,
    settings: null,
    customerSettings: null,
    lab: row.lab,
    userId: row.userId,
    testCount: 0,
    payCount: 0,
    createdAt: '2026-11-20T08:00:00Z',
  };
  const opened = () => requestsTo(ROUTES.manage.getCustomer);

  const phoneMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = phoneMatchMedia;
  });

  /** The page on a desktop (a table) or a phone (cards, what jsdom's matchMedia answers by default). */
  function renderPage(desktop: boolean) {
    if (desktop) {
      window.matchMedia = (query: string) =>
        ({
          ...phoneMatchMedia(query),
          matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
        }) as MediaQueryList;
    }
    handle(ROUTES.manage.allCustomers, { list: [row], totalCount: 1, currPage: 1, pageSize: 50 });
    handle(ROUTES.manage.getCustomer, detail);
    return renderWithProviders(<ManageCustomersPage />, { route: '/manage/customers' });
  }

  it('on a desktop, the name is the row’s button: Tab reaches it (not the row) and Enter opens the customer’s card', async () => {
    const user = userEvent.setup();
    renderPage(true);
    const table = await screen.findByRole('table', { name: 'مشتریان' });
    const rowEl = within(table).getByRole('row', { name: /حسن طلافروش/ });
    const name = within(rowEl).getByRole('button', { name: 'مشخصات حسن طلافروش' });
    expect(name).toHaveTextContent('حسن طلافروش');
    expect(rowEl).not.toHaveAttribute('tabindex');
    const passed = await tabTo(user, name);
    expect(passed.filter((el) => el.tagName === 'TR')).toEqual([]);
    expectNoNestedControls(table);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'حسن طلافروش' })).toBeInTheDocument();
    expect(opened()).toHaveLength(1);
  });

  it('on a desktop, Enter on a row’s delete button (the next Tab stop) asks to delete and does not open the customer’s card', async () => {
    const user = userEvent.setup();
    renderPage(true);
    const rowEl = await screen.findByRole('row', { name: /حسن طلافروش/ });
    await tabTo(user, within(rowEl).getByRole('button', { name: 'مشخصات حسن طلافروش' }));
    await user.tab();
    expect(document.activeElement).toBe(within(rowEl).getByRole('button', { name: 'حذف حسن طلافروش' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('آیا از حذف حسن طلافروش اطمینان دارید؟')).toBeInTheDocument();
    expect(opened()).toHaveLength(0);
    expect(screen.queryByText('مشخصات مشتری')).not.toBeInTheDocument();
    // The question is the app's one at a time: leave none open for the next test.
    await user.click(screen.getByRole('button', { name: 'انصراف' }));
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])(
    'on a phone, Tab reaches the name on the customer’s card and %s on it opens the card',
    async (_, key) => {
      const user = userEvent.setup();
      renderPage(false);
      const list = await screen.findByRole('list', { name: 'مشتریان' });
      expectNoNestedControls(list);
      const name = within(list).getByRole('button', { name: 'مشخصات حسن طلافروش' });
      expect(name).toHaveTextContent('حسن طلافروش');
      await tabTo(user, name);
      await user.keyboard(key);
      await waitFor(() => expect(opened()).toHaveLength(1));
      expect(opened()[0]!.url.searchParams.get('customerId')).toBe('c-1');
      expect(await screen.findByRole('dialog', { name: 'حسن طلافروش' })).toBeInTheDocument();
    },
  );

  it('on a phone, a click on the card opens it and a click on its delete button (beside the name, not inside a control) only asks to delete', async () => {
    const user = userEvent.setup();
    renderPage(false);
    const list = await screen.findByRole('list', { name: 'مشتریان' });
    expectNoNestedControls(list);
    await user.click(within(list).getByRole('button', { name: 'حذف حسن طلافروش' }));
    expect(await screen.findByText('آیا از حذف حسن طلافروش اطمینان دارید؟')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(opened()).toHaveLength(0);
    // The lab and the code are split by a bar, never a middle dot that reads as a Persian zero.
    expect(within(list).getByText(/آزمایشگاه زرناب/)).toHaveTextContent(/^آزمایشگاه زرناب \| کد [۰-۹]+$/);
    expect(list).not.toHaveTextContent('·');
    await user.click(within(list).getByText(/آزمایشگاه زرناب/));
    expect(await screen.findByRole('dialog', { name: 'حسن طلافروش' })).toBeInTheDocument();
    expect(opened()).toHaveLength(1);
  });
});
