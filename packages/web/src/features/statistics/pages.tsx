import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { IconFlask, IconHash, IconHourglass, IconUsers } from '../../components/ui/icons.tsx';
import { useAuth } from '../../lib/auth.ts';
import { useWaitingCount } from '../../lib/queries/packets.ts';
import { AdminDashboard } from './components/AdminDashboard.tsx';
import { WorkshopStatistics } from './components/WorkshopStatistics.tsx';
import { LabQueue } from './lab/LabQueue.tsx';
import { WaitingHeader } from './components/WaitingHeader.tsx';

interface Tile {
  label: string;
  hint: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  /** Shows the waiting count as a badge. */
  waiting?: boolean;
}

/** The four tiles of a workshop's dashboard (docs/product.md §2.6). */
const TILES: readonly Tile[] = [
  {
    label: 'بسته جدید',
    hint: 'ثبت برگ ری',
    to: '/lab/add',
    icon: IconFlask,
    color: 'gold',
  },
  {
    label: 'در انتظار عیار',
    hint: 'ثبت عیار بسته‌های ثبت شده',
    to: '/lab/list/true',
    icon: IconHourglass,
    color: 'orange',
    waiting: true,
  },
  {
    label: 'لیست مشتریان',
    hint: 'مشتریان آزمایشگاه',
    to: '/customer/list',
    icon: IconUsers,
    color: 'ink',
  },
  {
    label: 'دریافت شماره بسته',
    hint: 'خرید بازه شماره',
    to: '/code/add',
    icon: IconHash,
    color: 'teal',
  },
];

function WaitingBadge({ count, pending }: { count: number | null; pending: boolean }) {
  if (pending) return <Loader size="xs" aria-label="در حال شمارش" />;
  if (count === null) return null;
  return (
    <Badge
      size="lg"
      circle={count < 100}
      color={count > 0 ? 'red' : 'gray'}
      aria-label={`${toPersianDigits(count)} بسته در انتظار عیار`}
      // Beside the tile's label on a phone's half-width tile: the label wraps, the count never shrinks.
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {toPersianDigits(count)}
    </Badge>
  );
}

function WorkshopTiles() {
  const waiting = useWaitingCount();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {TILES.map((tile) => (
        <Paper
          key={tile.to}
          component={Link}
          to={tile.to}
          withBorder
          radius="lg"
          p="md"
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <Stack gap="sm" align="center" ta="center" justify="center" mih={132}>
            <Group gap={6} justify="center" wrap="nowrap">
              <ThemeIcon size={52} radius="xl" variant="light" color={tile.color}>
                <tile.icon size={28} />
              </ThemeIcon>
            </Group>
            <div>
              <Group gap={6} justify="center" wrap="nowrap">
                <Text fw={700}>{tile.label}</Text>
                {tile.waiting ? <WaitingBadge count={waiting.count} pending={waiting.isPending} /> : null}
              </Group>
              <Text size="xs" c="dimmed" mt={2}>
                {tile.hint}
              </Text>
            </div>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * dashboard: admin statistics (docs/product.md §2.7) or the workshop tiles (§2.6). `adminNotice` is what
 * the app puts under the admin's heading (the backups' state, another feature's).
 */
export function DashboardPage({ adminNotice }: { adminNotice?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return <AdminDashboard notice={adminNotice} />;
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Title order={2} size="h4">
        {user?.userFname || 'دسترسی سریع'}
      </Title>
      <LabQueue />
      <WorkshopTiles />
      <WorkshopStatistics />
    </Stack>
  );
}

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
