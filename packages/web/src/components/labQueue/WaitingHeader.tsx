import { Link } from 'react-router';
import { Button, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { Ltr } from '../ui/LtrText.tsx';
import { IconHourglass } from '../ui/icons.tsx';
import { href } from '../../lib/screens.ts';

/**
 * The waiting count and the way to the waiting list, as the home page and a lab user's queue show it.
 * `count` null after loading means the count could not be read.
 */
export function WaitingHeader({
  count,
  pending,
  testId,
  link = true,
}: {
  count: number | null;
  pending: boolean;
  testId: string;
  /** The way to the waiting list; not on the waiting list itself. */
  link?: boolean;
}) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconHourglass size={30} />
        </ThemeIcon>
        <div>
          <Text c="dimmed" size="sm">
            بسته‌های در انتظار تعیین عیار
          </Text>
          {pending ? (
            <Loader size="sm" mt={6} aria-label="در حال شمارش" />
          ) : (
            <Text fw={800} fz={34} lh={1.2} data-testid={testId}>
              {count === null ? '—' : <Ltr>{toPersianDigits(count)}</Ltr>}
            </Text>
          )}
        </div>
      </Group>
      {link ? (
        <Button component={Link} to={href('lab/list/search', { search: 'true' })} variant="light" size="md">
          {count === 0 ? 'مشاهده لیست' : 'ثبت عیار'}
        </Button>
      ) : null}
    </Group>
  );
}
