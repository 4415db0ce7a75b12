import '../test/fakeIndexedDb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { QueryKey } from '@tanstack/react-query';
import { ROUTES } from '@ayar/contract';
import { labRow } from '../test/fixtures.ts';
import { handle, requestsTo } from '../test/server.ts';
import { signInAs } from '../test/session.ts';
import { PERSIST_LIMITS } from '../features/offline/persist/persister.ts';

const page = (...names: string[]) => ({
  list: names.map((customerName, i) =>
    labRow({ id: `a1a1a1a1-0000-4000-8000-00000000000${i}`, customerName }),
  ),
  totalCount: names.length,
  currPage: 1,
  pageSize: 100,
});

/**
 * Renders as the browser does, letting React finish what the first render waited for (in tests React
 * resumes a suspended render only inside an awaited act).
 */
async function renderPage(ui: ReactElement) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(ui);
  });
  return result!;
}

/**
 * A page load: fresh instances of the app's modules (the shared query cache, the offline cache's
 * state, the login store), reading the same IndexedDB as the page before.
 */
async function loadPage() {
  vi.resetModules();
  const [{ Providers }, { AppRoutes }, query, auth, store] = await Promise.all([
    import('./Providers.tsx'),
    import('./router.tsx'),
    import('../lib/query.ts'),
    import('../lib/auth.ts'),
    import('../features/offline/persist/store.ts'),
  ]);
  /** The keys of the queries stored, whoever's (a read waits for the writes before it). */
  const stored = async () => (await store.peekStored()).queries.map((q) => q.queryKey as QueryKey);
  /** The app as main.tsx renders it: no test client, so the screens share the app's own cache. */
  const renderApp = (route: string) =>
    renderPage(
      <MemoryRouter initialEntries={[route]}>
        <Providers>
          <AppRoutes />
        </Providers>
      </MemoryRouter>,
    );
  return { Providers, renderApp, client: query.sharedQueryClient, auth, stored };
}

function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A first, online session of the workshop: it opens lab/list, which is written to IndexedDB. */
async function openListOnline() {
  signInAs('workshop', { userId: 'w1' });
  handle(ROUTES.tests.allTests, page('حسن طلافروش', 'رضا زرگر'));
  const first = await loadPage();
  const app = await first.renderApp('/lab/list');
  // The first load of the lazy screens can take seconds on a busy machine.
  expect(await screen.findByText(/حسن طلافروش/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(async () =>
    expect((await first.stored()).some((key) => key[0] === 'assays' && key[1] === 'list')).toBe(true),
  );
  app.unmount(); // the app is closed
  return first;
}

// An installed app: its pages are controlled by the service worker (the start waits only then).
beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  window.dispatchEvent(new Event('online'));
  const { clearQueries } = await import('../features/offline/persist/store.ts');
  await clearQueries();
});

