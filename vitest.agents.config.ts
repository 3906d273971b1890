import { defineConfig } from 'vitest/config';

// Real agents against a scripted model on 127.0.0.1: slow, sequential, and only via `npm run test:agents`.
export default defineConfig({
  test: {
    include: ['test/agents/**/*.test.ts'],
    testTimeout: 180_000,
    // The first run installs the pinned agents into the cache (a few hundred MB from the npm registry).
    hookTimeout: 900_000,
    globalSetup: ['./test/agents/globalSetup.ts'],
    pool: 'forks',
    fileParallelism: false,
    sequence: { concurrent: false },
    reporters: ['default', './test/agents/supportReporter.ts'],
  },
});
