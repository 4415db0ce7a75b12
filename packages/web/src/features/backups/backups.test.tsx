import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type BackupStatus } from '@ayar/contract';
import { renderApp, renderWithProviders } from '../../test/render.tsx';
import { handle, handleAny } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { BackupNotice } from './BackupNotice.tsx';
import { formatSize, scheduleText } from './format.ts';

const schedule = { every: '03:00', nextAt: '2026-11-24T23:30:00Z', keep: 14, dir: '/srv/ayar/backups' };
const good = {
  at: '2026-11-23T23:31:00Z',
  file: '/srv/ayar/backups/ayar-20261123-233000Z.tar',
  bytes: 13_002_342,
};
const base: BackupStatus = {
  lastGood: null,
  lastFailure: null,
  runningSince: null,
  schedule,
  overdue: false,
  lastOffsite: null,
};

/** The backup state the server reports; every other call answers an empty success. */
function serve(status: BackupStatus | null) {
  handleAny(null);
  handle(ROUTES.manage.backupStatus, status);
}

describe('the backup notice on the admin dashboard', () => {
  it('a failed backup: a red alert with when it failed, why, and the last good one in Jalali', async () => {
    serve({
      ...base,
      lastGood: good,
      lastFailure: { at: '2026-11-24T23:32:00Z', error: 'pg_dump 18.6 failed: No space left on device' },
    });
    renderWithProviders(<BackupNotice />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('پشتیبان‌گیری ناموفق بود');
    expect(alert).toHaveTextContent('آخرین پشتیبان‌گیری در ۱۴۰۵/۰۹/۰۴ ۰۳:۰۲ انجام نشد');
    expect(alert).toHaveTextContent('آخرین پشتیبان سالم: ۱۴۰۵/۰۹/۰۳ ۰۳:۰۱ (۱۲٫۴ مگابایت)');
    expect(alert).toHaveTextContent('No space left on device');
  });

  it('a failure before any good backup says there is none', async () => {
    serve({ ...base, lastFailure: { at: '2026-11-24T23:32:00Z', error: 'pg_dump: not found' } });
    renderWithProviders(<BackupNotice />);
    expect(await screen.findByRole('alert')).toHaveTextContent('هنوز هیچ پشتیبان سالمی گرفته نشده است');
  });

  it('all well: one quiet line with the last good backup and the next one', async () => {
    serve({ ...base, lastGood: good });
    renderWithProviders(<BackupNotice />);
    const line = await screen.findByTestId('backup-notice');
    expect(line).toHaveTextContent('آخرین پشتیبان سالم: ۱۴۰۵/۰۹/۰۳ ۰۳:۰۱');
    expect(line).toHaveTextContent('پشتیبان بعدی: ۱۴۰۵/۰۹/۰۴ ۰۳:۰۰');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('overdue, or switched off with none made: a yellow warning', async () => {
    serve({ ...base, lastGood: good, overdue: true });
    const { unmount } = renderWithProviders(<BackupNotice />);
    expect(await screen.findByRole('alert')).toHaveTextContent('پشتیبان‌گیری عقب افتاده است');
    unmount();
    serve({ ...base, schedule: { ...schedule, every: 'off', nextAt: null } });
    renderWithProviders(<BackupNotice />);
    expect(await screen.findByRole('alert')).toHaveTextContent('پشتیبان‌گیری خودکار خاموش است');
  });

  it('is on the admin dashboard', async () => {
    signInAs('admin', { userId: 'u-1' });
    serve({ ...base, lastFailure: { at: '2026-11-24T23:32:00Z', error: 'disk full' } });
    renderApp('/dashboard');
    expect(await screen.findByText('پشتیبان‌گیری ناموفق بود')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مشاهده پشتیبان‌ها' })).toHaveAttribute(
      'href',
      '/manage/backups',
    );
  });

  it('sizes in Persian: kilobytes below a megabyte, megabytes below a gigabyte, then gigabytes', () => {
    expect(formatSize(13_002_342)).toBe('۱۲٫۴ مگابایت');
    expect(formatSize(800_000)).toBe('۷۸۱ کیلوبایت');
    expect(formatSize(1023 * 1024)).toBe('۱۰۲۳ کیلوبایت');
    expect(formatSize(1024 * 1024 - 1)).toBe('۱٫۰ مگابایت');
    expect(formatSize(1024 * 1024)).toBe('۱٫۰ مگابایت');
    expect(formatSize(1023.9 * 1024 * 1024)).toBe('۱۰۲۳٫۹ مگابایت');
    expect(formatSize(1024 ** 3 - 1)).toBe('۱٫۰ گیگابایت');
    expect(formatSize(1024 ** 3)).toBe('۱٫۰ گیگابایت');
    expect(formatSize(2.5 * 1024 ** 3)).toBe('۲٫۵ گیگابایت');
  });

  it('the schedule in words', () => {
    expect(scheduleText('03:00')).toBe('هر روز ساعت ۰۳:۰۰ به وقت تهران');
    expect(scheduleText('6h')).toBe('هر ۶ ساعت');
    expect(scheduleText('30m')).toBe('هر ۳۰ دقیقه');
    expect(scheduleText('off')).toBe('خاموش');
  });
});
