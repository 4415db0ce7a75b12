import { useState } from 'react';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { ActionIcon, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_PAGE_SIZE, toPersianDigits } from '@ayar/contract';
import type { ManageCustomerRow, Paged } from '@ayar/contract';
import { ListCard, ListTable, OpenItem, clickableRow } from '../../components/ui/ListTable.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { confirmThenRun } from '../../components/ui/confirmThenRun.ts';
import { IconSearch, IconTrash } from '../../components/ui/icons.tsx';
import { UserAutocomplete } from '../../components/search/UserAutocomplete.tsx';
import type { UserAutocompleteValue } from '../../components/search/UserAutocomplete.tsx';
import { CUSTOMERS_KEY, customerQueries, deleteQuestion, useManageDeleteCustomer } from './api.ts';
import { ManageCustomerCard } from './components/ManageCustomerCard.tsx';
import { SEP } from '../../lib/format.ts';

const digits = (value: string | number | null) =>
  value === null || value === '' ? '—' : <Ltr>{toPersianDigits(value)}</Ltr>;

/** The workshop and the name a search narrows the list to; a change goes back to the first page. */
function ManageCustomerFilters(props: {
  workshop: UserAutocompleteValue | null;
  onWorkshop: (value: UserAutocompleteValue | null) => void;
  search: string;
  onSearch: (value: string) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <UserAutocomplete
          label="آزمایشگاه"
          value={props.workshop}
          placeholder="همه آزمایشگاه‌ها"
          onChange={props.onWorkshop}
        />
        <TextInput
          label="جستجوی مشتری"
          placeholder="نام، کد یا موبایل"
          leftSection={<IconSearch size={18} />}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
        />
      </SimpleGrid>
    </Paper>
  );
}

function DeleteButton(props: { name: string; onDelete: () => void; disabled: boolean }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      disabled={props.disabled}
      aria-label={`حذف ${props.name}`}
      onClick={props.onDelete}
    >
      <IconTrash size={20} />
    </ActionIcon>
  );
}

/** The customers as a table on a desktop and cards on a phone; a row opens the customer's card. */
function ManageCustomersTable(props: {
  data: Paged<ManageCustomerRow> | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
  onDelete: (row: ManageCustomerRow) => void;
  deleting: boolean;
}) {
  const { data, onOpen } = props;
  const list = data?.list ?? [];
  /** The customer's name is the button that opens their card; a click elsewhere on the row (not on delete) as well. */
  const openRow = (row: ManageCustomerRow) => clickableRow(() => onOpen(row.id));
  const name = (row: ManageCustomerRow) => (
    <OpenItem label={`مشخصات ${row.name}`} onOpen={() => onOpen(row.id)}>
      {row.name}
    </OpenItem>
  );
  const deleteButton = (row: ManageCustomerRow) => (
    <DeleteButton name={row.name} onDelete={() => props.onDelete(row)} disabled={props.deleting} />
  );
  return (
    <ListTable
      rows={list}
      loading={props.loading}
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
                {row.lab}
                {SEP}کد {digits(row.code)}
              </Text>
              <Text size="sm" c="dimmed">
                {digits(row.mobile)}
                {row.phone ? (
                  <>
                    {SEP}
                    {digits(row.phone)}
                  </>
                ) : null}
              </Text>
            </Stack>
            {deleteButton(row)}
          </Group>
        </ListCard>
      )}
      paging={
        data && list.length > 0
          ? { page: props.page, pageSize: data.pageSize, total: data.totalCount, onChange: props.onPage }
          : null
      }
    />
  );
}

/**
 * manage/customers (docs/product.md §2.14): every workshop's customers, 50 a page, filtered by workshop and
 * name. A row opens the customer's card (its lab, mobiles, fee and history) with delete and edit (ADR
 * 0025): the workshop editor at manage/edit-user/{id} (docs/product.md §2.14) is for workshops, not
 * customers.
 */
export function ManageCustomersPage() {
  const queryClient = useQueryClient();
  const [workshop, setWorkshop] = useState<UserAutocompleteValue | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = { pageSize: CUSTOMER_PAGE_SIZE.admin, pageNumber: page, user: workshop?.id, name: debounced };
  const customers = useQuery(customerQueries.manageList(query));
  const del = useManageDeleteCustomer();

  const remove = async (row: { id: string; name: string }) => {
    const outcome = await confirmThenRun(
      { title: 'حذف مشتری', message: deleteQuestion(row.name), confirmLabel: 'حذف', danger: true },
      () => del.mutateAsync({ id: row.id }),
    );
    if (outcome === 'cancelled') return;
    if (outcome === 'done') setOpenId(null);
    await queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
  };

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <ManageCustomerFilters
        workshop={workshop}
        onWorkshop={(value) => {
          setWorkshop(value);
          setPage(1);
        }}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <Group justify="flex-end">
        <ExportButton name="manageCustomers" filters={{ user: workshop?.id, name: debounced }} />
      </Group>
      <ManageCustomersTable
        data={customers.data}
        loading={customers.isPending}
        page={page}
        onPage={setPage}
        onOpen={setOpenId}
        onDelete={(row) => void remove(row)}
        deleting={del.isPending}
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
