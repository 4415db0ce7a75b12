import { useSyncExternalStore } from 'react';
import type { SiteInfo } from '@ayar/contract';
import { apiCall, landingRoute } from './api.ts';

/**
 * The network's public information (support phone, address, trust seal, sister site; ADR 0028), read
 * once per page load from `GET /Site/Info`. Until it arrives — and always in the prerendered landing
 * page and during its hydration (the server snapshot) — every field is '' and the screens show their
 * empty state, so Node and the browser render the same markup.
 */
export const EMPTY_SITE_INFO: Readonly<SiteInfo> = Object.freeze({
  supportPhone: '',
  supportHours: '',
  address: '',
  postalCode: '',
  company: '',
  trustSealUrl: '',
  trustSealImage: '',
  sisterSiteUrl: '',
  sisterSiteName: '',
});

/** After a failure, a screen opened this much later asks again (a phone back from a dead zone). */
const RETRY_AFTER_MS = 60_000;

let current: SiteInfo = EMPTY_SITE_INFO;
let state: 'idle' | 'loading' | 'loaded' = 'idle';
let failedAt = 0;
const listeners = new Set<() => void>();

function publish(info: SiteInfo): void {
  current = info;
  for (const listener of listeners) listener();
}

function load(): void {
  if (state !== 'idle' || (failedAt && Date.now() - failedAt < RETRY_AFTER_MS)) return;
  state = 'loading';
  // After the screen's own requests (the lookup a link carries, the result a QR code opens): those
  // matter more, and go first.
  setTimeout(() => {
    apiCall(landingRoute('site', 'info'), { silent: true, background: true })
      .then((envelope) => {
        state = 'loaded';
        publish({ ...EMPTY_SITE_INFO, ...envelope.data });
      })
      .catch(() => {
        state = 'idle';
        failedAt = Date.now();
      });
  }, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;
const getServerSnapshot = () => EMPTY_SITE_INFO;

/** The public information; empty fields until (and unless) the server has answered. */
export function useSiteInfo(): SiteInfo {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** What the administrator just saved: every screen shows it at once, without asking again. */
export function setSiteInfo(info: SiteInfo): void {
  state = 'loaded';
  publish({ ...EMPTY_SITE_INFO, ...info });
}

/** Tests start each case from an unread store. */
export function resetSiteInfoForTests(): void {
  current = EMPTY_SITE_INFO;
  state = 'idle';
  failedAt = 0;
}

/** The number to dial for a phone as typed: «021-9100 2233» → «tel:02191002233». */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}
