// The grammar runs on baseline (Liftoff) code only (src/infrastructure/shellGrammar/treeSitterBash.ts):
// V8's TurboFan recompile of tree-sitter-bash's lexer costs seconds of CPU after the first parse, and
// a process holding that compile does not exit until it is done (a per-command compound command took
// 7.4 s instead of 1.7 s). Checked with V8's own trace in a fresh Node running the shipped bundle.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const bundle = new URL('../../../dist/grammar.cjs', import.meta.url).pathname;
const script = `
const g = require(${JSON.stringify(bundle)});
g.treeSitterBash.load().then(async (p) => {
  if (!p) throw new Error('no grammar');
  for (let i = 0; i < 200; i++) if (!p.parse('cd src && ls | head -3 && echo "a b" > /dev/null 2>&1').ok) throw new Error('parse');
  await new Promise((r) => setTimeout(r, 500)); // time for a tier-up to be scheduled and run
});`;

describe('shell grammar: WebAssembly compiled by Liftoff only', () => {
  it.skipIf(!existsSync(bundle))(
    'no function of the grammar is recompiled by TurboFan',
    () => {
      const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '-e', script], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.split('\n');
      expect(
        lines.filter((l) => /using Liftoff/.test(l)).length,
        'the trace shows the grammar compiled',
      ).toBeGreaterThan(0);
      expect(lines.filter((l) => /using TurboFan/.test(l))).toEqual([]);
    },
    60_000,
  );
});
