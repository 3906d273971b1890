// The shim, entry and guard templates, rendered as install renders them and run by real bash and dash.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderFiles } from '../../src/infrastructure/install/renderFiles.js';
import { ROOT, tempDir } from './cliHarness.js';

interface Rendered { dir: string; bash: string; sh: string; entry: string; guard: string }

/** Renders the shims with `node` replaced by a recorder that prints its argv and depth as JSON. */
function render(node: string, bundle = join(ROOT, 'dist', 'shimctl.cjs')): Rendered {
  const dir = tempDir('shim');
  const shimDir = join(dir, 'shims');
  mkdirSync(shimDir);
  for (const f of renderFiles({ templatesDir: join(ROOT, 'shims'), launcherDir: join(dir, 'bin'), shimDir, node, bundle, realShells: { bash: '/usr/bin/bash', sh: '/usr/bin/dash' }, agents: [] })) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.content);
    chmodSync(f.path, f.mode);
  }
  return { dir, bash: join(shimDir, 'bash'), sh: join(shimDir, 'sh'), entry: join(shimDir, 'shim-entry.cjs'), guard: join(shimDir, 'bash_env_guard.bash') };
}

function recorder(dir: string): string {
  const p = join(dir, 'fake-node');
  writeFileSync(p, `#!${process.execPath}\nprocess.stdout.write(JSON.stringify({argv: process.argv.slice(2), depth: process.env.SHIMCTL_DEPTH}));\n`);
  chmodSync(p, 0o755);
  return p;
}

const FORMS: string[][] = [
  ['-c', 'echo hi'],
  ['-c', '-l', 'echo hi'],
  ['-l', '-c', 'echo hi'],
  ['-lc', 'echo hi'],
  ['--norc', '--noprofile', '-c', 'echo hi'],
  ['-c', 'echo "$0 $1"', 'argv0', 'a b', ''],
  ['-i', '-c', 'echo hi'],
  ['script.sh', 'arg with space'],
  [],
  ['-c', "it's \"quoted\"\nnew line\t$HOME `x` *"],
];

