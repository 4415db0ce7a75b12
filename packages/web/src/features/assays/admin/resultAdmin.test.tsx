import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { LabDetail } from '@ayar/contract';
import { labRow, resultVersion } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { fail, handle, requestsTo } from '../../../test/server.ts';
import { signInAs } from '../../../test/session.ts';

// ADR 0029 on the admin's packet screen: the result's versions, «باطل کردن نتیجه», and «علت اصلاح».

const published = labRow({
  cutting: 750,
  waitFor: false,
  purityAt: '2026-11-20T08:30:00Z',
  resultVersion: 1,
  resultAt: '2026-11-20T08:30:00Z',
  resultStatus: 'published',
  labName: 'آزمایشگاه زرناب',
});
const WITHDRAWN_AT = '2026-11-21T07:00:00Z';
const withdrawn: LabDetail = {
  ...published,
  resultVersion: 2,
  resultAt: WITHDRAWN_AT,
  resultStatus: 'withdrawn',
};
const PATH = `/manage/edit-lab/${published.id}`;

beforeEach(() => {
  signInAs('admin');
  handle(ROUTES.manage.testHistory, { list: [] });
});

describe('manage/edit-lab: withdrawing a result', () => {
  it('asks for a reason of 3–500 characters, withdraws, and refreshes the packet and its versions', async () => {
    // The packet as the server has it before and after the withdrawal.
    let current: LabDetail = published;
    const gets = handle(ROUTES.manage.getTest, () => current);
    const versions = handle(ROUTES.manage.resultVersions, () => ({
      list:
        current === published
          ? [resultVersion()]
          : [
              resultVersion(),
              resultVersion({
                version: 2,
                status: 'withdrawn',
                purity: null,
                at: WITHDRAWN_AT,
                byRole: 'admin',
                reason: 'نمونه اشتباه',
              }),
            ],
    }));
    const withdrawals = handle(
      ROUTES.manage.withdrawResult,
      () => {
        current = withdrawn;
        return null;
      },
      { message: 'نتیجه باطل شد' },
    );
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'باطل کردن نتیجه' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'باطل کردن نتیجه' }));
    const submit = dialog.getByRole('button', { name: 'باطل کردن نتیجه' });
    await user.click(submit);
    expect(await dialog.findByText('علت را بنویسید')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /علت باطل کردن/ }), 'نم');
    await user.click(submit);
    expect(await dialog.findByText('علت دست‌کم ۳ نویسه باشد')).toBeInTheDocument();
    expect(requestsTo(ROUTES.manage.withdrawResult)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /علت باطل کردن/ }), 'ونه اشتباه');
    await user.click(submit);
    await waitFor(() => expect(withdrawals).toHaveLength(1));
    expect(withdrawals.bodies[0]).toEqual({ id: published.id, reason: 'نمونه اشتباه' });
    expect(await screen.findByText('نتیجه باطل شد')).toBeInTheDocument();

    // The screen reads the packet and its versions again: withdrawn, the button gone.
    expect(await screen.findByText('نتیجه باطل شده')).toBeInTheDocument();
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const versionList = await screen.findByRole('list', { name: 'نسخه‌های نتیجه' });
    await waitFor(() => expect(within(versionList).getAllByRole('listitem')).toHaveLength(2));
    expect(within(versionList).getAllByRole('listitem')[1]).toHaveTextContent(
      'نسخهٔ ۲باطل شده(فعلی)—۱۴۰۵/۰۸/۳۰ ۱۰:۳۰ | مدیرعلت: نمونه اشتباه',
    );
    expect(screen.queryByRole('button', { name: 'باطل کردن نتیجه' })).not.toBeInTheDocument();
  });

  it('says the customer gets an SMS only when the packet sends SMS (ADR 0029)', async () => {
    handle(ROUTES.manage.resultVersions, { list: [resultVersion()] });
    const user = userEvent.setup();

    handle(ROUTES.manage.getTest, { ...published, sendSMS: true });
    const first = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'باطل کردن نتیجه' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'باطل کردن نتیجه' }));
    expect(dialog.getByText(/به مشتری پیامک باطل شدن با همین علت فرستاده می‌شود/)).toBeInTheDocument();
    expect(dialog.queryByText(/پیامکی فرستاده نمی‌شود/)).not.toBeInTheDocument();
    expect(dialog.getByText('در صفحه عمومی نتیجه و پیامک مشتری دیده می‌شود')).toBeInTheDocument();
    first.unmount();

    handle(ROUTES.manage.getTest, { ...published, sendSMS: false });
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'باطل کردن نتیجه' }));
    dialog = within(await screen.findByRole('dialog', { name: 'باطل کردن نتیجه' }));
    expect(dialog.getByText(/پیامک این بسته خاموش است: به مشتری پیامکی فرستاده نمی‌شود/)).toBeInTheDocument();
    expect(dialog.queryByText(/پیامک باطل شدن/)).not.toBeInTheDocument();
    expect(dialog.getByText('در صفحه عمومی نتیجه دیده می‌شود')).toBeInTheDocument();
  });

  it('offers no withdrawal before a result is published', async () => {
    handle(ROUTES.manage.getTest, labRow({ cutting: null }));
    renderApp(PATH);
    await screen.findByRole('button', { name: 'ذخیره تغییرات' });
    expect(screen.queryByRole('button', { name: 'باطل کردن نتیجه' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^علت اصلاح/ })).not.toBeInTheDocument();
    expect(requestsTo(ROUTES.manage.resultVersions)).toHaveLength(0);
  });
});

describe('manage/edit-lab: «علت اصلاح»', () => {
  it('requires the reason for a new purity and shows the server’s error under it', async () => {
    handle(ROUTES.manage.getTest, published);
    handle(ROUTES.manage.resultVersions, { list: [resultVersion()] });
    const edits = fail(ROUTES.manage.editTest, 'اطلاعات وارد شده معتبر نیست', {
      errors: [{ field: 'reason', message: 'علت باید روشن‌تر باشد' }],
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const purity = await screen.findByLabelText(/^عیار/);
    await user.clear(purity);
    await user.type(purity, '۷۴۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    const reason = screen.getByRole('textbox', { name: /^علت اصلاح/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/علت را بنویسید/));
    expect(edits).toHaveLength(0);

    // Two characters are one short of the contract's three, here as on the server.
    await user.type(reason, 'خط');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/علت دست‌کم ۳ نویسه باشد/));
    expect(edits).toHaveLength(0);

    await user.type(reason, 'ا');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits.bodies[0]).toMatchObject({ cutting: 740, reason: 'خطا' });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/علت باید روشن‌تر باشد/));
  });

  it('says a withdrawn result is reissued by saving a purity, which takes a reason', async () => {
    handle(ROUTES.manage.getTest, withdrawn);
    handle(ROUTES.manage.resultVersions, { list: [resultVersion()] });
    const edits = handle(ROUTES.manage.editTest, null, { message: 'تغییرات بسته ذخیره شد' });
    const user = userEvent.setup();
    renderApp(PATH);
    const alert = await screen.findByText('این نتیجه باطل شده است');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'ذخیره این فرم با عیار، نتیجه را دوباره منتشر می‌کند',
    );
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    expect(await screen.findByText('علت را بنویسید')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^علت اصلاح/ }), 'برش دوباره');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits.bodies[0]).toMatchObject({ cutting: 750, reason: 'برش دوباره' });
  });
});
