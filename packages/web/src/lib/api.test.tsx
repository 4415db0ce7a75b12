import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG, ROUTES, STAFF_MSG } from '@ayar/contract';
import { ApiError, apiBlob, apiCall, apiRequest, setUnauthorizedHandler } from './api.ts';
import { STORAGE_KEYS, getAuthSnapshot } from './auth.ts';
import { requestsInFlight } from './loading.ts';
import { renderWithProviders } from '../test/render.tsx';
import { HttpResponse, fail, handle } from '../test/server.ts';

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  setOnline(true);
  // Alerts need the Notifications host mounted.
  renderWithProviders(<div />);
});

afterEach(() => setUnauthorizedHandler(null));

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

describe('API client error catalogue (docs/product.md §9)', () => {
  it('returns data of a successful envelope and sends the stored bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer tok-1');
    const calls = handle(ROUTES.tests.getCode, { n: 5 }, { message: 'ok' });
    await expect(apiRequest(ROUTES.tests.getCode)).resolves.toEqual({ n: 5 });
    expect(calls.last?.url.pathname).toBe('/api/v1.0/Tests/GetCode');
    expect(calls.last?.headers.get('Authorization')).toBe('bearer tok-1');
    expect(requestsInFlight()).toBe(0);
  });

  it('builds the query string and sends JSON bodies', async () => {
    const owners = handle(ROUTES.account.labOwners, null, { message: 'پیام' });
    const envelope = await apiCall(ROUTES.account.labOwners, {
      query: { pageNumber: 1, name: '', sortName: 'x' },
    });
    expect(envelope.message).toBe('پیام');
    expect(owners.last?.url.pathname + owners.last!.url.search).toBe(
      '/api/v1.0/Account/LabOwners?pageNumber=1&sortName=x',
    );

    const result = handle(ROUTES.tests.result, 1);
    await apiRequest(ROUTES.tests.result, { body: { code: '12', forWeb: true } });
    expect(result.last?.headers.get('Content-Type')).toBe('application/json');
    expect(result.last?.body).toEqual({ code: '12', forWeb: true });
  });

  it('shows the server message of an unsuccessful envelope as an error', async () => {
    fail(ROUTES.tests.addTest, 'شماره بسته تکراری است', { status: 409, code: 'CONFLICT' });
    await expectAlertAndRejection(
      apiRequest(ROUTES.tests.addTest, { body: [] }),
      'شماره بسته تکراری است',
      409,
    );
  });

  it('also trusts the envelope on a 200 with successful=false', async () => {
    fail(ROUTES.tests.getCode, 'خطای کسب‌وکار', { status: 200 });
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), 'خطای کسب‌وکار', 200);
  });

  it('shows «عملیات با خطا مواجه شد» for an empty or null body', async () => {
    handle(ROUTES.tests.getCode, () => new HttpResponse('', { status: 200 }), { once: true });
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), MSG.failed, 200);
    handle(ROUTES.tests.getCode, () => new HttpResponse('null', { status: 200 }));
    await expect(apiRequest(ROUTES.tests.getCode)).rejects.toThrow(MSG.failed);
  });

  it('says the internet is disconnected when the browser is offline', async () => {
    setOnline(false);
    handle(ROUTES.tests.getCode, () => HttpResponse.error());
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), 'اتصال اینترنت قطع است.', 0);
  });

  it('asks to check the connection on a network failure (status 0)', async () => {
    handle(ROUTES.tests.getCode, () => HttpResponse.error());
    await expectAlertAndRejection(
      apiRequest(ROUTES.tests.getCode),
      'لطفاً اتصال اینترنت خود را بررسی کنید.',
      0,
    );
  });

  it('adds the status code when the response carries no envelope', async () => {
    handle(ROUTES.tests.getCode, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }), {
      once: true,
    });
    await expectAlertAndRejection(
      apiRequest(ROUTES.tests.getCode),
      'لطفاً اتصال اینترنت خود را بررسی کنید. (کد: 502)',
      502,
    );
    handle(ROUTES.tests.getCode, () => HttpResponse.json({ error: 'x' }, { status: 500 }));
    await expect(apiRequest(ROUTES.tests.getCode, { silent: true })).rejects.toThrow('(کد: 500)');
  });

  it('on a 401 of an ended session: clears the login, goes to / and says the session ended', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer dead');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userId: 'u1', role: 'workshop' }));
    localStorage.setItem(STORAGE_KEYS.settings, '{}');
    const goHome = vi.fn();
    setUnauthorizedHandler(goHome);
    fail(ROUTES.tests.getCode, 'لطفاً دوباره وارد شوید', { status: 401, code: 'UNAUTHORIZED' });
    await expectAlertAndRejection(apiRequest(ROUTES.tests.getCode), MSG.sessionEnded, 401);
    expect(MSG.sessionEnded).toMatch(/^نشست شما پایان یافت/);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toBeNull();
    expect(getAuthSnapshot()).toEqual({ token: null, user: null });
  });

  it('never calls a 401 of an ended session a connection problem, silent or not, whatever the body', async () => {
    setUnauthorizedHandler(vi.fn());
    for (const body of ['', '<html>401</html>']) {
      localStorage.setItem(STORAGE_KEYS.token, 'bearer dead');
      handle(ROUTES.tests.getCode, () => new HttpResponse(body, { status: 401 }), { once: true });
      // A silent background call is often the first to meet the ended session: it says so too.
      const error = await apiRequest(ROUTES.tests.getCode, { silent: true }).catch((e: unknown) => e);
      expect((error as ApiError).message).toBe(MSG.sessionEnded);
    }
    expect(await screen.findByText(MSG.sessionEnded)).toBeInTheDocument();
    expect(screen.queryByText(/کد: ۴۰۱|کد: 401/)).not.toBeInTheDocument();
    // A stored file (a photo, the lab's sound) says the same.
    localStorage.setItem(STORAGE_KEYS.token, 'bearer dead');
    handle(ROUTES.account.profile, () => new HttpResponse(null, { status: 401 }), { once: true });
    await expect(apiBlob('/api/v1.0/Account/Profile', { silent: true })).rejects.toThrow(MSG.sessionEnded);
  });

  it('says nothing and clears nothing when the login changed while the request was out', async () => {
    const goHome = vi.fn();
    setUnauthorizedHandler(goHome);
    localStorage.setItem(STORAGE_KEYS.token, 'bearer old');
    handle(ROUTES.tests.getCode, () => {
      // Signed out here and in again before the answer came (sign-out's own request ends so).
      localStorage.setItem(STORAGE_KEYS.token, 'bearer new');
      return new HttpResponse(null, { status: 401 });
    });
    await expect(apiRequest(ROUTES.tests.getCode)).rejects.toThrow(MSG.sessionEnded);
    expect(goHome).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer new');
    expect(screen.queryByText(MSG.sessionEnded)).not.toBeInTheDocument();
  });

  it("keeps the server's message for a 401 without a token (a wrong password on the sign-in form)", async () => {
    const goHome = vi.fn();
    setUnauthorizedHandler(goHome);
    fail(ROUTES.account.login, MSG.badCredentials, { status: 401, code: 'UNAUTHORIZED' });
    await expectAlertAndRejection(
      apiRequest(ROUTES.account.login, { body: { userName: 'lab', password: 'wrong-one' } }),
      MSG.badCredentials,
      401,
    );
    expect(screen.queryByText(MSG.sessionEnded)).not.toBeInTheDocument();
  });

  it('shows a 403 of a role (ADR 0049) as the server’s Persian message: no sign-out, no connection error', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer tok-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userId: 'w1', role: 'workshop' }));
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    fail(ROUTES.tests.addCutting, STAFF_MSG.forbiddenRole, { status: 403, code: 'FORBIDDEN' });
    await expectAlertAndRejection(
      apiCall(ROUTES.tests.addCutting, { body: [{ id: 'x', cutting: 750 }] }),
      STAFF_MSG.forbiddenRole,
      403,
    );
    expect(unauthorized).not.toHaveBeenCalled();
    expect(getAuthSnapshot().token).toBe('bearer tok-1');
    expect(screen.queryByText(/اتصال/)).not.toBeInTheDocument();
  });

  it('does not alert when silent', async () => {
    fail(ROUTES.tests.getCode, 'پنهان');
    await expect(apiRequest(ROUTES.tests.getCode, { silent: true })).rejects.toThrow('پنهان');
    expect(screen.queryByText('پنهان')).not.toBeInTheDocument();
  });
});
