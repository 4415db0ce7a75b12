import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { STORAGE_KEYS, getUserSettings } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

beforeEach(() => signInAs('workshop', { testTypes: [] }));

/** The page also reads the network's SMS texts (SmsChoice). */
const templates = () =>
  handle(ROUTES.account.smsTemplates, { readySMS: ['عیار #c'], waitSMS: ['#t دقیقه'], smsRey: '' });

describe('user settings', () => {
  it('saves the fee typed in Persian digits and the packet mode, and keeps them for the next screens', async () => {
    templates();
    const saves = handle(
      ROUTES.account.editSettings,
      ({ body }) => (body as { settings: unknown }).settings,
      {
        message: 'تنظیمات ذخیره شد',
      },
    );
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    await user.click(await screen.findByRole('radio', { name: 'شماره بسته' }));
    const fee = screen.getByLabelText(/^مبلغ اجرت/);
    await user.clear(fee);
    await user.type(fee, '۱۵۰۰۰۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));

    expect(await screen.findByText('تنظیمات ذخیره شد')).toBeInTheDocument();
    const sent = saves[0]!.body as { settings: unknown };
    expect(sent.settings).toMatchObject({ labType: 1, vage: 150000, vageType: 1 });
    expect(getUserSettings()).toMatchObject({ labType: 1, vage: 150000 });
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toContain('150000');
  });

  it('takes a percentage fee with decimals, and refuses more than 100 percent without sending', async () => {
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    await user.click(await screen.findByRole('radio', { name: /درصدی/ }));
    const fee = screen.getByLabelText(/^درصد اجرت/);
    await user.clear(fee);
    await user.type(fee, '۱۲۰.۵');
    expect(fee).toHaveValue('۱۲۰٫۵');
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(
      await screen.findByText('درصد اجرت باید بین ۰ تا ۱۰۰ با حداکثر دو رقم اعشار باشد'),
    ).toBeInTheDocument();
    expect(requestsTo(ROUTES.account.editSettings)).toEqual([]);
  });
});
