import { lazy, Suspense } from 'react';
import { useSiteInfo } from '../../lib/siteInfo.ts';

// The support line and the seal only show once the site information has arrived (never in the
// prerendered markup), so their code need not be in the landing page's first download.
const load = () => import('./SiteContact.tsx');
const LazySupportLine = lazy(() => load().then((m) => ({ default: m.SupportLine })));
const LazyTrustSeal = lazy(() => load().then((m) => ({ default: m.TrustSeal })));

/** SiteContact's SupportLine, loaded when there is a phone to show. */
export function SupportLine() {
  const { supportPhone } = useSiteInfo();
  if (!supportPhone) return null;
  return (
    <Suspense fallback={null}>
      <LazySupportLine />
    </Suspense>
  );
}

/** SiteContact's TrustSeal, loaded when there is a seal to show. */
export function TrustSeal() {
  const { trustSealUrl, trustSealImage } = useSiteInfo();
  if (!trustSealUrl && !trustSealImage) return null;
  return (
    <Suspense fallback={null}>
      <LazyTrustSeal />
    </Suspense>
  );
}
