import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { UserSettings } from '@ayar/contract';
import { getUserSettings } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// ADR 0027: a workshop chooses which of the network's ready and wait texts its customers receive.

const READY = ['نتیجه بسته #d: عیار #c', 'آزمایشگاه #n: بسته #d با عیار #c آماده است'];
const WAIT = ['بسته #d ثبت شد؛ #t دقیقه دیگر'];

function signIn(settings: Partial<UserSettings> = {}) {
  signInAs('workshop', { userFname: 'آزمایشگاه مهر', testTypes: [], settings });
}

let saves: Calls;
beforeEach(() => {
  handle(ROUTES.account.smsTemplates, { readySMS: READY, waitSMS: WAIT, smsRey: '' });
  saves = handle(ROUTES.account.editSettings, ({ body }) => (body as { settings: unknown }).settings, {
    message: 'تنظیمات ذخیره شد',
  });
});

const savedSettings = () => saves.bodies.map((body) => (body as { settings: UserSettings }).settings);

describe('choosing the customers’ SMS texts (user-settings/edit)', () => {
  it('shows the network’s texts with sample values, the first as default, and saves the one chosen', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    const ready = await screen.findByRole('radiogroup', { name: 'پیامک آماده شدن نتیجه' });
    const first = within(ready).getByRole('radio', { name: /نتیجه بسته ۱۰۰۲۴۵: عیار ۷۵۰/ });
    const second = within(ready).getByRole('radio', { name: /آزمایشگاه مهر: بسته ۱۰۰۲۴۵ با عیار ۷۵۰/ });
    expect(first).toBeChecked();
    expect(within(ready).getByText('پیش‌فرض شبکه')).toBeInTheDocument();

    await user.click(second);
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(await screen.findByText('تنظیمات ذخیره شد')).toBeInTheDocument();
    expect(savedSettings()).toEqual([expect.objectContaining({ readySms: READY[1], waitSms: null })]);
    expect(getUserSettings()).toMatchObject({ readySms: READY[1] });
  });

  it('says when the text chosen earlier is no longer listed, and shows the first as the one sent', async () => {
    signIn({ readySms: 'متنی که مدیر حذف کرد' });
    renderApp('/user-settings/edit');
    const ready = await screen.findByRole('radiogroup', { name: 'پیامک آماده شدن نتیجه' });
    expect(within(ready).getByRole('radio', { name: /نتیجه بسته ۱۰۰۲۴۵/ })).toBeChecked();
    expect(screen.getByText(/دیگر در فهرست شبکه نیست/)).toBeInTheDocument();
  });
});
