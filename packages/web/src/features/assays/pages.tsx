import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function LabAddPage() {
  return <ScreenPlaceholder />;
}

export function LabEditPage() {
  return <ScreenPlaceholder />;
}

export function LabListPage() {
  return <ScreenPlaceholder />;
}

export function ManageLabsPage() {
  return <ScreenPlaceholder />;
}

export function ManageLabsToDeletePage() {
  return <ScreenPlaceholder />;
}

export function ManageEditLabPage() {
  return <ScreenPlaceholder />;
}
