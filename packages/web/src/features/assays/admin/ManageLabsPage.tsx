import { AdminLabList } from './AdminLabList.tsx';

/** manage/labs (SPEC.md 2.14): every workshop's packets. */
export function ManageLabsPage() {
  return <AdminLabList justForDelete={false} />;
}
