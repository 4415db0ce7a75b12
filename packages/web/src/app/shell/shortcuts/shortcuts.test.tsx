import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { LAB_SETTINGS } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { handle, requestsTo } from '../../../test/server.ts';
import { signInAs, signInAsStaff } from '../../../test/session.ts';
import { HELP_TITLE } from './ShortcutsHelp.tsx';

// The counter's keyboard (app/shell/shortcuts): `g` then a letter, «؟» the help, Alt+Enter and Ctrl+Enter
// in the forms; only what the person's roles open.

const WAITING = 'لیست در انتظار تعیین عیار';

beforeEach(() => {
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  handle(ROUTES.tests.getCode, 1000);
  handle(ROUTES.tests.checkCode, ({ body }) => ({ code: (body as { code: number }).code, available: true }));
  handle(ROUTES.customer.customersByName, []);
  handle(ROUTES.customer.allCustomers, { list: [], totalCount: 0, currPage: 1, pageSize: 200 });
  sessionStorage.clear();
});

/** A key as the Persian layout gives it: the letter's place (`code`) and a Persian `key`. */
function press(
  code: string,
  key: string,
  target: Element = document.body,
  over: Record<string, unknown> = {},
) {
  fireEvent.keyDown(target, { code, key, ...over });
}
const PERSIAN: Record<string, string> = { KeyG: 'گ', KeyN: 'د', KeyW: 'ص', KeyV: 'ر', KeyL: 'م', KeyC: 'ز' };
const go = (letter: string, target?: Element) => {
  const code = `Key${letter.toUpperCase()}`;
  press('KeyG', PERSIAN.KeyG!, target);
  press(code, PERSIAN[code] ?? letter, target);
};
const help = (target?: Element) => press('Slash', '؟', target, { shiftKey: true });

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('go-to shortcuts', () => {
  it('take the counter to registering and to the waiting list with the Persian layout active', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    await heading('لیست بسته‌ها');
    go('w');
    expect(await heading(WAITING)).toBeInTheDocument();
    go('n');
    expect(await screen.findByRole('form', { name: 'ثبت بسته' })).toBeInTheDocument();
    go('l');
    expect(await heading('لیست بسته‌ها')).toBeInTheDocument();
  });

  it('need `g` just before the letter, and do nothing for a screen the role cannot open', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    await heading('لیست بسته‌ها');
    // A letter alone, or `g` then a letter without a screen, goes nowhere.
    press('KeyW', 'ص');
    go('v'); // lab/verify is the assayer's (ADR 0050), not in the counter's menu
    go('x');
    await Promise.resolve();
    expect(screen.getByRole('heading', { level: 1, name: 'لیست بسته‌ها' })).toBeInTheDocument();
  });

  it('take the assayer to «در انتظار تأیید» but not to registering', async () => {
    signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    await heading('لیست بسته‌ها');
    go('n');
    await Promise.resolve();
    expect(screen.queryByRole('form', { name: 'ثبت بسته' })).not.toBeInTheDocument();
    go('v');
    expect(await heading('در انتظار تأیید')).toBeInTheDocument();
  });

  it('never fire while typing in a field', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    renderApp('/lab/add');
    const name = await screen.findByLabelText(/^نام مشتری/);
    name.focus();
    go('w', name);
    help(name);
    press('Slash', '/', name);
    await Promise.resolve();
    expect(screen.getByRole('form', { name: 'ثبت بسته' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the help on «؟»', () => {
  const lines = async () => within(await screen.findByRole('dialog', { name: HELP_TITLE }));

  it('lists the counter’s shortcuts: registering and the waiting list, not the verification', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    await heading('لیست بسته‌ها');
    help();
    const dialog = await lines();
    expect(dialog.getByRole('cell', { name: 'ثبت بسته' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'در انتظار عیار' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'ذخیره و ادامه در ثبت بسته' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: /^جستجو: بسته با شماره، مشتری/ })).toBeInTheDocument();
    expect(dialog.queryByRole('cell', { name: 'در انتظار تأیید' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('cell', { name: /ثبت عیارهای/ })).not.toBeInTheDocument();
  });

  it('lists the assayer’s: the verification and the purities, not registering', async () => {
    signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
    renderApp('/lab/list');
    await heading('لیست بسته‌ها');
    // «?» of a Latin layout opens it too.
    press('Slash', '?', document.body, { shiftKey: true });
    const dialog = await lines();
    expect(dialog.getByRole('cell', { name: 'در انتظار تأیید' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: /ثبت عیارهای/ })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'جستجو: بسته با شماره' })).toBeInTheDocument();
    expect(dialog.queryByRole('cell', { name: 'ثبت بسته' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('cell', { name: /ذخیره و ادامه/ })).not.toBeInTheDocument();
  });

  it('lists the administrator’s: their own screens and the labs in the search', async () => {
    signInAs('admin');
    handle(ROUTES.manage.labOwners, { list: [], totalCount: 0, currPage: 1, pageSize: 20 });
    renderApp('/manage/lab-owners');
    await heading('لیست آزمایشگاه‌ها');
    help();
    const dialog = await lines();
    expect(dialog.getByRole('cell', { name: 'بسته‌ها' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: 'آزمایشگاه‌ها' })).toBeInTheDocument();
    expect(dialog.getByRole('cell', { name: /آزمایشگاه با نام/ })).toBeInTheDocument();
    expect(dialog.queryByRole('cell', { name: 'ثبت بسته' })).not.toBeInTheDocument();
    expect(dialog.queryByText('در فرم‌ها (درون فیلدها هم)')).not.toBeInTheDocument();
    // No go-to over an open dialog; once it is closed, `g l` is the administrator's packets.
    go('l');
    fireEvent.keyDown(screen.getByRole('dialog', { name: HELP_TITLE }), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'لیست آزمایشگاه‌ها' })).toBeInTheDocument();
    handle(ROUTES.manage.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
    go('l');
    expect(await heading('لیست بسته‌ها')).toBeInTheDocument();
  });
});

describe('the forms’ keys', () => {
  it('Alt+Enter is «ذخیره و ادامه» from any field of lab/add, and the buttons name their keys', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(screen.getByLabelText(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
    expect(screen.getByRole('button', { name: 'ذخیره و ادامه' })).toHaveAttribute(
      'title',
      'ذخیره و ادامه (Alt+Enter)',
    );
    expect(screen.getByRole('button', { name: 'ثبت' })).toHaveAttribute('title', 'ثبت (Ctrl+Enter)');
    await user.click(screen.getByRole('checkbox', { name: 'مشتری متفرقه' }));
    await user.click(screen.getByLabelText(/^نام صاحب نمونه/));
    await user.keyboard('{Alt>}{Enter}{/Alt}');
    // Saving validated the form: the owner is required for the «other customer».
    expect(await screen.findByText('نام صاحب نمونه الزامی است')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(0);
  });

  it('Ctrl+Enter saves the customer form from a field', async () => {
    const adds = handle(ROUTES.customer.addCustomer, 7, { message: 'مشتری ثبت شد' });
    signInAs('workshop', { userId: 'u-1', testTypes: [] });
    const user = userEvent.setup();
    renderApp('/customer/add');
    const form = await screen.findByRole('form', { name: 'ثبت مشتری' });
    expect(within(form).getByRole('button', { name: 'ثبت مشتری' })).toHaveAttribute(
      'title',
      'ثبت مشتری (Ctrl+Enter)',
    );
    await user.type(within(form).getByLabelText(/^نام مشتری/), 'علی رضایی');
    await user.type(within(form).getAllByLabelText(/^موبایل/)[0]!, '۰۹۱۲۱۲۳۴۵۶۷');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/مشتری ثبت شد/)).toBeInTheDocument();
    expect(adds.bodies).toEqual([expect.objectContaining({ customerName: 'علی رضایی' })]);
  });
});
