import { use } from 'react';
import type { ComponentType, ReactNode } from 'react';

/** A screen whose code loads on first render (it suspends until then), or ahead with `preload()`. */
export interface PreloadableScreen<P extends object> {
  (props: P): ReactNode;
  preload: () => Promise<void>;
}

const registry: Array<() => Promise<void>> = [];

/**
 * Like React.lazy for a named export, with a `preload()`: once the module has arrived the screen
 * renders synchronously. Must be rendered inside <Suspense>. (Shared by the router and the landing
 * page; it belongs in app/ but lives here for now.)
 */
export function preloadable<
  M extends Record<string, unknown>,
  K extends keyof M & string,
  P extends object = M[K] extends ComponentType<infer Props> ? Props & object : object,
>(load: () => Promise<M>, name: K): PreloadableScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<P>;
      },
      (error: unknown) => {
        pending = null; // a failed download (a new deployment, a dropped connection) is tried again
        throw error;
      },
    );
    return pending;
  };
  function Screen(props: P) {
    if (!loaded) use(preload());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  Screen.displayName = `Preloadable(${name})`;
  registry.push(preload);
  return Object.assign(Screen, { preload });
}

/** Loads every preloadable screen (the tests do, so screens render at once as before). */
export async function preloadAllScreens(): Promise<void> {
  await Promise.all(registry.map((preload) => preload()));
}
