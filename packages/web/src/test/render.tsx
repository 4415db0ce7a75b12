import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Providers } from '../app/Providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query.ts';

/** Renders a component with the app's providers, at a given route. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={createQueryClient()}>
        <Providers>{ui}</Providers>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** Renders the whole app (routes, guard, shell) at a route. */
export function renderApp(route = '/') {
  return renderWithProviders(<AppRoutes />, { route });
}
