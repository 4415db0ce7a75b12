import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSAY_MSG, TEST_TYPES } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { PHOTO_ERRORS } from '../../components/ui/PhotoUploader.tsx';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const CUSTOMER_ID = '0b6c3f5e-1111-4c2d-9a7e-000000000001';
const ok = (data: unknown, message = '') => jsonResponse({ successful: true, message, data });

function row(over: Partial<LabListRow>): LabListRow {
  return {
    id: 'a1a1a1a1-0000-4000-8000-000000000001',
    customerId: CUSTOMER_ID,
    customerName: 'حسن طلافروش',
    customerCode: 1,
    type: TEST_TYPES[0].id,
    typeName: TEST_TYPES[0].name,
    docNumber: 1000,
    cutting: null,
    title: true,
    titleName: 'بسته',
    weight: 2.5,
    readyTime: 30,
    sendSMS: true,
    sendCall: true,
    displayType: null,
    desc: null,
    sampleWeight: 0.25,
    vage: 0,
    vageType: 1,
    feeToman: 0,
    feeGold: 0,
    customerMobile: '09121234567',
    testFullName: null,
    testMobile: null,
    waitFor: true,
    canUpdate: false,
    canDelete: false,
    date: '2026-11-20T08:00:00Z',
    purityAt: null,
    platform: 'w',
    userId: 'w1',
    labName: 'آزمایشگاه',
    userFullName: 'مدیر',
    serialNo: 1,
    forDelete: false,
    forDeleteDate: null,
    deleteDecline: null,
    deleted: false,
    deletedAt: null,
    publicToken: 'tok',
    images: [],
    ...over,
  };
}

type Handler = (url: string, init?: RequestInit) => Response | undefined;
let handler: Handler = () => undefined;

