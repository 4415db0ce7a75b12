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
    // A poll after a page load waits on the browser and the server sharing two cores with the suite:
    // Vitest's default 1 s ran out once in CI (onboarding's reset to 1000). Five, unless a poll says.
    expect: { poll: { timeout: 5_000 } },
  },
});
