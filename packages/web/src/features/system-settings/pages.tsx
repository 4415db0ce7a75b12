import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function SystemSettingsPage() {
  return <ScreenPlaceholder />;
}
