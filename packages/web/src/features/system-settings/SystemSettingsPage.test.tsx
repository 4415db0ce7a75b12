import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { renderWithProviders } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { SystemSettingsPage } from './SystemSettingsPage.tsx';

const SETTINGS = [
  { key: 'NumPrice', value: '1000' },
  { key: 'AccountNumber', value: '6037-9975' },
  { key: 'AccountName', value: 'شبکه' },
  { key: 'ReadySMS', value: 'نتیجه #d: عیار #c-=-بسته #d آماده است' },
  { key: 'WaitSMS', value: 'بسته #d تا #t دقیقه' },
  { key: 'RaySMS', value: '' },
  { key: 'RequireSecondVerification', value: 'false' },
];

let saves: Calls;
beforeEach(() => {
  handle(ROUTES.account.systemSettings, SETTINGS);
  saves = handle(
    ROUTES.account.addOrUpdateSystemSetting,
    ({ body }) => {
      const { price, requireSecondVerification } = body as {
        price: number;
        requireSecondVerification?: boolean;
      };
      return SETTINGS.map((e) =>
        e.key === 'NumPrice'
          ? { ...e, value: String(price) }
          : e.key === 'RequireSecondVerification' && requireSecondVerification !== undefined
            ? { ...e, value: String(requireSecondVerification) }
            : e,
      );
    },
    { message: 'تنظیمات سیستم ذخیره شد' },
  );
});

const readyList = () => screen.getByRole('list', { name: 'متن‌های پیامک آماده شدن' });
const postedBody = () => saves[0]?.body as Record<string, unknown>;

describe('system settings page', () => {
  it('names its loading placeholder as a busy status (axe: aria-prohibited-attr on a bare div)', async () => {
    renderWithProviders(<SystemSettingsPage />);
    const loading = screen.getByRole('status', { name: 'در حال بارگذاری تنظیمات' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByLabelText(/شماره حساب/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'در حال بارگذاری تنظیمات' })).not.toBeInTheDocument();
  });

  it('shows the saved values, the placeholders and a preview of the first template', async () => {
    renderWithProviders(<SystemSettingsPage />);
    expect(await screen.findByLabelText(/شماره حساب/)).toHaveValue('6037-9975');
    expect(within(readyList()).getAllByRole('listitem')).toHaveLength(2);
    for (const label of ['شماره بسته', 'عیار', 'نام آزمایشگاه', 'زمان آماده شدن']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    // Persian digits, as the page's text; the price field too.
    expect(screen.getAllByText('نتیجه ۱۰۰۲۴۵: عیار ۷۵۰')[0]).toBeInTheDocument();
    expect(screen.getByLabelText(/قیمت هر شماره بسته/)).toHaveValue('۱۰۰۰');
  });

  it('adds a template only when it is not empty, clears the input, and removes one with the trash icon', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemSettingsPage />);
    await screen.findByLabelText(/شماره حساب/);
    const input = screen.getByRole('textbox', { name: 'متن‌های پیامک آماده شدن' });
    const plus = screen.getByRole('button', { name: 'افزودن به متن‌های پیامک آماده شدن' });

    await user.type(input, '   ');
    await user.click(plus);
    expect(within(readyList()).getAllByRole('listitem')).toHaveLength(2);

    await user.clear(input);
    await user.type(input, 'عیار بسته #d: #c');
    await user.click(plus);
    const items = within(readyList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent('عیار بسته #d: #c');
    expect(input).toHaveValue('');

    await user.type(input, 'یک -=- دو');
    await user.click(plus);
    expect(screen.getByText('متن پیامک نباید شامل «-=-» باشد')).toBeInTheDocument();
    expect(within(readyList()).getAllByRole('listitem')).toHaveLength(3);
    await user.clear(input);

    await user.click(screen.getAllByRole('button', { name: 'حذف متن ۱' })[0]!);
    const left = within(readyList()).getAllByRole('listitem');
    expect(left).toHaveLength(2);
    expect(left[0]).toHaveTextContent('بسته #d آماده است');

    await user.click(screen.getByRole('button', { name: 'تغییر' }));
    await waitFor(() => expect(postedBody().readySMS).toEqual(['بسته #d آماده است', 'عیار بسته #d: #c']));
  });

  it('takes the price in Persian digits and sends it as a number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemSettingsPage />);
    const price = await screen.findByLabelText(/قیمت هر شماره بسته/);
    await user.clear(price);
    await user.type(price, '25۰0');
    expect(price).toHaveValue('۲۵۰۰');
    expect(screen.getByText('۲٬۵۰۰ تومان')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تغییر' }));
    await waitFor(() => expect(postedBody()).toMatchObject({ price: 2500, AccNumber: '6037-9975' }));
  });

  it('does not save while a typed template was not added, and requires a price', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemSettingsPage />);
    const price = await screen.findByLabelText(/قیمت هر شماره بسته/);
    await user.type(screen.getByRole('textbox', { name: 'متن‌های پیامک انتظار' }), 'متن فراموش‌شده');
    await user.click(screen.getByRole('button', { name: 'تغییر' }));
    expect(await screen.findByText(/هنوز به فهرست اضافه نشده است/)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'متن‌های پیامک انتظار' }));
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'تغییر' }));
    expect(await screen.findByText('قیمت هر شماره بسته الزامی است')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('«تأیید دوم عیار برای همه آزمایشگاه‌ها» (ADR 0050): reads the stored entry and sends a boolean', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemSettingsPage />);
    const toggle = await screen.findByRole('switch', { name: /^تأیید دوم عیار برای همه آزمایشگاه‌ها/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'تغییر' }));
    await waitFor(() => expect(postedBody()).toMatchObject({ requireSecondVerification: true }));
    // The answer ('true') is what the form shows after saving.
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('shows the network setting on when stored as true, and sends false when turned off', async () => {
    handle(
      ROUTES.account.systemSettings,
      SETTINGS.map((e) => (e.key === 'RequireSecondVerification' ? { ...e, value: 'true' } : e)),
    );
    const user = userEvent.setup();
    renderWithProviders(<SystemSettingsPage />);
    const toggle = await screen.findByRole('switch', { name: /^تأیید دوم عیار/ });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'تغییر' }));
    await waitFor(() => expect(postedBody()).toMatchObject({ requireSecondVerification: false }));
  });
});
