import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { STORAGE_KEYS, getUserSettings } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { SECOND_VERIFICATION_LABEL, SECOND_VERIFICATION_NOTE } from './SecondVerificationCard.tsx';

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

  it('«تأیید دوم عیار» (ADR 0050): the switch is saved with the settings, with its note while on', async () => {
    templates();
    const saves = handle(
      ROUTES.account.editSettings,
      ({ body }) => (body as { settings: unknown }).settings,
      { message: 'تنظیمات ذخیره شد' },
    );
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    const toggle = await screen.findByRole('switch', { name: new RegExp(`^${SECOND_VERIFICATION_LABEL}`) });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/تا تأیید شخص دیگری منتشر نمی‌شود/)).toBeInTheDocument();
    expect(screen.queryByText(SECOND_VERIFICATION_NOTE)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('note')).toHaveTextContent(SECOND_VERIFICATION_NOTE);
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(await screen.findByText('تنظیمات ذخیره شد')).toBeInTheDocument();
    expect((saves[0]!.body as { settings: unknown }).settings).toMatchObject({
      requireSecondVerification: true,
    });
    expect(getUserSettings().requireSecondVerification).toBe(true);
    expect(toggle).toBeChecked();

    // And back off: sent as false, the note gone.
    await user.click(toggle);
    expect(screen.queryByText(SECOND_VERIFICATION_NOTE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect((saves[1]!.body as { settings: unknown }).settings).toMatchObject({
      requireSecondVerification: false,
    });
    await waitFor(() => expect(getUserSettings().requireSecondVerification).toBe(false));
  });

  it('shows the switch on when the lab saved it on', async () => {
    signInAs('workshop', { testTypes: [], settings: { requireSecondVerification: true } });
    templates();
    renderApp('/user-settings/edit');
    expect(
      await screen.findByRole('switch', { name: new RegExp(`^${SECOND_VERIFICATION_LABEL}`) }),
    ).toBeChecked();
    expect(screen.getByText(SECOND_VERIFICATION_NOTE)).toBeInTheDocument();
  });
});
