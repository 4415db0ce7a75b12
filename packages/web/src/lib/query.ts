import { QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import type { QueryKey, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Envelope } from '@ayar/contract';
import { apiCall, apiRequest } from './api.ts';
import type { ApiError, ApiOptions, ApiRoute, QueryValue } from './api.ts';

/** The API client already alerts on every failure, so queries do not retry or refetch behind the user's back. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** A GET (or POST-for-read) call as a TanStack query, through the API client. */
export function useApiQuery<T>(
  key: QueryKey,
  route: ApiRoute,
  options: { query?: Record<string, QueryValue>; body?: unknown; enabled?: boolean; silent?: boolean } = {},
): UseQueryResult<T, ApiError> {
  const { query, body, enabled = true, silent } = options;
  return useQuery<T, ApiError>({
    queryKey: [...key, query ?? null, body ?? null],
    queryFn: ({ signal }) => apiRequest<T>(route, { query, body, silent, signal }),
    enabled,
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
