import { Link } from 'react-router';
import { ActionIcon, Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { UI, toPersianDigits } from '@ayar/contract';
import type { CustomerRow } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconTrash } from '../../../components/ui/icons.tsx';
import { SEP } from '../../../lib/format.ts';
import { href } from '../../../lib/screens.ts';

export interface CustomersTableProps {
  rows: CustomerRow[];
  onDelete: (row: CustomerRow) => void;
  deleting?: boolean;
}

const digits = (value: string | null) => (value ? <Ltr>{toPersianDigits(value)}</Ltr> : '—');

/** The workshop's customers: a table on a desktop, cards on a phone; the name opens the edit screen. */
export function CustomersTable({ rows, onDelete, deleting }: CustomersTableProps) {
  const isDesktop = useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? false;
  const del = (row: CustomerRow) => (
    <ActionIcon
      variant="subtle"
      color="red"
      disabled={deleting}
      onClick={() => onDelete(row)}
      aria-label={`حذف ${row.customerName}`}
    >
      <IconTrash size={20} />
    </ActionIcon>
  );
  const name = (row: CustomerRow) => (
    <Anchor component={Link} to={href('customer/edit', { id: row.customerId })} fw={600}>
      {row.customerName}
    </Anchor>
  );

  if (!isDesktop) {
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Paper key={row.customerId} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                {name(row)}
                <Text size="sm" c="dimmed">
                  کد {digits(String(row.customerCode))}
                  {SEP}
                  {digits(row.customerMobile)}
                  {row.customerPhone ? (
                    <>
                      {SEP}
                      {digits(row.customerPhone)}
                    </>
                  ) : null}
                </Text>
              </Stack>
              {del(row)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>کد</Table.Th>
            <Table.Th>نام مشتری</Table.Th>
            <Table.Th>موبایل</Table.Th>
            <Table.Th>تلفن</Table.Th>
            <Table.Th w={60} aria-label="عملیات" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.customerId}>
              <Table.Td>{digits(String(row.customerCode))}</Table.Td>
              <Table.Td>{name(row)}</Table.Td>
              <Table.Td>{digits(row.customerMobile)}</Table.Td>
              <Table.Td>{digits(row.customerPhone)}</Table.Td>
              <Table.Td>{del(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
