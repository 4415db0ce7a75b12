import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import postcssPresetMantine from 'postcss-preset-mantine';
import { writeCompressed } from './scripts/compress.ts';

/** The version label (docs/product.md §1.5: v1.10.0) comes from the root package.json at build time. */
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const THEME_COLOR = '#1c2536';

/**
 * Writes `.br` and `.gz` next to every text asset of the build, for a server that serves pre-compressed
 * files (@fastify/static `preCompressed`): a phone on a slow link downloads a third of the bytes,
 * and nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ayar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir)) {
          if (
            /\.(js|css|html|svg|json|webmanifest|txt)$/.test(file) &&
            !file.includes(`${path.sep}.vite${path.sep}`)
          )
            writeCompressed(file);
        }
      },
    },
  };
}
const apiTarget = process.env.AYAR_API_URL ?? 'http://localhost:8080';
/** The API, and the network's signing keys at their standard place outside it (the lookup checks results). */
const apiProxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/.well-known': { target: apiTarget, changeOrigin: false },
};

export default defineConfig(({ isSsrBuild }) => ({
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  css: {
    postcss: { plugins: [postcssPresetMantine()] },
  },
  server: {
    port: 4200,
    proxy: apiProxy,
  },
  preview: {
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: bench/web-size.ts reads which chunks the landing page loads up front.
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // Everything the landing page imports up front goes in one file: dozens of small chunks cost a
        // phone on a slow link one round trip each (HTTP/1.1 fetches six at a time).
        codeSplitting: { groups: [{ name: 'landing', tags: ['$initial'] }] },
      },
      // The contract's modules only define schemas and constants: a screen that imports one name from
      // the barrel must not pull in every feature's schemas (the landing page's budget).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
      },
    },
    // The server's CSP allows only 'self': never inline scripts or fonts as data: URLs.
    assetsInlineLimit: 0,
  },
  // The build's second pass (`vite build --ssr src/prerender.tsx`, scripts/prerender.ts) only renders
  // the landing page's HTML: no service worker, manifest or compressed copies of its own.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        precompress(),
        VitePWA({
          // A new version waits until the person asks for it (app/UpdatePrompt.tsx, ADR 0026): it is
          // registered from the app's own code (app/registerServiceWorker.ts), never by an inline script.
          registerType: 'prompt',
          injectRegister: false,
          includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
          manifest: {
            name: 'عیار',
            short_name: 'عیار',
            description: 'سامانه یکپارچه رهگیری بازار طلا',
            lang: 'fa',
            dir: 'rtl',
            theme_color: THEME_COLOR,
            background_color: '#ffffff',
            display: 'standalone',
            start_url: '/',
            scope: '/',
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
              { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
          },
          workbox: {
            // Precache the shell only; the API is never cached (no runtimeCaching at all).
            globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
            navigateFallback: '/index.html',
            navigateFallbackDenylist: [/^\/api(\/|$)/],
            runtimeCaching: [],
            cleanupOutdatedCaches: true,
          },
        }),
      ],
}));
