import { readFileSync } from 'node:fs';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineProject({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // One jsdom per worker rather than per file: a file's own jsdom and module graph cost more than
    // its tests (the web suite took 9.4 CPU-minutes isolated, 3.2 not). test/setup.ts gives each file
    // fresh modules and an empty IndexedDB.
    isolate: false,
    // Two files run at once on two cores (the root config): a render that waits its turn for the CPU
    // is not a failure, so the limits leave room for it; a test that truly hangs still fails.
    testTimeout: 15_000,
  },
});
