import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';

// Test files share one worker and one jsdom (vitest.config.ts: `isolate: false`, for speed). Each file
// still starts from fresh modules (so module state such as the shared query cache, the session store
// and the offline queue's memory is its own) and without IndexedDB, as jsdom has none: a file that
// needs one imports test/fakeIndexedDb.ts, which gives it an empty one.
const INDEXED_DB_GLOBALS = [
  'indexedDB',
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRecord',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
];
vi.resetModules();
for (const name of INDEXED_DB_GLOBALS) Reflect.deleteProperty(globalThis, name);
const { EMPTY_SITE_INFO, setSiteInfo } = await import('../lib/siteInfo.ts');
const { resetRequests, server } = await import('./server.ts');

// findBy…/waitFor return as soon as what they wait for appears; on a two-core CI machine running two
// test files at once a whole app's first render can take longer than the default second: up to six.
configure({ asyncUtilTimeout: 6000 });

// jsdom lacks what Mantine needs.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

// jsdom has no document.fonts, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

// The public site information is read once per page load (lib/siteInfo.ts). Tests start with it read
// and empty, so that request does not take a response another test queued; tests about it start
// from an unread store (resetSiteInfoForTests).
beforeEach(() => setSiteInfo(EMPTY_SITE_INFO));

// Every call to the API goes to the fake server (test/server.ts); a request to anywhere else fails.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  server.resetHandlers();
  resetRequests();
});
