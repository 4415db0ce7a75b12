import { BrowserRouter } from 'react-router';
import { Providers } from './Providers.tsx';
import { AppRoutes } from './router.tsx';
import { PleaseWait } from '../components/ui/PleaseWait.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** Everything inside the router: the browser renders it in BrowserRouter, the build in StaticRouter. */
export function AppContent() {
  return (
    <Providers>
      <AppRoutes />
      <PleaseWait />
      <InstallPrompt />
      <UpdatePrompt />
    </Providers>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
