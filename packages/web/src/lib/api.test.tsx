import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG, ROUTES } from '@ayar/contract';
import { ApiError, apiCall, apiRequest, setUnauthorizedHandler } from './api.ts';
import { STORAGE_KEYS, getAuthSnapshot } from './auth.ts';
import { requestsInFlight } from './loading.ts';
import { jsonResponse, renderWithProviders } from '../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setOnline(true);
  // Alerts need the Notifications host mounted.
  renderWithProviders(<div />);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

async function expectAlertAndRejection(promise: Promise<unknown>, message: string, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).message).toBe(message);
  expect((error as ApiError).status).toBe(status);
  expect(await screen.findByText(message)).toBeInTheDocument();
}

describe('API client error catalogue (SPEC.md 8)', () => {
  it('returns data of a successful envelope and sends the stored bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer tok-1');
    fetchMock.mockResolvedValueOnce(jsonResponse({ successful: true, message: 'ok', data: { n: 5 } }));
    await expect(apiRequest<{ n: number }>(ROUTES.tests.getCode)).resolves.toEqual({ n: 5 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1.0/Tests/GetCode');
    expect(new Headers(init?.headers).get('Authorization')).toBe('bearer tok-1');
    expect(requestsInFlight()).toBe(0);
  });

  it('builds the query string and sends JSON bodies', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ successful: true, message: 'پیام', data: null }));
    const envelope = await apiCall(ROUTES.account.labOwners, {
      query: { pageNumber: 1, name: '', sortName: 'x' },
    });
    expect(envelope.message).toBe('پیام');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1.0/Account/LabOwners?pageNumber=1&sortName=x');

    fetchMock.mockResolvedValueOnce(jsonResponse({ successful: true, message: '', data: 1 }));
    await apiRequest(ROUTES.tests.result, { body: { code: '12', forWeb: true } });
    const init = fetchMock.mock.calls[1]![1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ code: '12', forWeb: true }));
  });

  it('shows the server message of an unsuccessful envelope as an error', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { successful: false, message: 'شماره بسته تکراری است', data: null, code: 'CONFLICT' },
        409,
      ),
    );
    await expectAlertAndRejection(
      apiRequest(ROUTES.tests.addTest, { body: [] }),
      'شماره بسته تکراری است',
      409,
    );
  });

  it('also trusts the envelope on a 200 with successful=false', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ successful: false, message: 'خطای کسب‌وکار', data: null }),
    );
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), 'خطای کسب‌وکار', 200);
  });

  it('shows «عملیات با خطا مواجه شد» for an empty or null body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), MSG.failed, 200);
    fetchMock.mockResolvedValueOnce(new Response('null', { status: 200 }));
    await expect(apiRequest(ROUTES.tests.getCode)).rejects.toThrow(MSG.failed);
  });

  it('says the internet is disconnected when the browser is offline', async () => {
    setOnline(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), 'اتصال اینترنت قطع است.', 0);
  });

  it('asks to check the connection on a network failure (status 0)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expectAlertAndRejection(
      apiRequest(ROUTES.tests.getCode),
      'لطفاً اتصال اینترنت خود را بررسی کنید.',
      0,
    );
  });

  it('adds the status code when the response carries no envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expectAlertAndRejection(
      apiRequest(ROUTES.tests.getCode),
      'لطفاً اتصال اینترنت خود را بررسی کنید. (کد: 502)',
      502,
    );
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'x' }, 500));
    await expect(apiRequest(ROUTES.tests.getCode, { silent: true })).rejects.toThrow('(کد: 500)');
  });

  it('clears the stored login and goes to / on a 401', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer dead');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userId: 'u1', role: 'workshop' }));
    localStorage.setItem(STORAGE_KEYS.settings, '{}');
    const goHome = vi.fn();
    setUnauthorizedHandler(goHome);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { successful: false, message: 'لطفاً دوباره وارد شوید', data: null, code: 'UNAUTHORIZED' },
        401,
      ),
    );
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), 'لطفاً دوباره وارد شوید', 401);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toBeNull();
    expect(getAuthSnapshot()).toEqual({ token: null, user: null });
  });

  it('does not alert when silent', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ successful: false, message: 'پنهان', data: null }, 400));
    await expect(apiRequest(ROUTES.tests.getCode, { silent: true })).rejects.toThrow('پنهان');
    expect(screen.queryByText('پنهان')).not.toBeInTheDocument();
  });
});
