// An empty IndexedDB of its own for the test file that imports this (instead of 'fake-indexeddb/auto',
// which Node caches and would share one database among the files of a worker: vitest.config.ts runs
// files with `isolate: false`). Files that do not import it have no IndexedDB, as before, so the
// offline counter (features/offline) stays off there.
import * as fake from 'fake-indexeddb';

// Every global 'fake-indexeddb/auto' would set: `indexedDB` (a new, empty factory) and the IDB classes.
const { default: _default, forceCloseDatabase: _close, indexedDB: _shared, ...classes } = fake;
const globals = { ...classes, indexedDB: new fake.IDBFactory() };
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
}
