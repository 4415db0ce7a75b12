import { Paper, Stack, Text } from '@mantine/core';
import { useWaitingCount } from '../../lib/queries/packets.ts';
import { WaitingHeader } from '../../components/labQueue/WaitingHeader.tsx';
import { WorkshopStatistics } from './components/WorkshopStatistics.tsx';
import { WorkshopTiles } from './components/WorkshopTiles.tsx';

/**
 * home: the «صفحه اصلی» of a lab user: the waiting count (docs/product.md §2.6), the tiles and its
 * statistics.
 */
export function HomePage() {
  const waiting = useWaitingCount();
  const count = waiting.count;
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <WaitingHeader count={count} pending={waiting.isPending} testId="waiting-count" />
        {count === 0 ? (
          <Text size="sm" c="dimmed" mt="sm">
            همه بسته‌ها عیار دارند.
          </Text>
        ) : null}
      </Paper>
      <WorkshopTiles />
      <WorkshopStatistics />
    </Stack>
  );
}
