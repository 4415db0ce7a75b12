import { API_PREFIX, MSG, ROUTE_PATHS, checkConnectionWithCode, isEnvelope } from '@ayar/contract';
import type { BodyOf, Envelope, FieldError, QueryOf, ROUTES, ResponseOf, RouteDef } from '@ayar/contract';
import { alertError } from './alert.ts';
import { clearLogin, getAuthHeader } from './auth.ts';
import { beginRequest, endRequest } from './loading.ts';

/**
 * A route of the contract's `ROUTES`: where it is, and the zod schemas that type what it takes
 * (`BodyOf`, `QueryOf`) and what its envelope's `data` is (`ResponseOf`). Every call is typed by its
 * route; no caller names a response type.
 */
export type ApiRoute = Pick<RouteDef, 'method' | 'path' | 'response'>;

export type QueryValue = string | number | boolean | null | undefined;

type Routes = typeof ROUTES;

/**
 * A route as the landing page calls it: `ROUTE_PATHS`' entry (method and path, no zod: the landing
 * page loads no schema, ADR 0014 and its budget), typed as `ROUTES`' entry so the call is still typed
 * by its schemas. Every other screen uses `ROUTES.x.y` itself.
 */
export function landingRoute<
  G extends keyof Routes,
  K extends keyof Routes[G] & keyof (typeof ROUTE_PATHS)[G],
>(group: G, name: K): Routes[G][K] {
  return ROUTE_PATHS[group][name] as unknown as Routes[G][K];
}

