import { AdminLabList } from './AdminLabList.tsx';

/** manage/labs (docs/product.md §2.14): every workshop's packets. */
export function ManageLabsPage() {
  return <AdminLabList justForDelete={false} />;
}
