import { use } from 'react';
import type { ComponentType, ReactNode } from 'react';

type Boundary = ComponentType<{ children: ReactNode }>;
/** TanStack Query's provider, loaded with the first screen (lib/query-boundary.tsx). */
let QueryBoundary: Boundary | null = null;
const loadBoundary = () =>
  import('../lib/query-boundary.tsx').then((module) => {
    QueryBoundary = module.default;
  });

/** A screen whose code loads on first render (it suspends until then), or ahead with `preload()`. */
export interface PreloadableScreen<P extends object> {
  (props: P): ReactNode;
  preload: () => Promise<void>;
}

const registry: Array<() => Promise<void>> = [];

/**
 * Like React.lazy for a named export, with a `preload()`: once the module has arrived the screen
 * renders synchronously. Must be rendered inside <Suspense>. Each screen comes wrapped in the query
 * boundary, so the eager bundle (the public landing page) carries no query library.
 */
export function preloadable<
  M extends Record<string, unknown>,
  K extends keyof M & string,
  P extends object = M[K] extends ComponentType<infer Props> ? Props & object : object,
>(load: () => Promise<M>, name: K): PreloadableScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= Promise.all([load(), loadBoundary()]).then(
      ([module]) => {
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
    const Boundary = QueryBoundary!;
    return (
      <Boundary>
        <Loaded {...props} />
      </Boundary>
    );
  }
  Screen.displayName = `Preloadable(${name})`;
  registry.push(preload);
  return Object.assign(Screen, { preload });
}

/** Loads every preloadable screen (the tests do, so screens render at once as before). */
export async function preloadAllScreens(): Promise<void> {
  await Promise.all(registry.map((preload) => preload()));
}
