import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function LabListPage() {
  return <ScreenPlaceholder />;
}
