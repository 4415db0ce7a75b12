import { ScreenPlaceholder } from '../../../app/ScreenPlaceholder.tsx';

export function ManageLabsToDeletePage() {
  return <ScreenPlaceholder />;
}
