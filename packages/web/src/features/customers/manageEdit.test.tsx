import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOMER_MSG, ROUTES, toEnglishDigits } from '@ayar/contract';
import type { ManageCustomerCard, ManageCustomerRow } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// The admin could not edit a customer; the row opened a read-only card (ADR 0025).

const row: ManageCustomerRow = {
  id: '6f1b3c2a-4444-4a5e-9c1d-000000000004',
  name: 'حسن طلافروش',
  lab: 'آزمایشگاه زرناب',
  userId: 'u-1',
  code: 12,
  mobile: '09121234567',
  phone: null,
};
let card: ManageCustomerCard;

let edits: Calls;

beforeEach(() => {
  card = {
    customerId: row.id,
    customerName: row.name,
    code: 12,
    mobile1: row.mobile,
    mobile2: null,
    mobile3: null,
    phone: null,
    desc: null,
    settings: null,
    customerSettings: null,
    lab: row.lab,
    userId: row.userId,
    testCount: 3,
    payCount: 1,
    createdAt: '2026-11-20T08:00:00Z',
    // The lab charges a percentage and sends SMS: not what the admin's own (default) settings say.
    workshopDefaults: { vage: 1.5, vageType: 0, sendSMS: true },
  };
  handleAny(null);
  edits = handle(
    ROUTES.manage.editCustomer,
    ({ body }) => {
      const sent = body as { customerName: string; settings: string | null };
      card = { ...card, customerName: sent.customerName, settings: sent.settings };
      return 12;
    },
    { message: CUSTOMER_MSG.edited },
  );
  handle(ROUTES.manage.getCustomer, () => card);
  handle(ROUTES.manage.allCustomers, { list: [row], totalCount: 1, currPage: 1, pageSize: 50 });
  signInAs('admin');
});

describe('the admin edits a customer', () => {
  it(
    'opens the lab’s own form from the card, under that lab’s fee type, and saves it',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderApp('/manage/customers');
      await user.click(await screen.findByRole('button', { name: 'مشخصات حسن طلافروش' }));
      const dialog = await screen.findByRole('dialog', { name: 'حسن طلافروش' });
      await user.click(within(dialog).getByRole('button', { name: 'ویرایش' }));

      const form = await screen.findByRole('form', { name: 'ویرایش مشتری' });
      expect(within(form).getByLabelText(/^نام مشتری/)).toHaveValue('حسن طلافروش');
      // The percentage field of this lab, starting at its 1.5 %.
      const fee = within(form).getByLabelText<HTMLInputElement>(/درصد اجرت/);
      // Shown in either digits (DigitsInput decides), read as a number.
      expect(toEnglishDigits(fee.value).replace('٫', '.')).toBe('1.5');

      // The same rules as the lab's form: a name is required, nothing is sent without one.
      await user.clear(within(form).getByLabelText(/^نام مشتری/));
      await user.click(within(form).getByRole('button', { name: 'ذخیره تغییرات' }));
      expect(await within(form).findByText('نام مشتری الزامی است')).toBeInTheDocument();
      expect(edits).toHaveLength(0);

      await user.type(within(form).getByLabelText(/^نام مشتری/), 'حسن طلافروش اصفهانی');
      await user.clear(fee);
      await user.type(fee, '2');
      await user.click(within(form).getByRole('button', { name: 'ذخیره تغییرات' }));
      await waitFor(() => expect(edits).toHaveLength(1));
      expect(edits.bodies[0]).toMatchObject({
        customerId: row.id,
        customerName: 'حسن طلافروش اصفهانی',
        mobile1: '09121234567',
        // Only what differs from the lab's defaults (SMS stays the lab's «yes»).
        settings: '{"vage":2}',
      });
      expect(await screen.findByText(CUSTOMER_MSG.edited)).toBeInTheDocument();
      // Back on the card, read again.
      expect(await screen.findByRole('dialog', { name: 'حسن طلافروش اصفهانی' })).toBeInTheDocument();
      expect(screen.getByText('اجرت ۲')).toBeInTheDocument();
    },
  );

  it('«انصراف» leaves the card as it was and sends nothing', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderApp('/manage/customers');
    await user.click(await screen.findByRole('button', { name: 'مشخصات حسن طلافروش' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'ویرایش' }));
    await user.type(screen.getByLabelText(/^نام مشتری/), ' تغییر');
    await user.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(await screen.findByRole('button', { name: 'ویرایش' })).toBeInTheDocument();
    expect(edits).toHaveLength(0);
  });
});
