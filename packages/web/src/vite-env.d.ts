/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** The root package.json version, injected by Vite `define` (docs/product.md §1.5: «v1.10.0»). */
declare const __APP_VERSION__: string;
