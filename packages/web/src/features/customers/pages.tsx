import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function CustomerAddPage() {
  return <ScreenPlaceholder />;
}

export function CustomerEditPage() {
  return <ScreenPlaceholder />;
}

export function CustomerListPage() {
  return <ScreenPlaceholder />;
}

export function ManageCustomersPage() {
  return <ScreenPlaceholder />;
}
