import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, ROUTES, UI } from '@ayar/contract';
import type { BackupRun, BackupStatus, BackupsResponse } from '@ayar/contract';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { fail, handle, handleAny, requestsTo } from '../../test/server.ts';
import { signInAs, signInAsStaff } from '../../test/session.ts';
import { BackupsPage, POLL_MS } from './BackupsPage.tsx';

// «پشتیبان‌گیری اکنون» (ADR 0053): the start is posted, the running backup's progress is read every two
// seconds until it ends, and a refusal is said in Persian; only the administrator has the screen.

const DONE: BackupRun = {
  id: 41,
  trigger: 'schedule',
  startedAt: '2026-11-23T23:30:00Z',
  finishedAt: '2026-11-23T23:31:00Z',
  state: 'ok',
  file: '/var/lib/ayar/backups/ayar-20261123-233000Z.tar',
  bytes: 13_002_342,
  method: 'pg_dump',
  checksum: 'ok',
  progress: null,
  offsite: { state: 'off', key: null, at: null, encrypted: false, error: null },
  error: null,
};
const STATUS: BackupStatus = {
  lastGood: { at: DONE.finishedAt!, file: DONE.file!, bytes: DONE.bytes! },
  lastFailure: null,
  runningSince: null,
  schedule: { every: '6h', nextAt: '2026-11-24T02:30:00Z', keep: 14, dir: '/var/lib/ayar/backups' },
  overdue: false,
  lastOffsite: null,
};
/** The manual run 42 at a step; `null` progress before its first step. */
const running = (progress: BackupRun['progress']): BackupRun => ({
  ...DONE,
  id: 42,
  trigger: 'manual',
  startedAt: '2026-11-24T08:00:00Z',
  finishedAt: null,
  state: 'running',
  file: null,
  bytes: null,
  checksum: 'unchecked',
  progress,
});
const FINISHED: BackupRun = {
  ...DONE,
  id: 42,
  trigger: 'manual',
  startedAt: '2026-11-24T08:00:00Z',
  finishedAt: '2026-11-24T08:00:09Z',
  bytes: 14_100_000,
};

/** What the server lists now: the test moves it along. */
let runs: BackupRun[];
const list = (): BackupsResponse => ({
  runs,
  status: { ...STATUS, runningSince: runs.some((r) => r.state === 'running') ? runs[0]!.startedAt : null },
});

const phoneMatchMedia = window.matchMedia;
beforeEach(() => {
  runs = [DONE];
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.matchMedia = (query: string) =>
    ({
      ...phoneMatchMedia(query),
      matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
    }) as MediaQueryList;
});
afterEach(() => {
  window.matchMedia = phoneMatchMedia;
  vi.useRealTimers();
});

const startButton = () => screen.getByRole('button', { name: 'پشتیبان‌گیری اکنون' });
const poll = () => act(() => vi.advanceTimersByTimeAsync(POLL_MS));
const reads = () => requestsTo(ROUTES.manage.backups).length;

async function renderAndStart() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<BackupsPage />, { route: '/manage/backups' });
  await screen.findByRole('table', { name: 'فهرست پشتیبان‌ها' });
  await user.click(startButton());
}

