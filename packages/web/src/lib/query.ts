import { MutationCache, QueryClient, onlineManager, queryOptions, useMutation } from '@tanstack/react-query';
import type { Query, QueryKey, UseMutationResult } from '@tanstack/react-query';
import type { BodyOf, Envelope, QueryOf, ResponseOf } from '@ayar/contract';
import { apiCall, apiRequest } from './api.ts';
import { getAuthSnapshot, subscribeAuth } from './auth.ts';
import type { ApiError, ApiOptions, ApiRoute } from './api.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `fresh`: money and counts, never shown from the cache without asking again (ADR 0026).
     * `staleByAge`: restored from the device, read again only once stale (persist/, ADR 0047).
     */
    queryMeta: { fresh?: boolean; staleByAge?: boolean };
  }
}

/** Queries marked `fresh`: balances, waiting counts, anything money (ADR 0026). */
export const isFreshQuery = (query: Query) => query.meta?.fresh === true;

/**
 * TanStack assumes a connection until the browser fires `offline`, so an app opened offline would send
 * every query, fail and alert. It starts from `navigator.onLine` instead: offline, queries wait
 * (showing what the cache has, ADR 0033) and run when the line returns.
 */
function followBrowserConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine);
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

/**
 * The API client already alerts on every failure, so queries do not retry or refetch behind the user's
 * back. A `fresh` query is read again whenever its screen is shown and after every successful change
 * anywhere in the app: a balance or a count someone else (or this screen) just changed is never
 * served from the cache (ADR 0026). A change asked for offline is sent at once rather than paused
 * until the line returns: it fails with «اتصال اینترنت قطع است.» instead of a button that spins
 * forever (the offline queue, features/offline, registers packets and purities itself).
 */
export function createQueryClient(): QueryClient {
  followBrowserConnection();
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false, networkMode: 'always' },
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

/** The app's one query cache, created when the first screen that needs it loads. */
let shared: QueryClient | null = null;

/**
 * The cache every screen shares (lib/query-boundary.tsx), also restored from and written to IndexedDB
 * for a signed-in workshop (features/offline/persist).
 */
export function sharedQueryClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    clearOnUserChange(shared);
  }
  return shared;
}

export interface ApiQueryParams<R extends ApiRoute> {
  /** The GET's query, as the route's schema takes it. */
  query?: QueryOf<R>;
  /** The body of a POST that reads (statistics), as the route's schema takes it. */
  body?: BodyOf<R>;
  silent?: boolean;
  /** Not counted towards the «لطفاً صبر کنید...» overlay (searches as one types, polling). */
  background?: boolean;
  /** Money and counts: never shown from the cache without asking again (ADR 0026). */
  fresh?: boolean;
}

/**
 * A GET (or POST-for-read) call as TanStack `queryOptions`, through the API client. Only a feature's
 * `api.ts` (or a shared module in `lib/queries/`) calls this: it owns the key and hands the whole
 * options to `useQuery`, `setQueryData` or `invalidateQueries`, so no screen spells a key.
 */
export function apiQuery<R extends ApiRoute>(key: QueryKey, route: R, params: ApiQueryParams<R> = {}) {
  const { query, body, silent, background, fresh = false } = params;
  return queryOptions<ResponseOf<R>, ApiError, ResponseOf<R>, QueryKey>({
    queryKey: [...key, query ?? null, body ?? null],
    queryFn: ({ signal }) => apiRequest(route, { query, body, silent, background, signal }),
    // Not kept once no screen shows it, so coming back never shows the old figure first.
    ...(fresh ? { meta: { fresh }, staleTime: 0, gcTime: 0, refetchOnWindowFocus: true } : {}),
  });
}

/**
 * A call as a TanStack mutation, its variables the route's body and its result the whole envelope (so
 * the screen can show `message`), both typed by the route.
 */
export function useApiMutation<R extends ApiRoute>(
  route: R,
  options: Omit<ApiOptions<R>, 'body' | 'signal'> = {},
): UseMutationResult<Envelope<ResponseOf<R>>, ApiError, BodyOf<R>> {
  return useMutation<Envelope<ResponseOf<R>>, ApiError, BodyOf<R>>({
    mutationFn: (variables) => apiCall(route, { ...options, body: variables }),
  });
}