function respond(url: string, init?: RequestInit): Response {
  const custom = handler(url, init);
  if (custom) return custom;
  if (url.includes('/Tests/GetCode')) return ok(1000);
  if (url.includes('/Tests/CheckCode')) {
    const { code } = JSON.parse(String(init?.body)) as { code: number };
    return ok({ code, available: true }, 'شماره بسته قابل ثبت است');
  }
  if (url.includes('/Customer/CustomersByName')) {
    return ok([
      { id: CUSTOMER_ID, name: 'حسن طلافروش', settings: '{"vage":5000}', code: 1, mobile: '09121234567' },
    ]);
  }
  if (url.includes('/Tests/AllTests')) return ok({ list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  return jsonResponse({ successful: false, message: 'unexpected', data: null }, 500);
}

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path));
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  handler = () => undefined;
  fetchMock.mockImplementation(async (input, init) => respond(String(input), init));
  sessionStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'bearer t');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ userId: 'w1', role: 'workshop', userFname: 'آزمایشگاه', testTypes: TEST_TYPES }),
  );
  localStorage.setItem(
    STORAGE_KEYS.settings,
    JSON.stringify({
      labType: 1,
      sendSMS: true,
      showWeight: true,
      showSampleWeight: true,
      showDesc: true,
      vage: 1000,
      vageType: 1,
      testType: TEST_TYPES[0].id,
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: RegExp) => screen.getByLabelText(label);

async function openAddWithCustomer() {
  const user = userEvent.setup();
  renderApp('/lab/add');
  await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
  await user.type(field(/^نام مشتری/), 'حسن');
  await screen.findByRole('option', { name: /حسن طلافروش/, hidden: true });
  await user.keyboard('{ArrowDown}{Enter}');
  // Choosing a customer moves on to the next field: the number (the test type is preset).
  await waitFor(() => expect(field(/^شماره بسته/)).toHaveFocus());
  return user;
}

describe('lab/add', () => {
  it('registers a packet by keyboard: Enter moves on, three purity digits move on, Enter on the last field saves and continues', async () => {
    const user = await openAddWithCustomer();
    expect(screen.getByText(/اجرت: ۵٬۰۰۰ تومان/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(field(/^عیار/)).toHaveFocus();
    await user.keyboard('۷۵۰');
    expect(field(/^عیار/)).toHaveValue('۷۵۰');
    expect(field(/^زمان آماده شدن/)).toHaveFocus();
    await user.keyboard('30{Enter}');
    expect(field(/^وزن نمونه/)).toHaveFocus();
    await user.keyboard('0٫25{Enter}');
    expect(field(/^وزن طلا/)).toHaveFocus();
    await user.keyboard('۲.۵{Enter}');
    expect(field(/^توضیحات/)).toHaveFocus();
    await user.keyboard('{Enter}');

    const pending = await screen.findByRole('table', { name: 'بسته‌های آماده ثبت' });
    expect(within(pending).getByText('۱۰۰۰')).toBeInTheDocument();
    expect(within(pending).getByText('۷۵۰')).toBeInTheDocument();
    expect(bodyOf(calls('/Tests/CheckCode')[0])).toEqual({ code: 1000, userId: 'w1' });
    // The number goes up by one; purity and weights are cleared; the purity has the focus again.
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۱'));
    expect(field(/^عیار/)).toHaveValue('');
    expect(field(/^وزن نمونه/)).toHaveValue('');
    expect(field(/^وزن طلا/)).toHaveValue('');
    expect(field(/^زمان آماده شدن/)).toHaveValue('۳۰');
    await waitFor(() => expect(field(/^عیار/)).toHaveFocus());

    // Ctrl+Enter registers the list.
    handler = (url) =>
      url.includes('/Tests/AddTest')
        ? ok({ list: [{ id: 'n1', docNumber: 1000, publicToken: 't' }] }, 'بسته‌ها با موفقیت ثبت شدند')
        : undefined;
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls('/Tests/AddTest')).toHaveLength(1));
    const sent = bodyOf(calls('/Tests/AddTest')[0]) as Array<Record<string, unknown>>;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      customerId: CUSTOMER_ID,
      docNumber: 1000,
      cutting: 750,
      readyTime: 30,
      sampleWeight: 0.25,
      weight: 2.5,
      vage: 5000,
      title: true,
      platform: 'w',
    });
    expect(await screen.findByRole('link', { name: /برگه/ })).toHaveAttribute('href', '/lab/slip/n1');
  }, 15_000); // types a whole packet key by key: slow in jsdom when the suite shares the machine

  it('refuses a number already in the pending list', async () => {
    const user = await openAddWithCustomer();
    await user.keyboard('{Enter}');
    await user.keyboard('800');
    await user.keyboard('30{Enter}{Enter}{Enter}{Enter}');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۱'));
    await user.clear(field(/^شماره بسته/));
    await user.type(field(/^شماره بسته/), '1000');
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findAllByText('شماره بسته تکراری است')).not.toHaveLength(0);
    expect(calls('/Tests/CheckCode')).toHaveLength(1);
    expect(
      within(screen.getByRole('table', { name: 'بسته‌های آماده ثبت' })).getAllByRole('row'),
    ).toHaveLength(2);
  });

  it('shows the owner fields in other-customer mode and drops them when the customer field is typed in', async () => {
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
    expect(screen.queryByLabelText(/^نام صاحب نمونه/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'مشتری متفرقه' }));
    expect(field(/^نام صاحب نمونه/)).toBeInTheDocument();
    expect(field(/^موبایل صاحب نمونه/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ذخیره در لیست مشتریان' })).toBeInTheDocument();
    expect(field(/^نام مشتری/)).toHaveValue('مشتری متفرقه');
    await waitFor(() => expect(field(/^نام صاحب نمونه/)).toHaveFocus());

    // Owner name and mobile are required for the other customer.
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findByText('نام صاحب نمونه الزامی است')).toBeInTheDocument();
    expect(screen.getByText('موبایل صاحب نمونه الزامی است')).toBeInTheDocument();

    await user.type(field(/^نام مشتری/), 'x');
    await waitFor(() => expect(screen.queryByLabelText(/^نام صاحب نمونه/)).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'مشتری متفرقه' })).not.toBeChecked();
  });

  it('empties the customer field when «مشتری متفرقه» is unticked, for no customer is chosen then', async () => {
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
    const other = screen.getByRole('checkbox', { name: 'مشتری متفرقه' });
    await user.click(other);
    expect(field(/^نام مشتری/)).toHaveValue('مشتری متفرقه');
    await waitFor(() => expect(field(/^نام صاحب نمونه/)).toHaveFocus());

    await user.click(other);
    expect(other).not.toBeChecked();
    expect(field(/^نام مشتری/)).toHaveValue('');
    expect(screen.queryByLabelText(/^نام صاحب نمونه/)).not.toBeInTheDocument();
    await waitFor(() => expect(field(/^نام مشتری/)).toHaveFocus());
    // Nothing chosen: saving asks for a customer.
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findByText(ASSAY_MSG.customerRequired)).toBeInTheDocument();
  });

  it('refuses to save or register while a photo is still being prepared, and saves once it is done', async () => {
    // The photo stays «being prepared» until the test lets it fail.
    let failPhoto = () => {};
    vi.stubGlobal(
      'createImageBitmap',
      () =>
        new Promise<never>((_, reject) => {
          failPhoto = () => reject(new Error('broken'));
        }),
    );
    const user = await openAddWithCustomer();
    await user.keyboard('{Enter}{Enter}30{Enter}');
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], 'sample.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [jpeg] } });
    expect(await screen.findByRole('status', { name: 'در حال آماده‌سازی sample.jpg' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findByText(ASSAY_MSG.photosUploading)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ثبت' }));
    await waitFor(() => expect(screen.getAllByText(ASSAY_MSG.photosUploading)).toHaveLength(2));
    expect(calls('/Tests/CheckCode')).toHaveLength(0);
    expect(calls('/Tests/AddTest')).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'بسته‌های آماده ثبت' })).not.toBeInTheDocument();
    expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰');

    failPhoto();
    expect(await screen.findByText(`sample.jpg: ${PHOTO_ERRORS.BAD_BLOB}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    const pending = await screen.findByRole('table', { name: 'بسته‌های آماده ثبت' });
    expect(within(pending).getByText('۱۰۰۰')).toBeInTheDocument();
    expect(calls('/Tests/CheckCode')).toHaveLength(1);
  });

  it('shows the customer’s «required» error after an empty form is registered, with no suggestion list over it', async () => {
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
    const customer = field(/^نام مشتری/);
    // jsdom lays nothing out, so Mantine hides every list with display:none and keeps a closed one in the
    // document; the list that is open is the one the field names in aria-controls.
    const openList = () => {
      const id = customer.getAttribute('aria-controls');
      return id ? document.getElementById(id) : null;
    };
    // The page opens in the customer field, its first customers offered to browse.
    await waitFor(() => expect(customer).toHaveFocus());
    await waitFor(() => expect(openList()).toHaveRole('listbox'));

    for (const register of [
      () => user.click(screen.getByRole('button', { name: 'ثبت' })),
      () => user.keyboard('{Control>}{Enter}{/Control}'),
      () => user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' })),
      () => user.keyboard('{Enter}'),
    ]) {
      await register();
      const error = await screen.findByText(ASSAY_MSG.customerRequired);
      await waitFor(() => expect(customer).toHaveFocus());
      await waitFor(() => expect(openList()).toBeNull());
      expect(error).toBeVisible();
      expect(customer).toHaveAccessibleDescription(ASSAY_MSG.customerRequired);
    }
    expect(calls('/Tests/CheckCode')).toHaveLength(0);
    expect(calls('/Tests/AddTest')).toHaveLength(0);

    // Typing opens the suggestions again, and one is chosen by keyboard.
    await user.keyboard('حسن');
    await waitFor(() => expect(openList()).toHaveRole('listbox'));
    await screen.findByRole('option', { name: /حسن طلافروش/, hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveFocus());
    expect(screen.queryByText(ASSAY_MSG.customerRequired)).not.toBeInTheDocument();
  });

  it('sends the lab to code/add when there is no next number', async () => {
    handler = (url) => {
      if (url.includes('/Tests/GetCode'))
        return jsonResponse(
          {
            successful: false,
            message: 'شماره بسته‌ای برای ثبت ندارید؛ ابتدا شماره بسته دریافت کنید',
            data: null,
          },
          400,
        );
      if (url.includes('/Account/GetAllCode')) return ok({ list: [], price: 1000, balance: 0, canBuy: true });
      return undefined;
    };
    renderApp('/lab/add');
    expect(
      await screen.findByText('شماره بسته‌ای برای ثبت ندارید؛ ابتدا شماره بسته دریافت کنید'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/تعداد شماره/)).toBeInTheDocument();
  });
});

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
    handler = (url) => {
      if (url.includes('/Tests/AllTests'))
        return ok({ list: [first, second, done], totalCount: 3, currPage: 1, pageSize: 100 });
      if (url.includes('/Tests/AddCutting')) return ok({ updated: 2 }, 'عیار ثبت شد');
      return undefined;
    };
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
    await waitFor(() => expect(calls('/Tests/AddCutting')).toHaveLength(1));
    expect(bodyOf(calls('/Tests/AddCutting')[0])).toEqual([
      { id: first.id, cutting: 750 },
      { id: second.id, cutting: 812 },
    ]);
    const query = new URL(String(calls('/Tests/AllTests')[0]?.[0]), 'http://x').searchParams;
    expect(query.get('waitFor')).toBe('true');
    expect(query.get('pageSize')).toBe('100');
  });

  it('refuses a purity outside 600–999 without calling the server', async () => {
    handler = (url) =>
      url.includes('/Tests/AllTests')
        ? ok({ list: [row({})], totalCount: 1, currPage: 1, pageSize: 100 })
        : undefined;
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    await user.type(await screen.findByLabelText('عیار بسته ۱۰۰۰'), '55');
    await user.click(screen.getAllByRole('button', { name: /ثبت عیار/ })[0]!);
    expect(await screen.findByText('عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد')).toBeInTheDocument();
    expect(calls('/Tests/AddCutting')).toHaveLength(0);
  });
});

describe('lab/edit', () => {
  it('offers the direct delete while the packet may be deleted', async () => {
    handler = (url) => (url.includes('/Tests/GetTest') ? ok(row({ canDelete: true })) : undefined);
    renderApp(`/lab/edit/${row({}).id}`);
    expect(await screen.findByRole('button', { name: 'حذف بسته' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'درخواست حذف' })).not.toBeInTheDocument();
  });

  it('offers only the delete request afterwards, and sends it once confirmed', async () => {
    handler = (url) => {
      if (url.includes('/Tests/GetTest')) return ok(row({ canDelete: false, waitFor: false, cutting: 750 }));
      if (url.includes('/Tests/RequestToDeleteTest')) return ok(null, 'درخواست حذف ثبت شد');
      return undefined;
    };
    const user = userEvent.setup();
    renderApp(`/lab/edit/${row({}).id}`);
    await user.click(await screen.findByRole('button', { name: 'درخواست حذف' }));
    expect(screen.queryByRole('button', { name: 'حذف بسته' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'درخواست حذف' }));
    await waitFor(() => expect(calls('/Tests/RequestToDeleteTest')).toHaveLength(1));
    expect(bodyOf(calls('/Tests/RequestToDeleteTest')[0])).toEqual({ id: row({}).id });
    // The purity is past its correction window: read only.
    expect(field(/^عیار/)).toHaveAttribute('readonly');
  });

  it('shows that a delete was already requested', async () => {
    handler = (url) =>
      url.includes('/Tests/GetTest')
        ? ok(row({ waitFor: false, cutting: 750, forDelete: true, forDeleteDate: '2026-11-20T09:00:00Z' }))
        : undefined;
    renderApp(`/lab/edit/${row({}).id}`);
    expect(await screen.findByText('درخواست حذف ثبت شده است')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'درخواست حذف' })).not.toBeInTheDocument();
  });
});

describe('dashboard', () => {
  it('shows the four tiles with the waiting count', async () => {
    handler = (url) =>
      url.includes('/Tests/AllTests') ? ok({ list: [], totalCount: 7, currPage: 1, pageSize: 1 }) : undefined;
    renderApp('/dashboard');
    expect(await screen.findByLabelText('۷ بسته در انتظار عیار')).toBeInTheDocument();
    for (const name of [/بسته جدید/, /در انتظار عیار/, /لیست مشتریان/, /دریافت شماره بسته/]) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    const query = new URL(String(calls('/Tests/AllTests')[0]?.[0]), 'http://x').searchParams;
    expect(query.get('waitFor')).toBe('true');
    expect(query.get('pageSize')).toBe('1');
  });
});
