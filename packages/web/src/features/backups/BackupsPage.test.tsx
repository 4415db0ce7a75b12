import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, UI } from '@ayar/contract';
import type { BackupRun, BackupStatus, BackupsResponse } from '@ayar/contract';
import { renderWithProviders } from '../../test/render.tsx';
import { fail, handle } from '../../test/server.ts';
import { BackupsPage } from './BackupsPage.tsx';

// The admin's backups screen (ADR 0053): each backup, the schedule and the copies off the server, and
// «پشتیبان‌گیری اکنون» followed to its end.

const DIR = '/var/lib/ayar/backups';
const OK_RUN: BackupRun = {
  id: 41,
  trigger: 'schedule',
  // 23:30 UTC on 23 November 2026 is 03:00 on 3 Azar 1405 in Tehran.
  startedAt: '2026-11-23T23:30:00Z',
  finishedAt: '2026-11-23T23:31:00Z',
  state: 'ok',
  file: `${DIR}/ayar-20261123-233000Z.tar`,
  bytes: 13_002_342,
  method: 'pg_dump',
  checksum: 'ok',
  progress: null,
  offsite: {
    state: 'ok',
    key: 'backups/ayar-20261123-233000Z.tar.age',
    at: '2026-11-23T23:32:00Z',
    encrypted: true,
    error: null,
  },
  error: null,
};
const FAILED_RUN: BackupRun = {
  ...OK_RUN,
  id: 40,
  startedAt: '2026-11-22T23:30:00Z',
  finishedAt: '2026-11-22T23:30:05Z',
  state: 'failed',
  file: null,
  bytes: null,
  method: 'copy',
  checksum: 'unchecked',
  offsite: { state: 'off', key: null, at: null, encrypted: false, error: null },
  error: 'No space left on device',
};
const STATUS: BackupStatus = {
  lastGood: { at: OK_RUN.finishedAt!, file: OK_RUN.file!, bytes: OK_RUN.bytes! },
  lastFailure: null,
  runningSince: null,
  schedule: { every: '03:00', nextAt: '2026-11-24T23:30:00Z', keep: 14, dir: DIR },
  overdue: false,
  lastOffsite: { at: '2026-11-23T23:32:00Z', key: OK_RUN.offsite.key!, encrypted: true },
};

const answer = (runs: BackupRun[], status: Partial<BackupStatus> = {}): BackupsResponse => ({
  runs,
  status: { ...STATUS, ...status },
});

const phoneMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = phoneMatchMedia;
});

/** The screen on a desktop (a table) or a phone (cards: what jsdom's matchMedia answers by default). */
function renderPage({ desktop }: { desktop: boolean }) {
  if (desktop) {
    window.matchMedia = (query: string) =>
      ({
        ...phoneMatchMedia(query),
        matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
      }) as MediaQueryList;
  }
  return renderWithProviders(<BackupsPage />, { route: '/manage/backups' });
}

const startButton = () => screen.getByRole('button', { name: 'پشتیبان‌گیری اکنون' });

