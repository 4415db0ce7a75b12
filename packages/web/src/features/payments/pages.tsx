import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';

export function StorePage() {
  return <ScreenPlaceholder />;
}

export function PayAddPage() {
  return <ScreenPlaceholder />;
}
