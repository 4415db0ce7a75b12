import { useEffect, useRef } from 'react';
import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BackupRun, BackupsResponse } from '@ayar/contract';
import { useIsDesktop } from '../../components/ui/ListTable.tsx';
import { IconShield } from '../../components/ui/icons.tsx';
import { alertError, alertSuccess } from '../../lib/alert.ts';
import { ApiError } from '../../lib/api.ts';
import { backupQueries, useStartBackup } from './api.ts';
import { BackupRuns } from './components/BackupRuns.tsx';
import { BackupSummary } from './components/BackupSummary.tsx';
import { RunProgress } from './components/RunProgress.tsx';

/** How often the list is read again while a backup runs (ADR 0053): its progress moves in steps of seconds. */
export const POLL_MS = 2_000;

const runningRun = (data: BackupsResponse | undefined): BackupRun | undefined =>
  data?.runs.find((run) => run.state === 'running');

/**
 * Read again while a backup runs, and after «پشتیبان‌گیری اکنون» until the run it started is listed as
 * ended (the first answer after the start may come before the server lists it); otherwise not at all.
 */
function shouldPoll(data: BackupsResponse | undefined, startedId: number | null): boolean {
  if (!data) return false;
  if (runningRun(data) || data.status.runningSince) return true;
  return startedId !== null && !data.runs.some((run) => run.id === startedId);
}

/**
 * The list, read again every `POLL_MS` while it is needed, and «پشتیبان‌گیری اکنون» with what follows it:
 * the run this screen started is told when it ends. A refusal (409 one is running, 503 this server makes
 * none, a session that ended) is alerted by the API client; after a 409 the list is read again so the
 * running one shows. The started run's id is a ref: nothing shown depends on it, only when to read again
 * (TanStack asks after every answer) and whether to tell of its end.
 */
function useBackups() {
  const started = useRef<number | null>(null);
  const backups = useQuery({
    ...backupQueries.list(),
    refetchInterval: (query) => (shouldPoll(query.state.data, started.current) ? POLL_MS : false),
  });
  const start = useStartBackup();

  useEffect(() => {
    const run = backups.data?.runs.find((r) => r.id === started.current);
    if (!run || run.state === 'running') return;
    if (run.state === 'ok') alertSuccess('پشتیبان‌گیری انجام شد');
    else alertError('پشتیبان‌گیری ناموفق بود');
    started.current = null;
  }, [backups.data]);

  const onStart = async () => {
    try {
      const answer = await start.mutateAsync();
      started.current = answer.data.id;
      alertSuccess(answer.message || 'پشتیبان‌گیری آغاز شد');
    } catch (error) {
      // The session ended: the client has said so and is leaving the screen.
      if (error instanceof ApiError && error.status === 401) return;
    }
    await backups.refetch();
  };
  return { backups, onStart, starting: start.isPending };
}

function Loading({ isDesktop }: { isDesktop: boolean }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="در حال بارگذاری پشتیبان‌ها">
      <Skeleton h={isDesktop ? 96 : 200} radius="lg" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={isDesktop ? 52 : 180} radius="md" />
      ))}
    </Stack>
  );
}

/** The running backup's progress, above the list. */
function Running({ run }: { run: BackupRun }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="پشتیبان‌گیری در حال انجام">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          در حال پشتیبان‌گیری ({run.trigger === 'manual' ? 'دستی' : 'زمان‌بندی‌شده'})
        </Text>
        <RunProgress progress={run.progress} />
      </Stack>
    </Paper>
  );
}

/** manage/backups: the backups, the schedule and the copies off the server, and a backup now (ADR 0053). */
export function BackupsPage() {
  const isDesktop = useIsDesktop();
  const { backups, onStart, starting } = useBackups();

  if (backups.isPending) return <Loading isDesktop={isDesktop} />;
  // A failed read again while polling keeps the list it had (the client has alerted).
  if (!backups.data) {
    return (
      <EmptyState
        title="فهرست پشتیبان‌ها بارگذاری نشد"
        description={backups.error?.message}
        icon={<IconShield size={28} />}
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={() => void backups.refetch()}>
            تلاش دوباره
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  const { runs, status } = backups.data;
  const running = runningRun(backups.data);
  const busy = Boolean(running || status.runningSince) || starting;
  return (
    <Stack maw={1200} mx="auto" gap="md" pb="xl">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={640}>
          هر پشتیبان همه داده‌ها و فایل‌های سامانه را در یک فایل روی سرور نگه می‌دارد.
        </Text>
        <Button loading={starting} disabled={busy} onClick={() => void onStart()}>
          پشتیبان‌گیری اکنون
        </Button>
      </Group>
      {running ? <Running run={running} /> : null}
      <BackupSummary status={status} />
      {runs.length === 0 ? (
        <EmptyState title="هنوز پشتیبانی گرفته نشده است" icon={<IconShield size={28} />} py="xl" />
      ) : (
        <BackupRuns runs={runs} isDesktop={isDesktop} />
      )}
    </Stack>
  );
}
