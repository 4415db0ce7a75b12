import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BackupStatus } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { formatJalaliDateTime, toPersianDigits } from '../../../lib/format.ts';
import { scheduleText } from '../format.ts';
import { Size } from './Size.tsx';

// The backups screen's head (ADR 0021, ADR 0053): what is scheduled, the last good backup and the last
// copy off the server, with a warning when the backups are overdue or the last one failed.

const when = (at: string) => <Ltr>{formatJalaliDateTime(at)}</Ltr>;

/** One fact of the summary: a dimmed label over its value and an optional dimmed detail. */
function Fact({ label, children, detail }: { label: string; children: ReactNode; detail?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

function NextBackup({ status }: { status: BackupStatus }) {
  const { schedule } = status;
  if (!schedule) {
    return <Fact label="پشتیبان بعدی">هنوز زمان‌بندی نشده است</Fact>;
  }
  const off = schedule.every === 'off';
  return (
    <Fact
      label="پشتیبان بعدی"
      detail={
        <>
          {`زمان‌بندی: ${scheduleText(schedule.every)}؛ نگهداری ${toPersianDigits(schedule.keep)} پشتیبان آخر`}
          <br />
          پوشه: <Ltr>{schedule.dir}</Ltr>
        </>
      }
    >
      {off ? 'پشتیبان‌گیری خودکار خاموش است' : null}
      {!off && schedule.nextAt ? when(schedule.nextAt) : null}
      {!off && !schedule.nextAt ? 'نامشخص' : null}
    </Fact>
  );
}

function LastGood({ status }: { status: BackupStatus }) {
  const good = status.lastGood;
  return (
    <Fact label="آخرین پشتیبان سالم" detail={good ? <Size bytes={good.bytes} /> : undefined}>
      {good ? when(good.at) : 'هنوز نیست'}
    </Fact>
  );
}

function LastOffsite({ status }: { status: BackupStatus }) {
  const copy = status.lastOffsite;
  return (
    <Fact
      label="آخرین نسخه بیرون از سرور"
      detail={
        copy ? (
          <>
            <Ltr>{copy.key}</Ltr> ({copy.encrypted ? 'رمزشده' : 'بدون رمز'})
          </>
        ) : undefined
      }
    >
      {copy ? when(copy.at) : 'هنوز نیست'}
    </Fact>
  );
}

/** Red after a failed backup, yellow when the scheduled ones are overdue; nothing when all is well. */
function Warning({ status }: { status: BackupStatus }) {
  if (status.lastFailure) {
    return (
      <Alert color="red" variant="light" title="آخرین پشتیبان‌گیری ناموفق بود">
        <Text size="sm">در {when(status.lastFailure.at)} انجام نشد.</Text>
        <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
          <Ltr>{status.lastFailure.error}</Ltr>
        </Text>
      </Alert>
    );
  }
  if (status.overdue) {
    return (
      <Alert color="yellow" variant="light" title="پشتیبان‌گیری عقب افتاده است">
        <Text size="sm">
          پشتیبان‌های زمان‌بندی‌شده گرفته نشده‌اند؛ سرور و گزارش‌های آن را بررسی کنید یا اکنون پشتیبان بگیرید.
        </Text>
      </Alert>
    );
  }
  return null;
}

export function BackupSummary({ status }: { status: BackupStatus }) {
  return (
    <Stack gap="sm">
      <Warning status={status} />
      <Paper withBorder radius="lg" p="md" component="section" aria-label="خلاصه پشتیبان‌گیری">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NextBackup status={status} />
          <LastGood status={status} />
          <LastOffsite status={status} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
