import { API_PREFIX, MSG, checkConnectionWithCode, isEnvelope } from '@ayar/contract';
import type { Envelope, FieldError } from '@ayar/contract';
import { alertError } from './alert.ts';
import { clearLogin, getAuthHeader } from './auth.ts';
import { beginRequest, endRequest } from './loading.ts';

export interface ApiRoute {
  method: 'GET' | 'POST';
  path: string;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  /** JSON body (POST). */
  body?: unknown;
  /** Query string parameters; null/undefined/'' are left out. */
  query?: Record<string, QueryValue>;
  /** Do not show the error alert (the caller shows its own). */
  silent?: boolean;
  /** Do not count towards the «لطفاً صبر کنید...» overlay (background refreshes). */
  background?: boolean;
  signal?: AbortSignal;
}

/** A failed call. `message` is what the user was shown (or would have been, when silent). */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope<unknown> | null;
  constructor(message: string, status: number, envelope: Envelope<unknown> | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }

  get fieldErrors(): FieldError[] {
    return this.envelope?.errors ?? [];
  }
}

type UnauthorizedHandler = () => void;

function defaultUnauthorized(): void {
  if (window.location.pathname !== '/') window.location.assign('/');
}

let onUnauthorized: UnauthorizedHandler = defaultUnauthorized;

/** The app registers the router's navigate here, so a 401 goes to '/' without a page reload. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler ?? defaultUnauthorized;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function connectionMessage(status: number): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return MSG.offline;
  if (status === 0) return MSG.checkConnection;
  return checkConnectionWithCode(status);
}

/**
 * Calls `/api/v1.0` and applies the error catalogue of SPEC.md 8:
 * - envelope with successful=true → resolves with the envelope (the caller decides whether to show `message`);
 * - envelope with successful=false → the server's message as an error alert, rejects with ApiError;
 * - an empty or null body → «عملیات با خطا مواجه شد»;
 * - no envelope (network failure, non-JSON): offline → «اتصال اینترنت قطع است.», status 0 →
 *   «لطفاً اتصال اینترنت خود را بررسی کنید.», otherwise that text with «(کد: status)»;
 * - HTTP 401 → the stored login is cleared and the app goes to '/'.
 */
export async function apiCall<T>(route: ApiRoute, options: ApiOptions = {}): Promise<Envelope<T>> {
  const { body, query, silent = false, background = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const auth = getAuthHeader();
  if (auth) headers.Authorization = auth;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const fail = (message: string, status: number, envelope: Envelope<unknown> | null): never => {
    if (!silent) alertError(message);
    throw new ApiError(message, status, envelope);
  };

  if (!background) beginRequest();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(route.path, query), {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      return fail(connectionMessage(0), 0, null);
    }

    if (response.status === 401) {
      clearLogin();
      onUnauthorized();
    }

    let text = '';
    try {
      text = await response.text();
    } catch {
      return fail(connectionMessage(response.status), response.status, null);
    }

    let payload: unknown = undefined;
    if (text.trim() !== '') {
      try {
        payload = JSON.parse(text);
      } catch {
        return fail(connectionMessage(response.status), response.status, null);
      }
    }

    if (isEnvelope(payload)) {
      if (payload.successful) return payload as Envelope<T>;
      return fail(payload.message || MSG.failed, response.status, payload);
    }
    if (response.ok && (payload === undefined || payload === null)) {
      return fail(MSG.failed, response.status, null);
    }
    return fail(connectionMessage(response.status), response.status, null);
  } finally {
    if (!background) endRequest();
  }
}

/** Like `apiCall`, resolving with `data` only. */
export async function apiRequest<T>(route: ApiRoute, options: ApiOptions = {}): Promise<T> {
  const envelope = await apiCall<T>(route, options);
  return envelope.data;
}
