import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import type { CustomerRow, DeleteCustomerRequest } from '@ayar/contract';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { useApiMutation } from '../../lib/query.ts';

/** Every cached customer query starts with this key. */
export const CUSTOMERS_KEY = ['customers'] as const;

/** The question every customer delete asks (SPEC.md 2.14). */
export const deleteQuestion = (name: string) => `آیا از حذف ${name} اطمینان دارید؟`;

/** Deletes one of the workshop's customers after asking; refreshes every customer list. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation<null, DeleteCustomerRequest>(ROUTES.customer.delete);
  const run = async (row: Pick<CustomerRow, 'customerId' | 'customerName'>) => {
    const ok = await confirmAction({
      title: 'حذف مشتری',
      message: deleteQuestion(row.customerName),
      confirmLabel: 'حذف',
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await mutation.mutateAsync({ id: row.customerId });
      alertSuccess(result.message);
    } catch {
      // The API client has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
  };
  return { run, isPending: mutation.isPending };
}
