import { Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { FOCUSABLE_SCROLL } from '../../../components/ui/tableScroll.ts';
import { useStatisticsDetail } from '../api.ts';
import { formatCount } from '../format.ts';
import { UsageGauge } from './UsageGauge.tsx';

export interface CodeUsageModalProps {
  /** The workshop whose ranges are shown; null closes the modal. */
  workshop: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * The row menu's modal (docs/product.md §2.7): a lab's code ranges with date, from, to and how many were
 * used.
 */
export function CodeUsageModal({ workshop, onClose }: CodeUsageModalProps) {
  const detail = useStatisticsDetail(workshop?.id ?? null);
  const data = detail.data;
  return (
    <Modal
      opened={workshop !== null}
      onClose={onClose}
      size="lg"
      title={
        <Stack gap={0}>
          <Text fw={700}>{data?.labName ?? workshop?.name ?? ''}</Text>
          <Text size="sm" c="dimmed">
            {data ? data.address || 'نشانی ثبت نشده است' : ' '}
          </Text>
        </Stack>
      }
    >
      {detail.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={28} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : !data || data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          هنوز بازه شماره‌ای به این آزمایشگاه داده نشده است.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} {...FOCUSABLE_SCROLL}>
          <Table striped verticalSpacing="xs" aria-label="بازه‌های کد">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>تاریخ</Table.Th>
                <Table.Th>از شماره</Table.Th>
                <Table.Th>تا شماره</Table.Th>
                <Table.Th>مصرف شده</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Ltr>{toPersianDigits(item.createDatePer)}</Ltr>
                  </Table.Td>
                  <Table.Td>
                    <Ltr>{toPersianDigits(item.codeFrom)}</Ltr>
                  </Table.Td>
                  <Table.Td>
                    <Ltr>{toPersianDigits(item.codeTo)}</Ltr>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        <Ltr>{formatCount(item.countUseage)}</Ltr> از <Ltr>{formatCount(item.count)}</Ltr>
                      </Text>
                      <UsageGauge used={item.countUseage} total={item.count} w={110} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
