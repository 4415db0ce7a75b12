import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { IconFlask, IconHash, IconHourglass, IconUsers } from '../../../components/ui/icons.tsx';
import { useWaitingCount } from '../../../lib/queries/packets.ts';
import { mayOpen, useRoles } from '../../../lib/roles.ts';
import { href } from '../../../lib/screens.ts';
import type { ScreenId } from '../../../lib/screens.ts';

interface Tile {
  /** The screen it opens: a lab's person sees only the tiles of their screens (ADR 0049). */
  screen: ScreenId;
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
    label: 'ثبت بسته',
    hint: 'بسته‌های تازه مشتریان',
    screen: 'lab/add',
    to: href('lab/add'),
    icon: IconFlask,
    color: 'gold',
  },
  {
    label: 'در انتظار عیار',
    hint: 'ثبت عیار بسته‌های ثبت شده',
    screen: 'lab/list/search',
    to: href('lab/list/search', { search: 'true' }),
    icon: IconHourglass,
    color: 'orange',
    waiting: true,
  },
  {
    label: 'لیست مشتریان',
    hint: 'مشتریان آزمایشگاه',
    screen: 'customer/list',
    to: href('customer/list'),
    icon: IconUsers,
    color: 'ink',
  },
  {
    label: 'خرید شماره بسته',
    hint: 'خرید بازه شماره',
    screen: 'code/add',
    to: href('code/add'),
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

/** The tiles of a workshop's dashboard and home page, the waiting one with its count. */
export function WorkshopTiles() {
  const waiting = useWaitingCount();
  const roles = useRoles();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {TILES.filter((tile) => mayOpen(tile.screen, roles)).map((tile) => (
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
