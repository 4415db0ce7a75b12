import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIRE_RULE_LABELS, ROUTES } from '@ayar/contract';
import { getUserSettings } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { FIRE_RULE_LABEL, FIRE_TOLERANCE_LABEL } from './FireAssayCard.tsx';

// The fire assay's settings (ADR 0059): the tolerance between duplicates, 0–20 per mille typed in any
// digits, and the rule that reports a purity from them.

beforeEach(() => {
  signInAs('workshop', { testTypes: [] });
  handle(ROUTES.account.smsTemplates, { readySMS: ['عیار #c'], waitSMS: ['#t دقیقه'], smsRey: '' });
});

describe('«کوپلاسیون» in the settings', () => {
  it('saves a tolerance of ۲۰ (the edge) and the rule chosen, and keeps them', async () => {
    const saves = handle(
      ROUTES.account.editSettings,
      ({ body }) => (body as { settings: unknown }).settings,
      {
        message: 'تنظیمات ذخیره شد',
      },
    );
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    const tolerance = await screen.findByLabelText(
      new RegExp(`^${FIRE_TOLERANCE_LABEL.replace(/[()]/g, '.')}`),
    );
    expect(tolerance).toHaveValue('۲');
    await user.clear(tolerance);
    await user.type(tolerance, '۲۰');
    await user.click(screen.getByRole('combobox', { name: FIRE_RULE_LABEL, hidden: true }));
    await user.click(await screen.findByRole('option', { name: FIRE_RULE_LABELS.lower, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(await screen.findByText('تنظیمات ذخیره شد')).toBeInTheDocument();
    expect((saves[0]!.body as { settings: unknown }).settings).toMatchObject({
      fireTolerance: 20,
      fireRule: 'lower',
    });
    expect(getUserSettings()).toMatchObject({ fireTolerance: 20, fireRule: 'lower' });
  });

  it('refuses ۲۱ and an empty tolerance with the message, sending nothing', async () => {
    const user = userEvent.setup();
    renderApp('/user-settings/edit');
    const tolerance = await screen.findByLabelText(
      new RegExp(`^${FIRE_TOLERANCE_LABEL.replace(/[()]/g, '.')}`),
    );
    await user.clear(tolerance);
    await user.type(tolerance, '21');
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(
      await screen.findByText('اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد'),
    ).toBeInTheDocument();
    await user.clear(tolerance);
    await user.click(screen.getByRole('button', { name: 'ذخیره تنظیمات' }));
    expect(
      await screen.findByText('اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد'),
    ).toBeInTheDocument();
    expect(requestsTo(ROUTES.account.editSettings)).toEqual([]);
  });
});