// A whole backup followed through its steps takes a few seconds of a busy test machine.
describe('«پشتیبان‌گیری اکنون»', { timeout: 20_000 }, () => {
  it('posts the start, shows the running backup’s step and share, then the finished one, and stops reading', async () => {
    handle(ROUTES.manage.backups, list);
    const starts = handle(ROUTES.manage.startBackup, () => {
      runs = [running({ step: 'database', done: 3, total: 12 }), DONE];
      return { id: 42 };
    });
    await renderAndStart();
    expect(starts).toHaveLength(1);
    expect(starts.last?.body).toBeUndefined();
    expect(await screen.findByText('پشتیبان‌گیری آغاز شد')).toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: 'پیشرفت پشتیبان‌گیری: پایگاه داده' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '۳ از ۱۲');
    expect(startButton()).toBeDisabled();

    runs = [running({ step: 'files', done: 312, total: 1204 }), DONE];
    await poll();
    const files = await screen.findByRole('progressbar', { name: 'پیشرفت پشتیبان‌گیری: فایل‌ها' });
    expect(files).toHaveAttribute('aria-valuetext', '۳۱۲ از ۱٬۲۰۴');

    // A step whose total is not known yet: a bar with no share, not a made-up one.
    runs = [running({ step: 'upload', done: 5_000_000, total: null }), DONE];
    await poll();
    const upload = await screen.findByRole('progressbar', {
      name: 'پیشرفت پشتیبان‌گیری: ارسال به فضای ذخیره بیرونی',
    });
    expect(upload).not.toHaveAttribute('aria-valuenow');
    expect(upload).toHaveAttribute('aria-valuetext', '۴٫۸ مگابایت');

    runs = [FINISHED, DONE];
    await poll();
    expect(await screen.findByText('پشتیبان‌گیری انجام شد')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const table = screen.getByRole('table', { name: 'فهرست پشتیبان‌ها' });
    const newest = within(table).getAllByRole('row')[1]!;
    expect(newest).toHaveTextContent('دستی');
    expect(newest).toHaveTextContent('۱۳٫۴ مگابایت');
    expect(startButton()).toBeEnabled();

    // Nothing runs: the list is not read again.
    const before = reads();
    await poll();
    await poll();
    expect(reads()).toBe(before);
  });

  it('a backup that fails is said so, with the server’s reason in its row', async () => {
    handle(ROUTES.manage.backups, list);
    handle(ROUTES.manage.startBackup, () => {
      runs = [running(null), DONE];
      return { id: 42 };
    });
    await renderAndStart();
    expect(await screen.findByText('در حال آغاز…')).toBeInTheDocument();
    runs = [
      { ...FINISHED, state: 'failed', bytes: null, file: null, error: 'pg_dump: connection refused' },
      DONE,
    ];
    await poll();
    expect(await screen.findByText('پشتیبان‌گیری ناموفق بود')).toBeInTheDocument();
    expect(screen.getByText('pg_dump: connection refused')).toBeInTheDocument();
  });

  it('409 (one is already running): the server’s message, and the running one is shown', async () => {
    handle(ROUTES.manage.backups, list);
    fail(ROUTES.manage.startBackup, 'یک پشتیبان‌گیری در حال انجام است؛ پس از پایان آن دوباره تلاش کنید', {
      status: 409,
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<BackupsPage />, { route: '/manage/backups' });
    await screen.findByRole('table', { name: 'فهرست پشتیبان‌ها' });
    // Someone else (or the schedule) started one meanwhile.
    runs = [{ ...running({ step: 'files', done: 1, total: 4 }), trigger: 'schedule' }, DONE];
    await user.click(startButton());
    expect(
      await screen.findByText('یک پشتیبان‌گیری در حال انجام است؛ پس از پایان آن دوباره تلاش کنید'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'پیشرفت پشتیبان‌گیری: فایل‌ها' })).toBeVisible();
    expect(startButton()).toBeDisabled();
  });

  it('503 (this server makes no backups): the server’s message, and the button stays', async () => {
    handle(ROUTES.manage.backups, list);
    fail(ROUTES.manage.startBackup, 'این سرور پشتیبان نمی‌گیرد', { status: 503 });
    await renderAndStart();
    expect(await screen.findByText('این سرور پشتیبان نمی‌گیرد')).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('a session that ended says so, never «check the connection»', async () => {
    signInAs('admin');
    handleAny(null);
    handle(ROUTES.manage.backups, list);
    fail(ROUTES.manage.startBackup, 'unauthorized', { status: 401 });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/manage/backups');
    await user.click(await screen.findByRole('button', { name: 'پشتیبان‌گیری اکنون' }));
    expect(await screen.findByText(MSG.sessionEnded)).toBeInTheDocument();
    expect(screen.queryByText(/اتصال اینترنت/)).toBeNull();
  });
});

// The menus' items and the guard's rule for manage/ are tested with the app (app/shell/menus.test.ts,
// app/guard.test.ts); here, what each of them meets in the app.
describe('who has the backups screen', () => {
  it('the admin: the menu item «پشتیبان‌ها» opens the screen', async () => {
    signInAs('admin');
    handleAny(null);
    handle(ROUTES.manage.backups, list);
    renderApp('/manage/backups');
    expect(await screen.findByRole('table', { name: 'فهرست پشتیبان‌ها' })).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'منوی اصلی' })[0]!;
    expect(within(menu).getByRole('link', { name: 'پشتیبان‌ها' })).toHaveAttribute('href', '/manage/backups');
  });

  it('a lab’s owner and its staff: no item, and the address takes them to their own screen', async () => {
    for (const signIn of [() => signInAs('workshop'), () => signInAsStaff(['owner', 'counter'])]) {
      signIn();
      handleAny(null);
      const { unmount } = renderApp('/manage/backups');
      const menu = (await screen.findAllByRole('navigation', { name: 'منوی اصلی' }))[0]!;
      expect(await within(menu).findByRole('link', { name: 'ثبت بسته' })).toBeInTheDocument();
      expect(within(menu).queryByRole('link', { name: 'پشتیبان‌ها' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'پشتیبان‌گیری اکنون' })).toBeNull();
      expect(requestsTo(ROUTES.manage.backups)).toHaveLength(0);
      unmount();
    }
  });
});
