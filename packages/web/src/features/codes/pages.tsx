import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function CodeAddPage() {
  return <ScreenPlaceholder />;
}

export function ManageCodesPage() {
  return <ScreenPlaceholder />;
}
