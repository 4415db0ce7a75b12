import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { LabDetail, ResultItem } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo, resetRequests } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { SLIP_FORMAT_KEY } from './SlipPage.tsx';

const TOKEN = 'Zx9_abcdefghijklmnopqr';
const ID = '0b0c7c8e-1d2e-4f00-9a3b-0000000000aa';

const packet = (over: Partial<LabDetail> = {}): LabDetail => ({
  id: ID,
  customerId: null,
  customerName: 'علی رضایی',
  customerCode: 12,
  type: null,
  typeName: 'ساخته',
  docNumber: 1_000_123,
  cutting: 750,
  title: true,
  titleName: 'بسته',
  weight: 15.5,
  readyTime: null,
  sendSMS: true,
  sendCall: true,
  displayType: null,
  desc: null,
  sampleWeight: 0.25,
  vage: 0,
  vageType: 1,
  feeToman: 0,
  feeGold: 0,
  customerMobile: '09121234567',
  testFullName: null,
  testMobile: null,
  waitFor: false,
  canUpdate: true,
  canDelete: false,
  date: '2026-01-01T08:30:00.000Z',
  purityAt: '2026-01-01T09:00:00.000Z',
  platform: 'w',
  userId: 'w1',
  labName: 'آزمایشگاه الماس',
  userFullName: 'مدیر',
  serialNo: 4,
  forDelete: false,
  forDeleteDate: null,
  deleteDecline: null,
  deleted: false,
  deletedAt: null,
  publicToken: TOKEN,
  images: [],
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
    expect(within(slip).getByText(`${window.location.origin}/r/${TOKEN}`)).toBeInTheDocument();
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
    handle(ROUTES.tests.getTest, packet({ cutting: null }));
    const user = userEvent.setup();
    renderApp(`/lab/slip/${ID}`);
    const slip = await screen.findByRole('article', { name: 'برگه بسته' });
    expect(slip).toHaveAttribute('data-format', 'a6');
    expect(within(slip).getByText('در انتظار تعیین')).toBeInTheDocument();
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
  const item: ResultItem = {
    token: TOKEN,
    docNumber: 1_000_123,
    title: null,
    customerName: null,
    series: 4,
    purity: 750,
    name: 'آزمایشگاه الماس',
    rejeCode: null,
    createDate: '2026-01-01T08:30:00.000Z',
    remain: 0,
    weight: null,
    sampleWeight: null,
    readyTime: null,
    images: [],
  };

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