describe('bash/sh shim template', () => {
  const fake = render('PLACEHOLDER');
  const node = recorder(fake.dir);
  const shims = render(node);

  for (const runner of ['bash', 'dash', 'direct'] as const) {
    it(`hands every invocation form to the core verbatim (${runner})`, () => {
      for (const form of FORMS) {
        for (const [name, shim] of [['bash', shims.bash], ['sh', shims.sh]] as const) {
          const argv = runner === 'direct' ? [shim, ...form] : [runner, shim, ...form];
          const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', SHIMCTL_DEPTH: '2' } });
          expect(r.status).toBe(0);
          const got = JSON.parse(r.stdout);
          expect(got.argv).toEqual([shims.entry, '__shim', name, name === 'bash' ? '/usr/bin/bash' : '/usr/bin/dash', ...form]);
          expect(got.depth).toBe('3');
        }
      }
    });
  }

  it('starts the depth at 1 without a marker and marks a tampered one as too deep', () => {
    for (const [depth, want] of [[undefined, '1'], ['', '1'], ['abc', '100000'], ['123456', '100000'], ['-3', '100000']] as const) {
      const env: Record<string, string> = { PATH: '/usr/bin:/bin' };
      if (depth !== undefined) env.SHIMCTL_DEPTH = depth;
      const r = spawnSync('dash', [shims.bash, '-c', 'x'], { encoding: 'utf8', env });
      expect(JSON.parse(r.stdout).depth, `depth ${depth}`).toBe(want);
    }
  });

  it('blocks with 126 and a reason when node or the entry is missing, never running the command', () => {
    const dir = tempDir('sentinel');
    const sentinel = join(dir, 'ran');
    const missingNode = render(join(dir, 'no-such-node'));
    for (const sh of ['bash', 'dash']) {
      const r = spawnSync(sh, [missingNode.bash, '-c', `touch ${sentinel}`], { encoding: 'utf8' });
      expect(r.status).toBe(126);
      expect(r.stderr).toMatch(/^shimctl: blocked \(internal\.error\): the review core is missing/);
    }
    const noEntry = render(process.execPath);
    writeFileSync(noEntry.entry, '');
    spawnSync('rm', ['-f', noEntry.entry]);
    const r = spawnSync(noEntry.bash, ['-c', `touch ${sentinel}`], { encoding: 'utf8' });
    expect(r.status).toBe(126);
    expect(() => readFileSync(sentinel)).toThrow();
  });

  it('blocks with 126 when the bundle is missing, broken or throws', () => {
    const dir = tempDir('bundle');
    const sentinel = join(dir, 'ran');
    const cases: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['syntax error', 'this is not javascript ((('],
      ['throws', 'throw new Error("boom")'],
      ['async failure', 'Promise.reject(new Error("later"))'],
    ];
    for (const [label, body] of cases) {
      const bundle = join(dir, `${label.replace(/ /g, '-')}.cjs`);
      if (body !== undefined) writeFileSync(bundle, body);
      const s = render(process.execPath, bundle);
      const r = spawnSync(s.bash, ['-c', `touch ${sentinel}`], { encoding: 'utf8' });
      expect(r.status, label).toBe(126);
      expect(r.stderr, label).toMatch(/^shimctl: blocked \(internal\.error\)/);
    }
    expect(() => readFileSync(sentinel)).toThrow();
  });

  it('the BASH_ENV guard vetoes before bash runs the text, and lets an allowed one run', () => {
    const dir = tempDir('guard');
    const sentinel = join(dir, 'ran');
    const verdictNode = join(dir, 'judge');
    // A stand-in judge: refuses any text containing "rm". It records what it saw.
    writeFileSync(verdictNode, `#!/bin/sh\nprintf '%s\\n' "$*" >> ${join(dir, 'seen')}\ncase "$*" in *rm*) echo "shimctl: blocked (command.destructive): no" >&2; exit 126;; esac\nexit 0\n`);
    chmodSync(verdictNode, 0o755);
    const s = render(verdictNode);
    // SHLVL=1 as the launcher sets it: see the next test for why.
    const env = { PATH: '/usr/bin:/bin', BASH_ENV: s.guard, HOME: dir, SHLVL: '1' };
    const blocked = spawnSync('/bin/bash', ['-c', `touch ${sentinel}; rm -f x`], { encoding: 'utf8', env });
    expect(blocked.status).toBe(126);
    expect(blocked.stderr).toContain('blocked (command.destructive)');
    expect(() => readFileSync(sentinel)).toThrow();
    const login = spawnSync('/bin/bash', ['-lc', `touch ${sentinel}; rm -f x`], { encoding: 'utf8', env });
    expect(login.status).toBe(126);
    expect(() => readFileSync(sentinel)).toThrow();
    const ok = spawnSync('/bin/bash', ['-c', `touch ${sentinel}`], { encoding: 'utf8', env });
    expect(ok.status).toBe(0);
    expect(readFileSync(sentinel, 'utf8')).toBe('');
    // Nested bash re-checks: the allowed outer text starts a bash whose text is refused.
    const nested = spawnSync('/bin/bash', ['-c', `/bin/bash -c 'rm -f ${sentinel}'`], { encoding: 'utf8', env });
    expect(nested.status).toBe(126);
    expect(readFileSync(sentinel, 'utf8')).toBe('');
    const seen = readFileSync(join(dir, 'seen'), 'utf8');
    expect(seen).toContain(`--check bash /usr/bin/bash -c touch ${sentinel}; rm -f x`);
  });

  it('KNOWN GAP, pinned: a top-level bash with a socket stdin skips BASH_ENV unless SHLVL >= 1 (the launcher sets it)', () => {
    const dir = tempDir('rshd');
    const judge = join(dir, 'judge');
    writeFileSync(judge, '#!/bin/sh\necho "shimctl: blocked (test.refuse): no" >&2\nexit 126\n');
    chmodSync(judge, 0o755);
    const s = render(judge);
    // Node's spawnSync stdio pipes are socketpairs: bash takes the "started by rshd" path.
    const bypassed = spawnSync('/bin/bash', ['-c', 'echo ran'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', BASH_ENV: s.guard, HOME: dir } });
    expect(bypassed.stdout).toBe('ran\n');
    const guarded = spawnSync('/bin/bash', ['-c', 'echo ran'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', BASH_ENV: s.guard, HOME: dir, SHLVL: '1' } });
    expect(guarded.status).toBe(126);
    expect(guarded.stdout).toBe('');
  });
});
