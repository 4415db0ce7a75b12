import { AdminLabList } from './AdminLabList.tsx';

/** manage/labs-todelete (docs/product.md §2.14): «لیست درخواست‌های حذف بسته». */
export function ManageLabsToDeletePage() {
  return <AdminLabList justForDelete />;
}
