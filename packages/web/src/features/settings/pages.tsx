import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function UserSettingsPage() {
  return <ScreenPlaceholder />;
}