describe('the backups screen', () => {
  it('on a desktop, a table with each backup’s time, trigger, state, size, method, checksum, copy and file', async () => {
    handle(ROUTES.manage.backups, answer([OK_RUN, FAILED_RUN]));
    renderPage({ desktop: true });
    expect(screen.getByRole('status', { name: 'در حال بارگذاری پشتیبان‌ها' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'فهرست پشتیبان‌ها' });
    const [head, good, failed] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['زمان', 'نوع', 'وضعیت', 'حجم', 'روش', 'درستی فایل', 'نسخه بیرون از سرور', 'فایل']);
    expect(
      within(good!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '۱۴۰۵/۰۹/۰۳ ۰۳:۰۰',
      'زمان‌بندی‌شده',
      'انجام شد',
      '۱۲٫۴ مگابایت',
      'pg_dump',
      'سالم',
      'ارسال شدرمزشده۱۴۰۵/۰۹/۰۳ ۰۳:۰۲backups/ayar-20261123-233000Z.tar.age',
      'ayar-20261123-233000Z.tar',
    ]);
    // Numbers, names and keys read left to right inside the Persian text.
    expect(within(good!).getByText('ayar-20261123-233000Z.tar')).toHaveAttribute('dir', 'ltr');
    expect(within(good!).getByText('۱۲٫۴')).toHaveAttribute('dir', 'ltr');
    expect(
      within(failed!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '۱۴۰۵/۰۹/۰۲ ۰۳:۰۰',
      'زمان‌بندی‌شده',
      'ناموفقNo space left on device',
      '—',
      'COPY',
      '—',
      'ندارد',
      '—',
    ]);
    // The table scrolls sideways by keyboard when the window is narrower than its columns.
    expect(table.closest('[tabindex="0"]')).not.toBeNull();
  });

  it('shows the next backup, the schedule, the last good one and the last copy off the server', async () => {
    handle(ROUTES.manage.backups, answer([OK_RUN]));
    renderPage({ desktop: false });
    const summary = await screen.findByRole('region', { name: 'خلاصه پشتیبان‌گیری' });
    expect(summary).toHaveTextContent('پشتیبان بعدی۱۴۰۵/۰۹/۰۴ ۰۳:۰۰');
    expect(summary).toHaveTextContent('زمان‌بندی: هر روز ساعت ۰۳:۰۰ به وقت تهران؛ نگهداری ۱۴ پشتیبان آخر');
    expect(summary).toHaveTextContent('آخرین پشتیبان سالم۱۴۰۵/۰۹/۰۳ ۰۳:۰۱۱۲٫۴ مگابایت');
    expect(summary).toHaveTextContent(
      'آخرین نسخه بیرون از سرور۱۴۰۵/۰۹/۰۳ ۰۳:۰۲backups/ayar-20261123-233000Z.tar.age (رمزشده)',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // On a phone, a card per backup with the same facts.
    const list = screen.getByRole('list', { name: 'فهرست پشتیبان‌ها' });
    const [card] = within(list).getAllByRole('listitem');
    for (const text of ['۱۴۰۵/۰۹/۰۳ ۰۳:۰۰', 'انجام شد', 'حجم۱۲٫۴ مگابایت', 'روشpg_dump', 'درستی فایلسالم']) {
      expect(card).toHaveTextContent(text);
    }
    expect(card).toHaveTextContent('نسخه بیرون از سرورارسال شدرمزشده');
  });

  it('warns when the scheduled backups are overdue, and in red after a failure', async () => {
    handle(ROUTES.manage.backups, answer([OK_RUN], { overdue: true }));
    const { unmount } = renderPage({ desktop: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('پشتیبان‌گیری عقب افتاده است');
    unmount();
    handle(
      ROUTES.manage.backups,
      answer([FAILED_RUN], { lastFailure: { at: FAILED_RUN.finishedAt!, error: 'disk full' } }),
    );
    renderPage({ desktop: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('آخرین پشتیبان‌گیری ناموفق بود');
  });

  it('with none made yet: says so, and still offers a backup now', async () => {
    handle(ROUTES.manage.backups, answer([], { lastGood: null, lastOffsite: null }));
    renderPage({ desktop: true });
    expect(await screen.findByText('هنوز پشتیبانی گرفته نشده است')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(startButton()).toBeEnabled();
  });

  it('when the list cannot be read: says so, and «تلاش دوباره» reads it again', async () => {
    // The later handler answers first: the first read fails, the next one is the list.
    handle(ROUTES.manage.backups, answer([OK_RUN]));
    fail(ROUTES.manage.backups, 'خطای داخلی سرور؛ لطفاً دوباره تلاش کنید', { status: 500, once: true });
    const user = userEvent.setup();
    renderPage({ desktop: true });
    expect(await screen.findByText('فهرست پشتیبان‌ها بارگذاری نشد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByRole('table', { name: 'فهرست پشتیبان‌ها' })).toBeInTheDocument();
  });
});
