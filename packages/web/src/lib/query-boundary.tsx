import { useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { sharedQueryClient } from './query.ts';

/**
 * Gives a lazily loaded screen TanStack Query. It arrives with the screens rather than with the public
 * landing page, which does without it (bench/web-size.ts). A client already above (the tests' own, per
 * test) is kept.
 */
export default function QueryBoundary({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [client] = useState(() => existing ?? sharedQueryClient());
  if (existing) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
