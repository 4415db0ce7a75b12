import { lazy } from 'react';
import { useLocation } from 'react-router';

// The offline counter's two screens (issue 19) behind one small lazy module: the router, which is in
// the landing page's download, names this one import instead of two with their long preload lists.

const QueuePage = lazy(() =>
  import('../../features/offline/QueuePage.tsx').then((m) => ({ default: m.QueuePage })),
);
const QueuedSlipPage = lazy(() =>
  import('./QueuedSlipPage.tsx').then((m) => ({ default: m.QueuedSlipPage })),
);

/** lab/queue «صف ارسال» in the shell, or lab/slip/queued/:key, a queued packet's slip, outside it. */
export function OfflineScreen() {
  const { pathname } = useLocation();
  return pathname.startsWith('/lab/slip/queued/') ? <QueuedSlipPage /> : <QueuePage />;
}
