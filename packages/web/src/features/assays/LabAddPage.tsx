import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function LabAddPage() {
  return <ScreenPlaceholder />;
}
