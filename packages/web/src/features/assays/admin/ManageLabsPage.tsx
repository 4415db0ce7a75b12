import { ScreenPlaceholder } from '../../../app/ScreenPlaceholder.tsx';

export function ManageLabsPage() {
  return <ScreenPlaceholder />;
}
