import { defineConfig } from 'vitest/config';

// One run for the unit and server suites; e2e has its own config because it needs the built app.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web'],
    // Two test files at a time. Vitest's default on a 2-core machine is one (cores − 1), which left a
    // core idle while a server file waited on PostgreSQL or a child process: the unit phase took 18-23
    // minutes of a CI run that must stay under 20.
    maxWorkers: 2,
  },
});
