// The offline counter for a signed-in workshop (ADR 0033), loaded by the shell with import() only
// then: nothing here is in the landing page's or the admin's download.
export { assaysOffline } from './adapter.ts';
export { useCustomerBook } from './customerBook.ts';
export { OfflineBanner } from './OfflineBanner.tsx';
export { useOfflineSync } from './runtime.ts';
export { prepareSignOut } from './signOut.ts';
