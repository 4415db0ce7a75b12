import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import type { CustomerRow } from '@ayar/contract';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { alertSuccess } from '../../lib/alert.ts';
import { CUSTOMERS_KEY } from '../../lib/queries/customers.ts';
import { apiQuery, useApiMutation } from '../../lib/query.ts';

// The root key is shared with the customer search (lib/queries), so a saved customer refreshes both.
export { CUSTOMERS_KEY };

export const customerQueries = {
  /** The workshop's customers, a page at a time, filtered by name, code or mobile. */
  list: (query: { pageSize: number; pageNumber: number; name: string }) =>
    apiQuery([...CUSTOMERS_KEY, 'all'], ROUTES.customer.allCustomers, { query }),
  /** One of the workshop's customers, for its edit screen. */
  one: (id: string) =>
    apiQuery([...CUSTOMERS_KEY, 'one', id], ROUTES.customer.getCustomer, {
      query: { customerId: id },
    }),
  /** Every workshop's customers for the admin, filtered by workshop and name. */
  manageList: (query: { pageSize: number; pageNumber: number; user: string | undefined; name: string }) =>
    apiQuery([...CUSTOMERS_KEY, 'manage'], ROUTES.manage.allCustomers, { query }),
  /** A customer's card for the admin: its lab, mobiles, fee and history. */
  manageOne: (id: string) =>
    apiQuery([...CUSTOMERS_KEY, 'manage', 'one', id], ROUTES.manage.getCustomer, {
      query: { customerId: id },
    }),
};

/** Saves the customer form: the lab's own (add or edit), or the admin's edit of a lab's customer. */
export const useSaveCustomer = (admin: boolean) =>
  useApiMutation(admin ? ROUTES.manage.editCustomer : ROUTES.customer.addCustomer);

/** The admin's delete of any workshop's customer. */
export const useManageDeleteCustomer = () => useApiMutation(ROUTES.manage.deleteCustomer);

/** The question every customer delete asks (docs/product.md §2.14). */
export const deleteQuestion = (name: string) => `آیا از حذف ${name} اطمینان دارید؟`;

/** Deletes one of the workshop's customers after asking; refreshes every customer list. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation(ROUTES.customer.delete);
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
