import { Badge, Group, Stack, Text } from '@mantine/core';
import type { LabListRow } from '@ayar/contract';

type Marked = Pick<LabListRow, 'waitFor' | 'forDelete' | 'deleteDecline'>;

/** The marks on a lab list row: waiting for purity, deletion asked, or the admin's «no» to that. */
export function PacketBadges({ row }: { row: Marked }) {
  return (
    <>
      {row.waitFor ? (
        <Badge size="sm" color="orange" variant="light">
          در انتظار عیار
        </Badge>
      ) : null}
      {row.forDelete ? (
        <Badge size="sm" color="red" variant="light">
          درخواست حذف
        </Badge>
      ) : null}
      {!row.forDelete && row.deleteDecline ? (
        <Badge size="sm" color="gray" variant="outline">
          حذف رد شد
        </Badge>
      ) : null}
    </>
  );
}

/**
 * Why the admin declined the lab's delete request (ADR 0025), on the row itself: two lines at most
 * here, the whole text on lab/edit, which the row opens.
 */
export function DeclineReason({ row, maw }: { row: Marked; maw?: number }) {
  if (row.forDelete || !row.deleteDecline) return null;
  return (
    <Text size="xs" c="gray.8" lineClamp={2} maw={maw} data-testid="decline-reason">
      <Text span inherit fw={700}>
        دلیل رد درخواست حذف:
      </Text>{' '}
      {row.deleteDecline.reason}
    </Text>
  );
}

/** A table cell's marks: the badges on one line, the decline's reason under them. */
export function PacketMarks({ row }: { row: Marked }) {
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <PacketBadges row={row} />
      </Group>
      <DeclineReason row={row} maw={260} />
    </Stack>
  );
}
