import '@fontsource/vazirmatn/arabic-400.css';
import '@fontsource/vazirmatn/arabic-500.css';
import '@fontsource/vazirmatn/arabic-700.css';
import '@fontsource/vazirmatn/latin-400.css';
import '@fontsource/vazirmatn/latin-500.css';
import '@fontsource/vazirmatn/latin-700.css';
import '@mantine/core/styles.css';
import './global.css';

import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { ConfirmHost } from '../components/ui/confirm.tsx';
import { OfflineStart } from '../features/offline/persist/OfflineStart.tsx';
import { AlertHost } from './AlertHost.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Right to left, Vazirmatn, gold theme and alerts. TanStack Query comes with the lazily loaded screens
 * (app/preloadable.tsx, lib/query-boundary.tsx), not with the landing page; so does a signed-in
 * workshop's offline cache, restored before its first screen renders (OfflineStart).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <AlertHost />
        <ConfirmHost />
        <OfflineStart>{children}</OfflineStart>
      </MantineProvider>
    </DirectionProvider>
  );
}
