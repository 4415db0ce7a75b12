import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSAY_MSG, ROUTES } from '@ayar/contract';
import { PHOTO_ERRORS } from '../../components/ui/PhotoUploader.tsx';
import { LAB_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// lab/add «ثبت بسته» (ADR 13): packet after packet by keyboard, the pending list, photos, the next number.

const CUSTOMER_ID = '0b6c3f5e-1111-4c2d-9a7e-000000000001';

let checks: Calls;
beforeEach(() => {
  handle(ROUTES.tests.getCode, 1000);
  checks = handle(
    ROUTES.tests.checkCode,
    ({ body }) => ({ code: (body as { code: number }).code, available: true }),
    { message: 'شماره بسته قابل ثبت است' },
  );
  handle(ROUTES.customer.customersByName, [
    { id: CUSTOMER_ID, name: 'حسن طلافروش', settings: '{"vage":5000}', code: 1, mobile: '09121234567' },
  ]);
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  sessionStorage.clear();
  signInAs('workshop', { settings: LAB_SETTINGS });
});

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
    expect(checks.bodies[0]).toEqual({ code: 1000, userId: 'w1' });
    // The number goes up by one; purity and weights are cleared; the purity has the focus again.
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۱'));
    expect(field(/^عیار/)).toHaveValue('');
    expect(field(/^وزن نمونه/)).toHaveValue('');
    expect(field(/^وزن طلا/)).toHaveValue('');
    expect(field(/^زمان آماده شدن/)).toHaveValue('۳۰');
    await waitFor(() => expect(field(/^عیار/)).toHaveFocus());

    // Ctrl+Enter registers the list.
    const adds = handle(
      ROUTES.tests.addTest,
      { list: [{ id: 'n1', docNumber: 1000, publicToken: 't' }] },
      { message: 'بسته‌ها با موفقیت ثبت شدند' },
    );
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(1));
    const sent = adds.bodies[0] as Array<Record<string, unknown>>;
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
    expect(requestsTo(ROUTES.tests.checkCode)).toHaveLength(1);
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
    // Refused again, with the same message: it is not stacked a second time (lib/alert.ts).
    await waitFor(() => expect(screen.getAllByText(ASSAY_MSG.photosUploading)).toHaveLength(1));
    expect(requestsTo(ROUTES.tests.checkCode)).toHaveLength(0);
    expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'بسته‌های آماده ثبت' })).not.toBeInTheDocument();
    expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰');

    failPhoto();
    expect(await screen.findByText(`sample.jpg: ${PHOTO_ERRORS.BAD_BLOB}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    const pending = await screen.findByRole('table', { name: 'بسته‌های آماده ثبت' });
    expect(within(pending).getByText('۱۰۰۰')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.checkCode)).toHaveLength(1);
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
    expect(requestsTo(ROUTES.tests.checkCode)).toHaveLength(0);
    expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(0);

    // Typing opens the suggestions again, and one is chosen by keyboard.
    await user.keyboard('حسن');
    await waitFor(() => expect(openList()).toHaveRole('listbox'));
    await screen.findByRole('option', { name: /حسن طلافروش/, hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveFocus());
    expect(screen.queryByText(ASSAY_MSG.customerRequired)).not.toBeInTheDocument();
  });

  it('sends the lab to code/add when there is no next number', async () => {
    fail(ROUTES.tests.getCode, 'شماره بسته‌ای برای ثبت ندارید؛ ابتدا شماره بسته دریافت کنید');
    handle(ROUTES.account.getAllCode, { list: [], price: 1000, balance: 0, canBuy: true });
    renderApp('/lab/add');
    expect(
      await screen.findByText('شماره بسته‌ای برای ثبت ندارید؛ ابتدا شماره بسته دریافت کنید'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/تعداد شماره/)).toBeInTheDocument();
  });
});
