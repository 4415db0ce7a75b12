import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { WaitingHeader } from './WaitingHeader.tsx';
import { ROUTES, toPersianDigits } from '@ayar/contract';
import { accountQueries } from '../../lib/queries/account.ts';
import { useCan } from '../../lib/roles.ts';
import { packetQueries } from '../../lib/queries/packets.ts';
import { useAlertSound } from './useAlertSound.ts';

export { LAB_QUEUE_POLL_MS } from '../../lib/queries/packets.ts';

/** The waiting count, read again every 30 s without the «please wait» overlay (a bench screen stays open). */
function usePolledWaitingCount(): number | null {
  const query = useQuery(packetQueries.polledWaitingCount());
  return query.data?.totalCount ?? null;
}

function Queue({ alertSound, onList }: { alertSound: string | null; onList: boolean }) {
  const count = usePolledWaitingCount();
  const sound = useAlertSound(alertSound);
  const [arrived, setArrived] = useState(0);
  const previous = useRef<number | null>(null);
  const { play } = sound;

  // A count that rises means a new packet waits for the bench: say so, and sound the lab's alert.
  useEffect(() => {
    if (count === null) return;
    const before = previous.current;
    previous.current = count;
    if (before === null || count <= before) return;
    setArrived((n) => n + (count - before));
    void play();
  }, [count, play]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-label="صف آزمایشگاه" component="section">
      <WaitingHeader count={count} pending={count === null} testId="lab-queue-count" link={!onList} />
      <Stack gap="xs" mt="sm">
        {arrived > 0 ? (
          <Alert color="orange" variant="light" role="status" p="xs">
            {toPersianDigits(arrived)} بسته تازه از زمان باز شدن این صفحه در انتظار عیار است.
          </Alert>
        ) : null}
        {sound.state === 'blocked' ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              مرورگر پیش از لمس صفحه صدا پخش نمی‌کند.
            </Text>
            <Button size="xs" variant="light" onClick={() => void play()}>
              فعال‌سازی صدای هشدار
            </Button>
          </Group>
        ) : sound.state === 'ready' ? (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              با رسیدن بسته تازه، صدای هشدار آزمایشگاه پخش می‌شود.
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void play()}>
              آزمایش صدا
            </Button>
          </Group>
        ) : sound.state === 'failed' ? (
          <Text size="sm" c="dimmed">
            صدای هشدار بارگیری نشد.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A lab user's bench (ADR 0027, docs/product.md §2.6): for a workshop the administrator marked «کاربر
 * آزمایشگاه است؟», the count of packets waiting for their purity, kept current, with the workshop's audio
 * as the alert when a new one arrives. Nothing for other workshops, nor for a lab's person who records no
 * purity (ADR 0049: the bench is the assayer's and the owner's). The dashboard shows it, and the waiting
 * list (`onList`, without the link to itself) for the assayer, who has no dashboard (ADR 0050).
 */
export function LabQueue({ onList = false }: { onList?: boolean }) {
  const bench = useCan(ROUTES.tests.addCutting.roles);
  const profile = useQuery({ ...accountQueries.profile({ silent: true }), enabled: bench });
  if (!bench || !profile.data?.isLabOwner) return null;
  return <Queue alertSound={profile.data.alertSound} onList={onList} />;
}
