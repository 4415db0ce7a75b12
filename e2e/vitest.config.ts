import { defineConfig } from 'vitest/config';

// End-to-end: the built app on its embedded database, driven by Debian's Chromium. One file at a
// time: the machine has two cores and each file runs a browser.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
