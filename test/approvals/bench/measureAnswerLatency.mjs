// How long an answer takes to reach the waiting shim: the approve CLI's own run time, then from
// its exit to the waiting shell's exit (answer noticed via fs.watch, command run, audit written).
import { rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, chmodSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
// Run: node test/approvals/bench/measureAnswerLatency.mjs (after npm run build). Not a test: figures only.
const CLI = new URL('../../../bin/shimctl.cjs', import.meta.url).pathname;
const root = mkdtempSync('/tmp/apm-');
const home = join(root, 'h');
const bin = join(root, 'bin');
mkdirSync(home);
mkdirSync(bin);
// Answers from this script have no terminal: the user's config allows that (docs/approvals.md).
mkdirSync(join(home, '.config/shimctl'), { recursive: true });
writeFileSync(
  join(home, '.config/shimctl/config.json'),
  JSON.stringify({ approvals: { answerWithoutTerminal: true } }),
);
writeFileSync(join(bin, 'mytool'), '#!/bin/sh\nexit 0\n');
chmodSync(join(bin, 'mytool'), 0o755);
const pend = join(home, '.local/state/shimctl/approvals');
const res = [];
for (let i = 0; i < 7; i++) {
  const child = spawn(process.execPath, [CLI, '__shim', 'bash', '/bin/bash', '-c', `mytool ${i}`], {
    cwd: root,
    env: { HOME: home, PATH: `${bin}:/usr/bin:/bin`, SHIMCTL_DEPTH: '1', SHIMCTL_SESSION: 's' },
    stdio: 'ignore',
  });
  const done = new Promise((r) => child.on('close', () => r(performance.now())));
  let id;
  while (!id) {
    await new Promise((r) => setTimeout(r, 20));
    const f = existsSync(pend) ? readdirSync(pend).find((n) => n.endsWith('.request.json')) : undefined;
    if (f) id = f.split('.')[0];
  }
  const t0 = performance.now();
  spawnSync(process.execPath, [CLI, 'approve', id], { env: { HOME: home, PATH: '/usr/bin:/bin' } });
  const t1 = performance.now();
  const t2 = await done;
  res.push({ approveCli: Math.round(t1 - t0), answerToExit: Math.round(t2 - t1) });
}
console.log(res);
rmSync(root, { recursive: true, force: true });
