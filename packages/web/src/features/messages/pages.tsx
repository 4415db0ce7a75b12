import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function ManageMessagesPage() {
  return <ScreenPlaceholder />;
}
