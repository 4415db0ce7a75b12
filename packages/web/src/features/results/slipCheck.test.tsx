import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, ROUTES } from '@ayar/contract';
import type { VerifySlipResponse } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';

// «بررسی برگه» on the landing page (ADR 0029): the number and purity printed on a paper, checked
// against the live result by POST /Tests/VerifySlip.

const answer = (over: Partial<VerifySlipResponse>): VerifySlipResponse => ({
  outcome: 'matches',
  purity: 750,
  version: 1,
  changedAt: null,
  reason: null,
  ...over,
});

/** Opens «بررسی برگه», types the number and purity as given, and submits. */
async function check(code: string, purity: string) {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(screen.getByRole('button', { name: 'بررسی برگه' }));
  const form = within(await screen.findByRole('form', { name: 'بررسی برگه' }));
  if (code) await user.type(form.getByLabelText(/^شماره بسته/), code);
  if (purity) await user.type(form.getByLabelText(/^عیار چاپ‌شده روی برگه/), purity);
  await user.click(form.getByRole('button', { name: 'بررسی برگه' }));
  return { user, form };
}

const verdict = async () => within(await screen.findByRole('region', { name: 'نتیجه بررسی برگه' }));

describe('«بررسی برگه» on the landing page', () => {
  it('opens from the lookup, takes Persian digits, and says the paper matches', async () => {
    const calls = handle(ROUTES.tests.verifySlip, answer({}));
    await check('۱۲۳۴', '۷۵۰');
    expect(screen.getByRole('heading', { level: 2, name: 'بررسی برگه آزمایش' })).toBeInTheDocument();
    const v = await verdict();
    expect(v.getByText('این برگه با نتیجهٔ فعلی مطابقت دارد')).toBeInTheDocument();
    expect(v.getByRole('status')).toHaveTextContent('عیار ۷۵۰ — نسخهٔ ۱');
    expect(calls.bodies).toEqual([{ code: 1234, purity: 750 }]);
  });

  it('says a corrected result’s paper is out of date, with when, why and the purity now', async () => {
    handle(
      ROUTES.tests.verifySlip,
      answer({
        outcome: 'outdated',
        purity: 740,
        version: 2,
        changedAt: '2026-01-02T06:00:00.000Z',
        reason: 'خطای ثبت',
      }),
    );
    await check('1234', '750');
    const v = await verdict();
    expect(v.getByText('این برگه قدیمی است')).toBeInTheDocument();
    expect(v.getByRole('alert')).toHaveTextContent('نتیجه در ۱۴۰۴/۱۰/۱۲ ۰۹:۳۰ اصلاح شده است. عیار فعلی: ۷۴۰');
    expect(v.getByText('علت: خطای ثبت')).toBeInTheDocument();
  });

  it('says a purity the result never had does not match, without claiming a correction', async () => {
    handle(ROUTES.tests.verifySlip, answer({ outcome: 'outdated', purity: 750 }));
    await check('1234', '780');
    const v = await verdict();
    expect(v.getByRole('alert')).toHaveTextContent('عیار این برگه با نتیجهٔ ثبت‌شده یکی نیست');
    expect(v.getByRole('alert')).toHaveTextContent('عیار ثبت‌شده در سامانه: ۷۵۰');
  });

  it('says a withdrawn result is void, with when and why', async () => {
    handle(
      ROUTES.tests.verifySlip,
      answer({
        outcome: 'withdrawn',
        purity: null,
        version: 2,
        changedAt: '2026-01-03T10:00:00.000Z',
        reason: 'نمونه اشتباه',
      }),
    );
    await check('1234', '750');
    const v = await verdict();
    expect(v.getByText('این نتیجه باطل شده است')).toBeInTheDocument();
    expect(v.getByRole('alert')).toHaveTextContent('باطل شده در ۱۴۰۴/۱۰/۱۳ ۱۳:۳۰');
    expect(v.getByText('علت: نمونه اشتباه')).toBeInTheDocument();
  });

  it('says when there is no purity yet, and when there is no such packet', async () => {
    handle(ROUTES.tests.verifySlip, answer({ outcome: 'pending', purity: null, version: null }), {
      once: true,
    });
    const { user, form } = await check('1234', '750');
    expect((await verdict()).getByText('هنوز عیاری برای این بسته اعلام نشده است')).toBeInTheDocument();

    handle(ROUTES.tests.verifySlip, answer({ outcome: 'not-found', purity: null, version: null }));
    await user.click(form.getByRole('button', { name: 'بررسی برگه' }));
    expect((await verdict()).getByText('بسته‌ای با این شماره پیدا نشد')).toBeInTheDocument();
  });

  it('refuses 599 and 1000 in the form as the server would, and sends 600 and 999', async () => {
    const calls = handle(ROUTES.tests.verifySlip, answer({}));
    const { user, form } = await check('1234', '599');
    const purity = form.getByLabelText(/^عیار چاپ‌شده روی برگه/);
    expect(await form.findByText('عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد')).toBeInTheDocument();
    await user.clear(purity);
    await user.type(purity, '1000');
    await user.click(form.getByRole('button', { name: 'بررسی برگه' }));
    expect(await form.findByText('عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.verifySlip)).toHaveLength(0);

    for (const value of ['۶۰۰', '999']) {
      await user.clear(purity);
      await user.type(purity, value);
      await user.click(form.getByRole('button', { name: 'بررسی برگه' }));
      await verdict();
    }
    expect(calls.bodies).toEqual([
      { code: 1234, purity: 600 },
      { code: 1234, purity: 999 },
    ]);
  });

  it('asks for both numbers before calling the server', async () => {
    const { form } = await check('', '');
    expect(await form.findByText('وارد کردن شماره سند الزامی است')).toBeInTheDocument();
    expect(form.getByText('عیار چاپ‌شده روی برگه را وارد کنید')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.verifySlip)).toHaveLength(0);
  });

  it('shows the standard message when checks come too fast (429), and goes back to the lookup', async () => {
    fail(ROUTES.tests.verifySlip, 'Too Many Requests', { status: 429, code: 'RATE_LIMITED' });
    const { user } = await check('1234', '750');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.rateLimited);
    await user.click(screen.getByRole('button', { name: 'بازگشت به استعلام نتیجه' }));
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
  });
});
