import { defineConfig } from 'vitest/config';

// One run for the unit and server suites; e2e has its own config because it needs the built app.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web'],
  },
});
