import { useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query.ts';

/** The app's one query cache, created when the first screen that needs it loads. */
let shared: ReturnType<typeof createQueryClient> | null = null;

/**
 * Gives a lazily loaded screen TanStack Query. It arrives with the screens rather than with the public
 * landing page, which does without it (bench/web-size.ts). A client already above (the tests' own, per
 * test) is kept.
 */
export default function QueryBoundary({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [client] = useState(() => existing ?? (shared ??= createQueryClient()));
  if (existing) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
