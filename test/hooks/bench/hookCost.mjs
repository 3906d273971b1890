// Benchmark (not a test): what one PreToolUse hook call costs, end to end, through the installed
// sh wrapper. Usage: node test/hooks/bench/hookCost.mjs [runs]. Installs into a throwaway HOME.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 21);
const root = join(import.meta.dirname, '..', '..', '..');
const home = mkdtempSync(join(tmpdir(), 'shimctl-hookbench-'));
const env = { HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin', CI: '1' };
const inst = spawnSync(process.execPath, [join(root, 'bin', 'shimctl.cjs'), 'install', '--no-modify-path'], {
  env,
  encoding: 'utf8',
});
if (inst.status !== 0) throw new Error(inst.stderr);
const hook = join(home, '.local/share/shimctl/shims/hooks/codex-pretooluse');
const input = JSON.stringify({
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  cwd: home,
  tool_input: { command: 'ls -la' },
});

function median(label, fn) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} median ${ms[runs >> 1].toFixed(1)} ms  (min ${ms[0].toFixed(1)}, max ${ms[runs - 1].toFixed(1)}, n=${runs})`,
  );
}

median('node -e 0', () => spawnSync(process.execPath, ['-e', '0']));
median('codex hook, allow (sh wrapper + full CLI)', () => {
  const r = spawnSync(hook, [], { input, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`hook said ${r.status}: ${r.stderr}`);
});
median('codex hook, malformed input (block)', () => spawnSync(hook, [], { input: 'x', env }));
