import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function ManageLabOwnersPage() {
  return <ScreenPlaceholder />;
}

export function ManageAddUserPage() {
  return <ScreenPlaceholder />;
}

export function ManageEditUserPage() {
  return <ScreenPlaceholder />;
}
