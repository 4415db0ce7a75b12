import { useState } from 'react';
import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_PAGE_SIZE } from '@ayar/contract';
import { ExportButton } from '../../../components/ui/ExportButton.tsx';
import { Paginator } from '../../../components/ui/Paginator.tsx';
import { IconSearch } from '../../../components/ui/icons.tsx';
import { customerQueries, useDeleteCustomer } from '../api.ts';
import { CustomersTable } from './CustomersTable.tsx';

/** Search, the table and the pages of the workshop's customers (200 a page, docs/product.md §6.5). */
export function CustomerListBlock({ title, action }: { title: string; action?: ReactNode }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { pageSize: CUSTOMER_PAGE_SIZE.workshop, pageNumber: page, name: debounced };
  const customers = useQuery(customerQueries.list(query));
  const remove = useDeleteCustomer();
  const data = customers.data;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm">
          <ExportButton name="customers" filters={{ name: debounced }} />
          {action}
        </Group>
      </Group>
      <TextInput
        aria-label="جستجوی مشتری"
        placeholder="جستجو با نام، کد یا موبایل"
        leftSection={<IconSearch size={18} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {customers.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : !data || data.list.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">
            {debounced ? 'مشتری‌ای با این مشخصات پیدا نشد.' : 'هنوز مشتری‌ای ثبت نکرده‌اید.'}
          </Text>
        </Paper>
      ) : (
        <>
          <CustomersTable
            rows={data.list}
            onDelete={(row) => void remove.run(row)}
            deleting={remove.isPending}
          />
          <Paginator page={page} pageSize={data.pageSize} total={data.totalCount} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
