import { Link, useNavigate, useParams } from 'react-router';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { href } from '../../lib/screens.ts';
import { CUSTOMERS_KEY, customerQueries } from './api.ts';
import { CustomerForm } from './components/CustomerForm.tsx';

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
              void navigate(href('customer/list'));
            }}
          />
        ) : customer.isError ? (
          <Stack align="center" py="lg">
            <Text c="dimmed">این مشتری پیدا نشد.</Text>
            <Button component={Link} to={href('customer/list')} variant="light">
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
