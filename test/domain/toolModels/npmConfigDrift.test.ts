// Drift check for npm (issue 12): npm takes every config key as a `--key[=value]` option, and
// `npm --help` lists none of them, so the model is compared with the installed npm's own config
// definitions and shorthands (@npmcli/config). Real npm, no mocks; skipped when npm is missing.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmModel } from '../../../src/domain/toolModels/tools/npm.js';

/** The installed npm's package directory (`…/node_modules/npm`), or undefined. */
function npmDir(): string | undefined {
  try {
    const bin = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
    // bin/npm → …/npm/bin/npm-cli.js
    return dirname(dirname(realpathSync(bin)));
  } catch {
    return undefined;
  }
}

const dir = npmDir();

describe('npm option model matches the installed npm', () => {
  it.skipIf(dir === undefined)('every config key and shorthand is modelled', () => {
    const require = createRequire(join(dir!, 'package.json'));
    const { definitions, shorthands } = require('@npmcli/config/lib/definitions/index.js') as {
      definitions: Record<string, { short?: string | string[] }>;
      shorthands: Record<string, string[]>;
    };
    const known = new Set(npmModel.options.flatMap((o) => o.names));
    const wanted = [
      ...Object.keys(definitions).map((k) => `--${k}`),
      // One letter is `-x`; a longer shorthand (`--reg`, `--porcelain`) is a long option. nopt also
      // reads `-dd` and `-ddd` as shorthands.
      ...Object.keys(shorthands).map((s) => (s.length === 1 ? `-${s}` : /^d+$/.test(s) ? `-${s}` : `--${s}`)),
    ];
    expect(Object.keys(definitions).length).toBeGreaterThan(100);
    expect(wanted.filter((n) => !known.has(n))).toEqual([]);
  });
});
