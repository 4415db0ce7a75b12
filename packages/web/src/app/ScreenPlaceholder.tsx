import { useLocation } from 'react-router';
import { ComingSoon } from '../components/ui/ComingSoon.tsx';
import { findScreen } from './screens.ts';

/** «به زودی» with the current screen's Persian title, inside the real shell. */
export function ScreenPlaceholder({ description }: { description?: string }) {
  const { pathname } = useLocation();
  return <ComingSoon title={findScreen(pathname)?.title ?? 'عیار'} description={description} />;
}
