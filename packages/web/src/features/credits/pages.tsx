import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function CreditAddPage() {
  return <ScreenPlaceholder />;
}

export function ManageCreditsPage() {
  return <ScreenPlaceholder />;
}
