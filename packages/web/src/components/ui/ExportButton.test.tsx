import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_ROWS_HEADER, MSG, ROUTES } from '@ayar/contract';
import { isLoggedIn } from '../../lib/auth.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HttpResponse, fail, handle } from '../../test/server.ts';
import { signInAs, signInAsStaff } from '../../test/session.ts';
import { ExportButton } from './ExportButton.tsx';

// «خروجی اکسل» (ADR 0055): the screen's filters and the chosen format go to the export's route, the
// file comes with its progress and is saved under the server's Persian name; a refusal and a 401 are
// handled as every other call's; offline it cannot start.

const NAME = 'بسته‌ها ۱۴۰۵-۰۹-۰۷.csv';
const DISPOSITION = `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(NAME)}`;

/** The downloads the page started: the `<a download>` clicked and the blob's bytes. */
let saved: { name: string; href: string }[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  saved = [];
  let n = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

/** A file answer whose body waits for `release` after its first chunk (to see the progress). */
function slowFile() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode('a'.repeat(2048)));
      await gate;
      controller.enqueue(new TextEncoder().encode('\nlast'));
      controller.close();
    },
  });
  const response = () =>
    new HttpResponse(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': DISPOSITION,
        [EXPORT_ROWS_HEADER]: '12000',
      },
    });
  return { response, release };
}

async function choose(format: 'اکسل (xlsx)' | 'CSV') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'خروجی اکسل' }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
}

describe('ExportButton', () => {
  it("asks the export with the screen's filters and format, shows progress, saves under the Persian name", async () => {
    signInAs('workshop');
    const file = slowFile();
    const calls = handle(ROUTES.exports.tests, () => file.response());
    renderWithProviders(
      <ExportButton
        name="tests"
        filters={{ waitFor: true, fromDate: '2026-11-01', filterType: 2, filterValue: '15' }}
      />,
    );
    await choose('CSV');

    expect(await screen.findByText(/۱۲٬۰۰۰ ردیف/)).toHaveTextContent(
      'در حال آماده‌سازی خروجی… ۱۲٬۰۰۰ ردیف · ۲ کیلوبایت',
    );
    expect(await screen.findByRole('progressbar', { name: 'پیشرفت خروجی' })).toBeInTheDocument();
    expect(calls.last?.query).toEqual({
      waitFor: 'true',
      fromDate: '2026-11-01',
      filterType: '2',
      filterValue: '15',
      format: 'csv',
    });
    expect(calls.last?.query).not.toHaveProperty('pageNumber');
    expect(calls.last?.headers.get('authorization')).toBe('bearer t');

    file.release();
    await waitFor(() => expect(saved).toHaveLength(1));
    // The server's Persian name, its zero-width non-joiner a space (Chromium would make it «_»).
    expect(saved[0]?.name).toBe('بسته ها ۱۴۰۵-۰۹-۰۷.csv');
    expect((await blobs.get(saved[0]?.href ?? '')?.text())?.endsWith('\nlast')).toBe(true);
    await waitFor(() => expect(screen.queryByText(/در حال آماده‌سازی/)).not.toBeInTheDocument());
  });

  it('asks xlsx by default and can be cancelled: nothing is saved', async () => {
    signInAs('admin');
    const file = slowFile();
    const calls = handle(ROUTES.exports.manageCodes, () => file.response());
    renderWithProviders(<ExportButton name="manageCodes" filters={{ userId: 'w1' }} />);
    await choose('اکسل (xlsx)');
    await screen.findByText(/۱۲٬۰۰۰ ردیف/);
    expect(calls.last?.query).toEqual({ userId: 'w1', format: 'xlsx' });

    // A second start while one runs does nothing.
    expect(screen.getByRole('button', { name: /خروجی اکسل/ })).toHaveAttribute('data-loading');

    await userEvent.click(await screen.findByRole('button', { name: 'لغو' }));
    await waitFor(() => expect(screen.queryByText(/در حال آماده‌سازی/)).not.toBeInTheDocument());
    file.release();
    expect(saved).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it("shows a refusal's Persian message and saves nothing", async () => {
    signInAs('workshop');
    const message = 'خروجی حداکثر ۲۰۰٬۰۰۰ ردیف دارد؛ لطفاً با فیلترها فهرست را کوچک‌تر کنید';
    fail(ROUTES.exports.customers, message, { status: 422, code: 'BUSINESS_RULE' });
    renderWithProviders(<ExportButton name="customers" filters={{ name: 'محمدی' }} />);
    await choose('اکسل (xlsx)');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'خروجی اکسل' })).toBeEnabled();
  });

  it('a 401 ends the session as every call does, never «check your internet»', async () => {
    signInAs('workshop');
    handle(ROUTES.exports.credits, () => new HttpResponse(null, { status: 401 }));
    renderWithProviders(<ExportButton name="credits" />);
    await choose('CSV');
    expect(await screen.findByText(MSG.sessionEnded)).toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);
    expect(screen.queryByText(/اتصال اینترنت/)).toBeNull();
    expect(saved).toHaveLength(0);
  });

  it('is disabled while offline, saying why', () => {
    signInAs('workshop');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderWithProviders(<ExportButton name="codes" />);
    const button = screen.getByRole('button', { name: 'خروجی اکسل' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'برای گرفتن خروجی باید به اینترنت وصل باشید');
  });

  it('is not offered to roles the export refuses', () => {
    signInAsStaff(['assayer']);
    renderWithProviders(<ExportButton name="store" />);
    expect(screen.queryByRole('button', { name: 'خروجی اکسل' })).toBeNull();
  });
});