export interface ApiOptions<R extends ApiRoute = ApiRoute> {
  /** JSON body (POST), as the route's body schema takes it. */
  body?: BodyOf<R>;
  /** Query string parameters, as the route's query schema takes them; null/undefined/'' are left out. */
  query?: QueryOf<R>;
  /** Do not show the error alert (the caller shows its own). */
  silent?: boolean;
  /** Do not count towards the «لطفاً صبر کنید...» overlay (background refreshes). */
  background?: boolean;
  signal?: AbortSignal;
  /** More request headers (the offline queue's `Idempotency-Key`, the device's `Ayar-Device`). */
  headers?: Record<string, string>;
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

export function buildUrl(path: string, query?: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
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

type Fail = (message: string, status: number, envelope: Envelope<unknown> | null) => never;

function failer(silent: boolean): Fail {
  return (message, status, envelope) => {
    if (!silent) alertError(message);
    throw new ApiError(message, status, envelope);
  };
}

/**
 * Any 401 clears the stored login and goes to '/' (ADR 0007). A 401 to a request that carried the
 * login's token means its session ended (signed out elsewhere, the lab suspended, the password changed:
 * docs/product.md §4.8, ADR 0044): the person is told so, even when the call was a silent background one
 * (it is often the first to meet the ended session), and the body is not read, so a read cut short by
 * leaving the page can no longer turn it into a connection error. When the login has already changed
 * since the request left (this device signed out, or in again) the answer is about a session that is
 * gone: nothing is shown or cleared. A 401 without a token (the sign-in form's wrong password) is the
 * server's own message.
 */
function checkUnauthorized(status: number, sentAuth: string | undefined): void {
  if (status !== 401) return;
  if (sentAuth !== undefined && getAuthHeader() !== sentAuth) {
    throw new ApiError(MSG.sessionEnded, 401, null);
  }
  clearLogin();
  onUnauthorized();
  if (sentAuth === undefined) return;
  alertError(MSG.sessionEnded);
  throw new ApiError(MSG.sessionEnded, 401, null);
}

/** What a response's body says, by the catalogue of docs/product.md §9 (see `apiCall`). */
function interpret<T>(status: number, text: string, fail: Fail): Envelope<T> {
  let payload: unknown = undefined;
  if (text.trim() !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      return fail(connectionMessage(status), status, null);
    }
  }
  if (isEnvelope(payload)) {
    if (payload.successful) return payload as Envelope<T>;
    return fail(payload.message || MSG.failed, status, payload);
  }
  if (status >= 200 && status < 300 && (payload === undefined || payload === null)) {
    return fail(MSG.failed, status, null);
  }
  return fail(connectionMessage(status), status, null);
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const auth = getAuthHeader();
  if (auth) headers.Authorization = auth;
  return headers;
}

/**
 * Calls `/api/v1.0` and applies the error catalogue of docs/product.md §9:
 * - envelope with successful=true → resolves with the envelope (the caller decides whether to show `message`);
 * - envelope with successful=false → the server's message as an error alert, rejects with ApiError;
 * - an empty or null body → «عملیات با خطا مواجه شد»;
 * - no envelope (network failure, non-JSON): offline → «اتصال اینترنت قطع است.», status 0 →
 *   «لطفاً اتصال اینترنت خود را بررسی کنید.», otherwise that text with «(کد: status)»;
 * - HTTP 401 → the stored login is cleared and the app goes to '/'; with a token sent, the message is
 *   «نشست شما پایان یافت…» whatever the body (`checkUnauthorized`).
 */
export async function apiCall<R extends ApiRoute>(
  route: R,
  options: ApiOptions<R> = {},
): Promise<Envelope<ResponseOf<R>>> {
  const { body, query, silent = false, background = false, signal } = options;
  const headers = { ...authHeaders(), ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const fail = failer(silent);

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
    checkUnauthorized(response.status, headers.Authorization);
    let text = '';
    try {
      text = await response.text();
    } catch {
      return fail(connectionMessage(response.status), response.status, null);
    }
    return interpret<ResponseOf<R>>(response.status, text, fail);
  } finally {
    if (!background) endRequest();
  }
}

/** Like `apiCall`, resolving with `data` only. */
export async function apiRequest<R extends ApiRoute>(
  route: R,
  options: ApiOptions<R> = {},
): Promise<ResponseOf<R>> {
  const envelope = await apiCall(route, options);
  return envelope.data;
}

export interface UploadOptions {
  /** Told how much of the body has been sent, from 0 to 1 (a progress bar). */
  onProgress?: (fraction: number) => void;
  silent?: boolean;
  background?: boolean;
}

/**
 * Sends a multipart form (photos, audio) to a route, with the same headers, catalogue, 401 handling and
 * overlay as `apiCall`. XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function apiUpload<T>(
  route: ApiRoute,
  form: FormData,
  options: UploadOptions = {},
): Promise<Envelope<T>> {
  const { onProgress, silent = false, background = false } = options;
  const fail = failer(silent);
  if (!background) beginRequest();
  return new Promise<Envelope<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, buildUrl(route.path));
    const headers = authHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const settle = (read: () => Envelope<T>) => {
      try {
        resolve(read());
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => settle(() => fail(connectionMessage(0), 0, null));
    xhr.onload = () =>
      settle(() => {
        checkUnauthorized(xhr.status, headers.Authorization);
        return interpret<T>(xhr.status, xhr.responseText, fail);
      });
    xhr.send(form);
  }).finally(() => {
    if (!background) endRequest();
  });
}

export interface BlobOptions {
  signal?: AbortSignal;
  silent?: boolean;
  background?: boolean;
}

/**
 * A stored file (`/api/v1.0/Files/<id>`: a photo, the lab's audio) with the login's token, which an
 * <img> or <audio> cannot send. A failure goes through the same catalogue as `apiCall`.
 */
export async function apiBlob(address: string, options: BlobOptions = {}): Promise<Blob> {
  const { signal, silent = false, background = false } = options;
  const fail = failer(silent);
  const headers = authHeaders();
  delete headers.Accept;
  if (!background) beginRequest();
  try {
    let response: Response;
    try {
      response = await fetch(address, { headers, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      return fail(connectionMessage(0), 0, null);
    }
    checkUnauthorized(response.status, headers.Authorization);
    if (response.ok) {
      try {
        return await response.blob();
      } catch (error) {
        if (signal?.aborted) throw error;
        return fail(connectionMessage(0), 0, null);
      }
    }
    // The server's refusal (an envelope) by its message, anything else by the connection texts.
    interpret(response.status, await response.text().catch(() => ''), fail);
    return fail(connectionMessage(response.status), response.status, null);
  } finally {
    if (!background) endRequest();
  }
}

/**
 * A file answer read as a stream (the lists' Excel and CSV exports, ADR 0055): resolves with the
 * response once its status is 2xx, for the caller to read the body with progress. The request goes out
 * as `apiCall`'s does (token, base address) and a refusal through the same catalogue: the server's
 * envelope by its message, a 401 as the session ending. Not counted towards the overlay: the caller
 * shows its own progress.
 */
export async function apiFileResponse(
  route: ApiRoute,
  query: unknown,
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<Response> {
  const { signal, silent = false } = options;
  const fail = failer(silent);
  const headers = authHeaders();
  headers.Accept = '*/*';
  let response: Response;
  try {
    response = await fetch(buildUrl(route.path, query), { method: route.method, headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return fail(connectionMessage(0), 0, null);
  }
  checkUnauthorized(response.status, headers.Authorization);
  if (response.ok) return response;
  interpret(response.status, await response.text().catch(() => ''), fail);
  return fail(connectionMessage(response.status), response.status, null);
}
