import { ActionIcon, Paper, Table, Text } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconTrash } from '../../../components/ui/icons.tsx';
import type { PendingPacket } from '../pending.ts';

export interface PendingTableProps {
  rows: PendingPacket[];
  onDelete: (docNumber: number) => void;
  /** «شماره بسته» or «شماره انگ». */
  numberLabel: string;
}

/**
 * The packets saved with «ذخیره و ادامه», waiting for «ثبت» (docs/product.md §2.9): name, number, purity,
 * title.
 */
export function PendingTable({ rows, onDelete, numberLabel }: PendingTableProps) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing={6} horizontalSpacing="sm" aria-label="بسته‌های آماده ثبت">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>نام</Table.Th>
            <Table.Th>{numberLabel}</Table.Th>
            <Table.Th>عیار</Table.Th>
            <Table.Th>عنوان</Table.Th>
            <Table.Th w={48} aria-label="حذف" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.draft.docNumber}>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {row.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Ltr>{toPersianDigits(row.draft.docNumber)}</Ltr>
              </Table.Td>
              <Table.Td>
                {row.draft.cutting === null ? (
                  <Text size="sm" c="dimmed" span>
                    در انتظار
                  </Text>
                ) : (
                  <Ltr>{toPersianDigits(row.draft.cutting)}</Ltr>
                )}
              </Table.Td>
              <Table.Td>{row.titleName}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`حذف ${toPersianDigits(row.draft.docNumber)} از لیست`}
                  onClick={() => onDelete(row.draft.docNumber)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
