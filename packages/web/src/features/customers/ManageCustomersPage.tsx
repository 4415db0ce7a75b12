import { useState } from 'react';
import { ActionIcon, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_PAGE_SIZE, ROUTES, toPersianDigits } from '@ayar/contract';
import type { DeleteCustomerRequest, ManageCustomerRow, Paged } from '@ayar/contract';
import { ListCard, ListTable, OpenItem, clickableRow } from '../../components/ui/ListTable.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../components/ui/confirmThenRun.ts';
import { IconSearch, IconTrash } from '../../components/ui/icons.tsx';
import { useApiMutation, useApiQuery } from '../../lib/query.ts';
import { UserAutocomplete } from '../workshops/components/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../workshops/components/UserAutocomplete.tsx';
import { CUSTOMERS_KEY, deleteQuestion } from './api.ts';
import { ManageCustomerCard } from './components/ManageCustomerCard.tsx';

const KEY = [...CUSTOMERS_KEY, 'manage'] as const;
const digits = (value: string | number | null) =>
  value === null || value === '' ? '—' : <Ltr>{toPersianDigits(value)}</Ltr>;

/**
 * manage/customers (SPEC.md 2.14): every workshop's customers, 50 a page, filtered by workshop and
 * name. A row opens the customer's card (its lab, mobiles, fee and history) with delete and edit (ADR
 * 0025): the workshop editor that SPEC.md's manage/edit-user/{id} names is for workshops, not customers.
 */
export function ManageCustomersPage() {
  const queryClient = useQueryClient();
  const [workshop, setWorkshop] = useState<UserAutocompleteValue | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const customers = useApiQuery<Paged<ManageCustomerRow>>(KEY, ROUTES.manage.allCustomers, {
    query: { pageSize: CUSTOMER_PAGE_SIZE.admin, pageNumber: page, user: workshop?.id, name: debounced },
  });
  const del = useApiMutation<null, DeleteCustomerRequest>(ROUTES.manage.deleteCustomer);

  const remove = async (row: { id: string; name: string }) => {
    const outcome = await confirmThenRun(
      { title: 'حذف مشتری', message: deleteQuestion(row.name), confirmLabel: 'حذف', danger: true },
      () => del.mutateAsync({ id: row.id }),
    );
    if (outcome === 'cancelled') return;
    if (outcome === 'done') setOpenId(null);
    await queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
  };

  const list = customers.data?.list ?? [];
  /** The customer's name is the button that opens their card; a click elsewhere on the row (not on delete) as well. */
  const openRow = (row: ManageCustomerRow) => clickableRow(() => setOpenId(row.id));
  const name = (row: ManageCustomerRow) => (
    <OpenItem label={`مشخصات ${row.name}`} onOpen={() => setOpenId(row.id)}>
      {row.name}
    </OpenItem>
  );
  const deleteButton = (row: ManageCustomerRow) => (
    <ActionIcon
      variant="subtle"
      color="red"
      disabled={del.isPending}
      aria-label={`حذف ${row.name}`}
      onClick={() => void remove(row)}
    >
      <IconTrash size={20} />
    </ActionIcon>
  );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <UserAutocomplete
            label="آزمایشگاه"
            value={workshop}
            placeholder="همه آزمایشگاه‌ها"
            onChange={(value) => {
              setWorkshop(value);
              setPage(1);
            }}
          />
          <TextInput
            label="جستجوی مشتری"
            placeholder="نام، کد یا موبایل"
            leftSection={<IconSearch size={18} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </SimpleGrid>
      </Paper>

      <ListTable
        rows={list}
        loading={customers.isPending}
        skeleton={<Skeleton height={200} radius="md" />}
        empty="مشتری‌ای پیدا نشد."
        label="مشتریان"
        head={
          <>
            <Table.Th>نام</Table.Th>
            <Table.Th>آزمایشگاه</Table.Th>
            <Table.Th>کد</Table.Th>
            <Table.Th>موبایل</Table.Th>
            <Table.Th>تلفن</Table.Th>
            <Table.Th w={70}>عملیات</Table.Th>
          </>
        }
        row={(row) => (
          <Table.Tr {...openRow(row)}>
            <Table.Td fw={600}>{name(row)}</Table.Td>
            <Table.Td>{row.lab}</Table.Td>
            <Table.Td>{digits(row.code)}</Table.Td>
            <Table.Td>{digits(row.mobile)}</Table.Td>
            <Table.Td>{digits(row.phone)}</Table.Td>
            <Table.Td>{deleteButton(row)}</Table.Td>
          </Table.Tr>
        )}
        card={(row) => (
          <ListCard {...openRow(row)}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{name(row)}</Text>
                <Text size="sm" c="dimmed">
                  {row.lab} · کد {digits(row.code)}
                </Text>
                <Text size="sm" c="dimmed">
                  {digits(row.mobile)}
                  {row.phone ? <> · {digits(row.phone)}</> : null}
                </Text>
              </Stack>
              {deleteButton(row)}
            </Group>
          </ListCard>
        )}
        paging={
          customers.data && list.length > 0
            ? {
                page,
                pageSize: customers.data.pageSize,
                total: customers.data.totalCount,
                onChange: setPage,
              }
            : null
        }
      />

      <ManageCustomerCard
        id={openId}
        onClose={() => setOpenId(null)}
        onDelete={(c) => void remove(c)}
        deleting={del.isPending}
      />
    </Stack>
  );
}
