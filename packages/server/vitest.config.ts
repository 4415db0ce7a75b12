import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files of a worker share one module graph: importing the app and its libraries per file took a
    // third of the suite's time. Each file still builds its own app on its own database clone
    // (test/helpers.ts) and its own Redis prefix; the one process-wide thing, the metrics registry,
    // is read by differences (metrics.test.ts).
    isolate: false,
  },
});
