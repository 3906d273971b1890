import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO, ensureBuilt } from './cliHarness.js';

beforeAll(() => ensureBuilt());

describe('the CLI bundle stays small enough for the hot path', () => {
  it('does not inline the TypeScript compiler (cosmiconfig requires it lazily for .ts configs, which shimctl never loads)', () => {
    const bundle = readFileSync(join(REPO, 'dist', 'shimctl.cjs'), 'utf8');
    // Needs `external: ['typescript']` in scripts/build.mjs: otherwise ~10 MB are parsed on every intercepted command.
    expect(bundle.includes('node_modules/typescript/lib/typescript.js')).toBe(false);
  });
});
