import { Alert, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toPersianDigits, type BackupStatus } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconShield } from '../../components/ui/icons.tsx';
import { formatJalaliDateTime } from '../../lib/format.ts';
import { backupQueries } from './api.ts';

/** «۱۲٫۴ مگابایت», «۸۰۰ کیلوبایت». */
export function formatSize(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  const text = mb >= 1 ? `${mb.toFixed(1)} مگابایت` : `${Math.max(1, Math.round(bytes / 1024))} کیلوبایت`;
  return toPersianDigits(text).replace('.', '٫');
}

const when = (at: string) => <Ltr>{formatJalaliDateTime(at)}</Ltr>;

/** The last good backup, or that there is none, as a clause: the caller ends it (with «.» or «؛ …»). */
function LastGood({ status }: { status: BackupStatus }) {
  return status.lastGood ? (
    <>
      آخرین پشتیبان سالم: {when(status.lastGood.at)} ({formatSize(status.lastGood.bytes)})
    </>
  ) : (
    <>هنوز هیچ پشتیبان سالمی گرفته نشده است</>
  );
}

/** What the dashboard says of the backups; red when the last one failed (ADR 0021). */
export function BackupNotice() {
  const { data: status } = useQuery(backupQueries.status());
  if (!status) return null;
  const scheduleOff = status.schedule?.every === 'off';

  if (status.lastFailure) {
    return (
      <Alert color="red" variant="light" title="پشتیبان‌گیری ناموفق بود" data-testid="backup-notice">
        <Text size="sm">
          آخرین پشتیبان‌گیری در {when(status.lastFailure.at)} انجام نشد. <LastGood status={status} />.
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          <Ltr>{status.lastFailure.error}</Ltr>
        </Text>
      </Alert>
    );
  }
  if (status.overdue || (scheduleOff && !status.lastGood)) {
    return (
      <Alert
        color="yellow"
        variant="light"
        data-testid="backup-notice"
        title={scheduleOff ? 'پشتیبان‌گیری خودکار خاموش است' : 'پشتیبان‌گیری عقب افتاده است'}
      >
        <Text size="sm">
          <LastGood status={status} />.{' '}
          {scheduleOff
            ? 'با npm run backup پشتیبان بگیرید یا BACKUP_EVERY را تنظیم کنید.'
            : 'پشتیبان‌های زمان‌بندی‌شده گرفته نشده‌اند؛ سرور و گزارش‌های آن را بررسی کنید.'}
        </Text>
      </Alert>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" data-testid="backup-notice">
      <IconShield size={16} />
      <Text size="sm">
        <LastGood status={status} />
        {status.runningSince ? '؛ در حال پشتیبان‌گیری…' : null}
        {!status.runningSince && status.schedule?.nextAt ? (
          <>؛ پشتیبان بعدی: {when(status.schedule.nextAt)}</>
        ) : null}
      </Text>
    </Group>
  );
}
