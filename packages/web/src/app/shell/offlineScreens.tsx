import { lazy } from 'react';
import { useParams } from 'react-router';

// The offline counter's two screens (ADR 0033) behind one small lazy module: the router, which is in
// the landing page's download, names this one import instead of two with their long preload lists.

const QueuePage = lazy(() =>
  import('../../features/offline/QueuePage.tsx').then((m) => ({ default: m.QueuePage })),
);
const QueuedSlipPage = lazy(() =>
  import('./QueuedSlipPage.tsx').then((m) => ({ default: m.QueuedSlipPage })),
);

/**
 * lab/queue «صف ارسال» in the shell, or lab/slip/queued/:key, a queued packet's slip, outside it: of the
 * two screens (lib/screens.ts) only the slip has a param.
 */
export function OfflineScreen() {
  const { key } = useParams();
  return key === undefined ? <QueuePage /> : <QueuedSlipPage />;
}
