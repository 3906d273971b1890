import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real-agent tests download and drive real binaries: only `npm run test:agents` runs them.
    exclude: ['test/agents/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The run fails when it leaves shimctl-* temporary directories behind (SHIMCTL_TEMP_CHECK=off skips).
    globalSetup: ['test/support/tempDirCheck.ts'],
  },
});
