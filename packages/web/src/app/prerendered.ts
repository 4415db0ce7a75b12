import { ROOT_PATH } from './guard.ts';

/**
 * Whether main.tsx hydrates the build's prerendered landing page (dist/landing.html, served at '/')
 * rather than rendering from scratch: only on '/', only when the HTML holds the prerender, and only
 * for a visitor who is not signed in (who is sent to the dashboard instead, so the markup would not match).
 */
export function hydratesPrerender(root: Element, pathname: string, token: string | null): boolean {
  return pathname === ROOT_PATH && root.firstElementChild !== null && !token;
}
