import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';

/**
 * One of the app's IndexedDB databases (the offline queue, the query cache), opened once and shared.
 * When another tab opens a newer version (an update), this one closes its connection so the upgrade is
 * not blocked, and opens again when next needed; a failed open is tried again on the next call.
 * `upgrade` gets the version the browser had (0: none), to add only what a newer version added.
 */
export function sharedDatabase<S extends DBSchema>(
  name: string,
  version: number,
  upgrade: (db: IDBPDatabase<S>, oldVersion: number) => void,
): () => Promise<IDBPDatabase<S>> {
  let opening: Promise<IDBPDatabase<S>> | null = null;
  return () => {
    opening ??= openDB<S>(name, version, {
      upgrade: (db, oldVersion) => upgrade(db, oldVersion),
      blocking() {
        void opening?.then((db) => db.close());
        opening = null;
      },
      terminated() {
        opening = null;
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
}
