import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function LabEditPage() {
  return <ScreenPlaceholder />;
}
