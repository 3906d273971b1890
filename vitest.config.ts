import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real-agent tests download and drive real binaries: only `npm run test:agents` runs them.
    exclude: ['test/agents/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Names the shimctl-* temporary directories the run leaves behind (SHIMCTL_TEMP_CHECK=fail fails on them).
    globalSetup: ['test/support/tempDirCheck.ts'],
  },
});
