import { offerUpdate } from '../lib/sw-update.ts';

/** How often an open app asks whether a new version was published (a counter stays open all day). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker. A new version waits until the person chooses to load it
 * (app/UpdatePrompt.tsx): the old `autoUpdate` reloaded the page by itself, over a half-typed packet.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      onNeedRefresh: () => offerUpdate(() => update(true)),
      onRegisteredSW: (_url, registration) => {
        if (registration) window.setInterval(() => void registration.update(), CHECK_EVERY_MS);
      },
    });
  });
}
