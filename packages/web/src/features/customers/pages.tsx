import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CUSTOMER_PAGE_SIZE } from '@ayar/contract';
import { Paginator } from '../../components/ui/Paginator.tsx';
import { IconSearch, IconUserPlus } from '../../components/ui/icons.tsx';
import { CUSTOMERS_KEY, customerQueries, useDeleteCustomer } from './api.ts';
import { CustomerForm } from './components/CustomerForm.tsx';
import { CustomersTable } from './components/CustomersTable.tsx';

export { ManageCustomersPage } from './ManageCustomersPage.tsx';

/** Search, the table and the pages of the workshop's customers (200 a page, docs/product.md §6.5). */
function CustomerListBlock({ title, action }: { title: string; action?: ReactNode }) {
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
        {action}
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

/** customer/add (docs/product.md §2.12): the form, and below it the customers with a delete icon per row. */
export function CustomerAddPage() {
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <CustomerForm onSaved={() => void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY })} />
      </Paper>
      <CustomerListBlock title="مشتریان" />
    </Stack>
  );
}

/** customer/edit/:id (docs/product.md §2.12): saves and goes back to customer/list. */
export function CustomerEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useQuery(customerQueries.one(id));
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {customer.data ? (
          <CustomerForm
            key={customer.data.customerId}
            customer={customer.data}
            onSaved={() => {
              void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
              void navigate('/customer/list');
            }}
          />
        ) : customer.isError ? (
          <Stack align="center" py="lg">
            <Text c="dimmed">این مشتری پیدا نشد.</Text>
            <Button component={Link} to="/customer/list" variant="light">
              بازگشت به لیست مشتریان
            </Button>
          </Stack>
        ) : (
          <Skeleton height={360} radius="md" />
        )}
      </Paper>
    </Stack>
  );
}

/** customer/list (docs/product.md §2.12): paged 200 at a time, a search, and a link to add. */
export function CustomerListPage() {
  return (
    <Stack gap="md" maw={960} mx="auto">
      <CustomerListBlock
        title="مشتریان آزمایشگاه"
        action={
          <Button component={Link} to="/customer/add" leftSection={<IconUserPlus size={18} />}>
            ثبت مشتری جدید
          </Button>
        }
      />
    </Stack>
  );
}
