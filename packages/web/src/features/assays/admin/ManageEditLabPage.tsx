import { ScreenPlaceholder } from '../../../app/ScreenPlaceholder.tsx';

export function ManageEditLabPage() {
  return <ScreenPlaceholder />;
}