describe('an offline start of a signed-in workshop', () => {
  it('shows the lab list it last read, without asking the server', async () => {
    await openListOnline();
    const listed = requestsTo(ROUTES.tests.allTests).length;

    setConnection(false);
    const next = await loadPage();
    await next.renderApp('/lab/list');

    const list = await screen.findByRole('list', { name: 'بسته‌ها' });
    expect(within(list).getByText(/حسن طلافروش/)).toBeInTheDocument();
    expect(within(list).getByText(/رضا زرگر/)).toBeInTheDocument();
    // Offline, the list waits for the line instead of failing: nothing was sent, no error shown.
    expect(requestsTo(ROUTES.tests.allTests)).toHaveLength(listed);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has the data restored before the first render', async () => {
    await openListOnline();

    const next = await loadPage();
    const firstRender: unknown[] = [];
    function Probe() {
      const lists = next.client().getQueriesData({ queryKey: ['assays', 'list'] });
      firstRender.push(lists.map(([, data]) => data));
      return null;
    }
    await renderPage(
      <MemoryRouter>
        <next.Providers>
          <Probe />
        </next.Providers>
      </MemoryRouter>,
    );
    await waitFor(() => expect(firstRender.length).toBeGreaterThan(0));
    expect(firstRender[0]).toEqual([page('حسن طلافروش', 'رضا زرگر')]);
  });

  it('deletes the stored data when the workshop signs out', async () => {
    const first = await openListOnline();
    first.auth.clearLogin();
    await waitFor(async () => expect(await first.stored()).toEqual([]));
    expect(first.client().getQueriesData({ queryKey: ['assays'] })).toEqual([]);
  });

  it('writes nothing of the next account signed in on the device, when it is the admin', async () => {
    const first = await openListOnline();
    first.auth.clearLogin();
    // Imported now: after resetModules, the test session must write to this app's auth module.
    (await import('../test/session.ts')).signInAs('admin');
    expect(first.auth.getAuthSnapshot().user?.role).toBe('admin');
    await waitFor(async () => expect(await first.stored()).toEqual([]));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await first
        .client()
        .fetchQuery({ queryKey: ['assays', 'list', { all: true }, null], queryFn: () => page('x') });
      // Any write would have been made by now.
      await vi.advanceTimersByTimeAsync(PERSIST_LIMITS.writeEveryMs);
      expect(await first.stored()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the customer book (ADR 0047)', () => {
  const BOOK = {
    list: [
      {
        id: 'c0c0c0c0-0000-4000-8000-000000000001',
        name: 'حسن طلافروش',
        settings: null,
        code: 1,
        mobile: '09121111111',
      },
      {
        id: 'c0c0c0c0-0000-4000-8000-000000000002',
        name: 'مهدی زرین‌دست',
        settings: null,
        code: 2,
        mobile: '09122222222',
      },
    ],
    totalCount: 2,
  };
  const bookStored = async (app: Awaited<ReturnType<typeof loadPage>>) =>
    (await app.stored()).some((key) => key[0] === 'customers' && key[1] === 'book');

  it('is read online, kept for an offline start, searched there, and deleted at sign-out', async () => {
    const read = handle(ROUTES.customer.customerBook, BOOK);
    const first = await openListOnline();
    expect(read.length).toBeGreaterThan(0);
    await waitFor(async () => expect(await bookStored(first)).toBe(true), { timeout: 10_000 });

    // The next start has no line: a customer this device never searched for is found in the book.
    setConnection(false);
    const next = await loadPage();
    await next.renderApp('/lab/add');
    const user = userEvent.setup();
    const customer = await screen.findByRole('textbox', { name: /^نام مشتری/ }, { timeout: 10_000 });
    await user.type(customer, 'زرین');
    await user.click(
      await screen.findByRole('option', { name: /مهدی زرین‌دست/, hidden: true }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(customer).toHaveValue('مهدی زرین‌دست'), { timeout: 5_000 });
    expect(requestsTo(ROUTES.customer.customersByName)).toHaveLength(0);

    next.auth.clearLogin();
    await waitFor(async () => expect(await next.stored()).toEqual([]), { timeout: 5_000 });
    expect(next.client().getQueriesData({ queryKey: ['customers'] })).toEqual([]);
  }, 60_000);
});

describe('the start’s wait for the restore', () => {
  it('renders the screens after 300 ms when the restore has not finished', async () => {
    signInAs('workshop', { userId: 'w1' });
    vi.doMock('../features/offline/persist/session.ts', () => ({
      followSignedInWorkshop: () => new Promise(() => {}),
    }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const app = await loadPage();
      await renderPage(
        <MemoryRouter>
          <app.Providers>
            <p>الشاشة</p>
          </app.Providers>
        </MemoryRouter>,
      );
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(screen.queryByText('الشاشة')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByText('الشاشة')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      vi.doUnmock('../features/offline/persist/session.ts');
    }
  });
});
