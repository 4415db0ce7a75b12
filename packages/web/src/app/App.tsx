import { BrowserRouter } from 'react-router';
import { Providers } from './Providers.tsx';
import { AppRoutes } from './router.tsx';
import { PleaseWait } from '../components/ui/PleaseWait.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';

export function App() {
  return (
    <BrowserRouter>
      <Providers>
        <AppRoutes />
        <PleaseWait />
        <InstallPrompt />
      </Providers>
    </BrowserRouter>
  );
}
