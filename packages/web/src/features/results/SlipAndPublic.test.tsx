import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { LabDetail } from '@ayar/contract';
import { labRow, resultItem } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo, resetRequests } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { SLIP_FORMAT_KEY } from './SlipPage.tsx';

const TOKEN = 'Zx9_abcdefghijklmnopqr';
const ID = '0b0c7c8e-1d2e-4f00-9a3b-0000000000aa';

/** The packet a slip prints: published (version 1) with purity 750. */
const packet = (over: Partial<LabDetail> = {}): LabDetail =>
  labRow({
    id: ID,
    customerId: null,
    customerName: 'علی رضایی',
    customerCode: 12,
    type: null,
    typeName: 'ساخته',
    docNumber: 1_000_123,
    cutting: 750,
    weight: 15.5,
    readyTime: null,
    waitFor: false,
    canUpdate: true,
    date: '2026-01-01T08:30:00.000Z',
    purityAt: '2026-01-01T09:00:00.000Z',
    resultVersion: 1,
    resultAt: '2026-01-01T09:00:00.000Z',
    resultStatus: 'published',
    labName: 'آزمایشگاه الماس',
    serialNo: 4,
    publicToken: TOKEN,
    ...over,
  });

const signInAsWorkshop = () => signInAs('workshop', { userFname: 'الماس' });

describe('the packet slip (/lab/slip/:id)', () => {
  it('shows number, lab, customer, weights, purity, date and a QR code of /r/<token>, without the shell', async () => {
    signInAsWorkshop();
    const gets = handle(ROUTES.tests.getTest, packet());
    renderApp(`/lab/slip/${ID}`);
    const slip = await screen.findByRole('article', { name: 'برگه بسته' });
    expect(gets[0]!.url.pathname + gets[0]!.url.search).toBe(`/api/v1.0/Tests/GetTest?testId=${ID}`);
    expect(within(slip).getByText('آزمایشگاه الماس')).toBeInTheDocument();
    expect(within(slip).getByText('۱۰۰۰۱۲۳')).toBeInTheDocument();
    expect(within(slip).getByText('علی رضایی')).toBeInTheDocument();
    expect(within(slip).getByText('۱۵٫۵ گرم')).toBeInTheDocument();
    expect(within(slip).getByText('۷۵۰')).toBeInTheDocument();
    // The result's version and when it was published; the QR names the version (ADR 0029).
    expect(within(slip).getByRole('row', { name: /نسخه نتیجه.*۱/ })).toBeInTheDocument();
    expect(within(slip).getByRole('row', { name: /زمان انتشار.*۱۴۰۴\/۱۰\/۱۱ ۱۲:۳۰/ })).toBeInTheDocument();
    expect(within(slip).getByText(`${window.location.origin}/r/${TOKEN}?v=1`)).toBeInTheDocument();
    const qr = await within(slip).findByRole('img', { name: /کد QR/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(slip).not.toHaveTextContent('09121234567');
    // Shell-less: no side menu button.
    expect(screen.queryByRole('button', { name: 'باز کردن منو' })).not.toBeInTheDocument();
  });

  it('switches to 80 mm thermal, remembers it, and prints', async () => {
    signInAsWorkshop();
    localStorage.removeItem(SLIP_FORMAT_KEY);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    handle(
      ROUTES.tests.getTest,
      packet({ cutting: null, resultVersion: null, resultAt: null, resultStatus: null }),
    );
    const user = userEvent.setup();
    renderApp(`/lab/slip/${ID}`);
    const slip = await screen.findByRole('article', { name: 'برگه بسته' });
    expect(slip).toHaveAttribute('data-format', 'a6');
    expect(within(slip).getByText('در انتظار تعیین')).toBeInTheDocument();
    // Nothing published yet: no version, and the QR is the result's page alone.
    expect(within(slip).queryByText('نسخه نتیجه')).not.toBeInTheDocument();
    expect(within(slip).getByText(`${window.location.origin}/r/${TOKEN}`)).toBeInTheDocument();
    await user.click(screen.getByText('حرارتی ۸۰ میلی‌متری'));
    expect(slip).toHaveAttribute('data-format', 'thermal');
    expect(localStorage.getItem(SLIP_FORMAT_KEY)).toBe('thermal');
    await user.click(screen.getByRole('button', { name: 'چاپ' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('is behind sign-in', () => {
    renderApp(`/lab/slip/${ID}`);
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(requestsTo()).toEqual([]);
  });
});

describe('the public result page (/r/:token)', () => {
  const item = resultItem({
    token: TOKEN,
    docNumber: 1_000_123,
    series: 4,
    name: 'آزمایشگاه الماس',
    createDate: '2026-01-01T08:30:00.000Z',
  });

  it('shows the packet’s result to a guest', async () => {
    const results = handle(ROUTES.tests.resultByToken, { list: [item] });
    renderApp(`/r/${TOKEN}`);
    expect(await screen.findByText('آزمایشگاه الماس')).toBeInTheDocument();
    expect(results[0]!.url.pathname + results[0]!.url.search).toBe(
      `/api/v1.0/Tests/ResultByToken?token=${TOKEN}`,
    );
    expect(screen.getByRole('button', { name: /۱۰۰۰۱۲۳/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so for an unknown token, and does not ask the server about a malformed one', async () => {
    fail(ROUTES.tests.resultByToken, 'نتیجه‌ای برای این شماره پیدا نشد', { status: 404 });
    const { unmount } = renderApp(`/r/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('نتیجه‌ای برای این شماره پیدا نشد');
    unmount();
    resetRequests();
    renderApp('/r/bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('پیوند نتیجه معتبر نیست');
    expect(requestsTo()).toEqual([]);
  });
});
