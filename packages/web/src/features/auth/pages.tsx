import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function ProfilePage() {
  return <ScreenPlaceholder />;
}
