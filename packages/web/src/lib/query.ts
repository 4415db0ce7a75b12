import { MutationCache, QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import type { Query, QueryKey, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Envelope } from '@ayar/contract';
import { apiCall, apiRequest } from './api.ts';
import { getAuthSnapshot, subscribeAuth } from './auth.ts';
import type { ApiError, ApiOptions, ApiRoute, QueryValue } from './api.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { fresh?: boolean };
  }
}

/** Queries marked `fresh`: balances, waiting counts, anything money (ADR 0026). */
export const isFreshQuery = (query: Query) => query.meta?.fresh === true;

/**
 * The API client already alerts on every failure, so queries do not retry or refetch behind the user's
 * back. A `fresh` query is read again whenever its screen is shown and after every successful change
 * anywhere in the app: a balance or a count someone else (or this screen) just changed is never
 * served from the cache (ADR 0026).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ predicate: isFreshQuery }),
    }),
  });
  return client;
}

/**
 * Nothing one account read may be shown to the next: the cache is emptied whenever the signed-in
 * user changes (sign-in, sign-out, a 401, another tab), since the keys do not name the user.
 */
export function clearOnUserChange(client: QueryClient): () => void {
  let user = getAuthSnapshot().user?.userId ?? null;
  return subscribeAuth(() => {
    const next = getAuthSnapshot().user?.userId ?? null;
    if (next === user) return;
    user = next;
    client.clear();
  });
}

/** A GET (or POST-for-read) call as a TanStack query, through the API client. */
export function useApiQuery<T>(
  key: QueryKey,
  route: ApiRoute,
  options: {
    query?: Record<string, QueryValue>;
    body?: unknown;
    enabled?: boolean;
    silent?: boolean;
    /** Money and counts: never shown from the cache without asking again (ADR 0026). */
    fresh?: boolean;
  } = {},
): UseQueryResult<T, ApiError> {
  const { query, body, enabled = true, silent, fresh = false } = options;
  return useQuery<T, ApiError>({
    queryKey: [...key, query ?? null, body ?? null],
    queryFn: ({ signal }) => apiRequest<T>(route, { query, body, silent, signal }),
    enabled,
    // Not kept once no screen shows it, so coming back never shows the old figure first.
    ...(fresh ? { meta: { fresh }, staleTime: 0, gcTime: 0, refetchOnWindowFocus: true } : {}),
  });
}

/** A call as a TanStack mutation; resolves with the whole envelope so the screen can show `message`. */
export function useApiMutation<TData, TVariables = unknown>(
  route: ApiRoute,
  options: Omit<ApiOptions, 'body' | 'signal'> = {},
): UseMutationResult<Envelope<TData>, ApiError, TVariables> {
  return useMutation<Envelope<TData>, ApiError, TVariables>({
    mutationFn: (variables) => apiCall<TData>(route, { ...options, body: variables }),
  });
}
