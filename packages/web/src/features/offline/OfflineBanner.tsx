import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { toPersianDigits } from '@ayar/contract';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconAlertTriangle, IconClock } from '../../components/ui/icons.tsx';
import { useOnline, useQueueCounts } from './runtime.ts';
import { subscribeSync, syncProgress } from './sync.ts';
import { href } from '../../lib/screens.ts';

export const QUEUE_PATH = href('lab/queue');

const fa = (n: number) => toPersianDigits(n);

function Bar({ bg, c, children }: { bg: string; c: string; children: ReactNode }) {
  return (
    <Paper radius="md" px="md" py="xs" bg={bg} c={c}>
      {children}
    </Paper>
  );
}

/**
 * The shell's word on the queue (ADR 0033), for a workshop: offline, «آفلاین» and how many entries
 * wait; online with entries waiting, that they are being sent; refused entries, a way to the queue.
 * Nothing when the line is up and the queue empty. One polite live region, so a screen reader hears
 * each change without losing its place.
 */
export function OfflineBanner({ userId }: { userId: string }) {
  const online = useOnline();
  const { waiting, refused, reprints } = useQueueCounts(userId);
  const progress = useSyncExternalStore(subscribeSync, syncProgress, syncProgress);
  const sending = online && waiting > 0;
  const percent = progress.running && progress.total > 0 ? (progress.sent / progress.total) * 100 : 0;
  return (
    <Stack gap="xs" mb={!online || waiting + refused + reprints > 0 ? 'md' : 0} aria-live="polite">
      {!online ? (
        <Bar bg="var(--mantine-color-ink-9)" c="white">
          <Group gap="sm" wrap="wrap">
            <Text fw={700}>آفلاین</Text>
            <Text size="sm">
              {waiting > 0 ? (
                <Anchor component={Link} to={QUEUE_PATH} c="white" underline="always" size="sm">
                  <Ltr>{fa(waiting)}</Ltr> مورد در صف ارسال
                </Anchor>
              ) : (
                <>
                  <Ltr>{fa(0)}</Ltr> مورد در صف ارسال
                </>
              )}
            </Text>
            <Text size="sm">ثبت‌ها در این دستگاه می‌مانند و با وصل شدن اینترنت ارسال می‌شوند.</Text>
          </Group>
        </Bar>
      ) : null}
      {sending ? (
        <Bar bg="var(--mantine-color-blue-0)" c="var(--mantine-color-blue-9)">
          <Group gap="sm" wrap="nowrap">
            <IconClock size={18} />
            <Text size="sm" fw={600}>
              در حال ارسال <Ltr>{fa(waiting)}</Ltr> مورد…
            </Text>
          </Group>
          <Progress
            mt={6}
            size="sm"
            color="blue.7"
            value={progress.running ? Math.max(percent, 5) : 100}
            striped
            animated
            aria-label="پیشرفت ارسال صف"
          />
        </Bar>
      ) : null}
      {refused > 0 ? (
        <Bar bg="var(--mantine-color-red-0)" c="var(--mantine-color-red-9)">
          <Group gap="sm" wrap="wrap">
            <IconAlertTriangle size={18} />
            <Text size="sm" fw={600}>
              <Ltr>{fa(refused)}</Ltr> مورد را سرور نپذیرفت.
            </Text>
            <Anchor
              component={Link}
              to={QUEUE_PATH}
              c="var(--mantine-color-red-9)"
              underline="always"
              size="sm"
            >
              دلیل را ببینید و اصلاح کنید
            </Anchor>
          </Group>
        </Bar>
      ) : null}
      {reprints > 0 ? (
        <Bar bg="var(--mantine-color-orange-0)" c="var(--mantine-color-ink-9)">
          <Group gap="sm" wrap="wrap">
            <IconAlertTriangle size={18} />
            <Text size="sm" fw={600}>
              برگه <Ltr>{fa(reprints)}</Ltr> بسته باید دوباره چاپ شود: کد QR آن عوض شده است.
            </Text>
            <Anchor
              component={Link}
              to={QUEUE_PATH}
              c="var(--mantine-color-ink-9)"
              underline="always"
              size="sm"
            >
              برگه‌های تازه را چاپ کنید
            </Anchor>
          </Group>
        </Bar>
      ) : null}
    </Stack>
  );
}
