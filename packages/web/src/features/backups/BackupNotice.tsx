import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BackupStatus } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconShield } from '../../components/ui/icons.tsx';
import { formatJalaliDateTime } from '../../lib/format.ts';
import { href } from '../../lib/screens.ts';
import { backupQueries } from './api.ts';
import { formatSize } from './format.ts';

const when = (at: string) => <Ltr>{formatJalaliDateTime(at)}</Ltr>;

/** To the backups screen, where each backup and «پشتیبان‌گیری اکنون» are (ADR 0053). */
function ToBackups() {
  return (
    <Anchor component={Link} to={href('manage/backups')} size="sm" c="ink.7" underline="always">
      مشاهده پشتیبان‌ها
    </Anchor>
  );
}

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
        <ToBackups />
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
        <ToBackups />
      </Alert>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" data-testid="backup-notice">
      <IconShield size={16} />
      <Text size="sm" component="div">
        <LastGood status={status} />
        {status.runningSince ? '؛ در حال پشتیبان‌گیری…' : null}
        {!status.runningSince && status.schedule?.nextAt ? (
          <>؛ پشتیبان بعدی: {when(status.schedule.nextAt)}</>
        ) : null}{' '}
        <ToBackups />
      </Text>
    </Group>
  );
}
