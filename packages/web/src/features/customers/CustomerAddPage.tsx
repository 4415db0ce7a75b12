import { Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CUSTOMERS_KEY } from './api.ts';
import { CustomerForm } from './components/CustomerForm.tsx';
import { CustomerListBlock } from './components/CustomerListBlock.tsx';

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
