import { useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { clearOnUserChange, createQueryClient } from './query.ts';

/** The app's one query cache, created when the first screen that needs it loads. */
let shared: QueryClient | null = null;

function sharedClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    clearOnUserChange(shared);
  }
  return shared;
}

/**
 * Gives a lazily loaded screen TanStack Query. It arrives with the screens rather than with the public
 * landing page, which does without it (bench/web-size.ts). A client already above (the tests' own, per
 * test) is kept.
 */
export default function QueryBoundary({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [client] = useState(() => existing ?? sharedClient());
  if (existing) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
