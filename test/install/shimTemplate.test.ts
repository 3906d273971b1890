// The shims, entry and guard templates, rendered as install renders them: the POSIX sh shim run by
// real bash and dash, the same shim compiled from shims/client (what install writes when a C
// compiler exists), and the package's prebuilt client with install's constants patched in (what
// install writes without one), all through one table so the kinds cannot drift apart.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileClient, nodeVariablesDefine } from '../../src/infrastructure/daemon/compileClient.js';
import { SAVED_NODE_VARIABLES } from '../../src/application/intercept/nodeVariables.js';
import { renderFiles, shimEntryPath } from '../../src/infrastructure/install/renderFiles.js';
import { ROOT, SYSTEM_PATH, tempDir } from './cliHarness.js';
// @ts-expect-error: the release script is plain JavaScript, without types.
import { buildPrebuilt } from '../../scripts/prebuilds.mjs';

interface Rendered {
  dir: string;
  bash: string;
  sh: string;
  entry: string;
  guard: string;
}
type ShimKind = 'sh' | 'compiled' | 'prebuilt';
const REAL = { bash: '/usr/bin/bash', sh: '/usr/bin/dash' };

/** The bundle's real sha256 (the entry refuses any other), or a placeholder when the test names no real file. */
function bundleHash(bundle: string): string {
  return existsSync(bundle) ? createHash('sha256').update(readFileSync(bundle)).digest('hex') : '0'.repeat(64);
}

/** Renders the shims with `node` replaced by a recorder that prints its argv and depth as JSON. */
function render(
  node: string,
  bundle = join(ROOT, 'dist', 'shimctl.cjs'),
  kind: ShimKind = 'sh',
  shimDirName = 'shims',
): Rendered {
  const dir = tempDir('shim');
  const shimDir = join(dir, shimDirName);
  mkdirSync(shimDir, { recursive: true });
  let compiledShims: Partial<Record<'bash' | 'sh', Buffer>> | undefined;
  if (kind !== 'sh') {
    const prebuilt = kind === 'prebuilt' ? hostPrebuilt() : undefined;
    // `prebuilt`: no compiler is consulted, the binary of scripts/prebuilds.mjs is patched.
    const env = kind === 'prebuilt' ? { PATH: SYSTEM_PATH, SHIMCTL_FAST_CLIENT: 'prebuilt' } : { PATH: SYSTEM_PATH };
    const build = (name: 'bash' | 'sh') => {
      const built = compileClient(
        join(ROOT, 'shims', 'client', 'shimctl-client.c'),
        env,
        {
          runDir: join(dir, 'state', 'run'),
          shim: { name, realShell: REAL[name], node, entry: shimEntryPath(shimDir) },
        },
        prebuilt,
      );
      if (built && kind === 'prebuilt' && built.compiler !== 'prebuilt')
        throw new Error(`expected the prebuilt client, got ${built.compiler}`);
      if (!built) throw new Error('no C compiler: the compiled shims cannot be tested (apt-get install -y gcc)');
      return built.binary;
    };
    compiledShims = { bash: build('bash'), sh: build('sh') };
  }
  for (const f of renderFiles({
    templatesDir: join(ROOT, 'shims'),
    launcherDir: join(dir, 'bin'),
    shimDir,
    node,
    bundle,
    bundleSha256: bundleHash(bundle),
    realShells: REAL,
    compiledShims,
    agents: [],
  })) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.content);
    chmodSync(f.path, f.mode);
  }
  return {
    dir,
    bash: join(shimDir, 'bash'),
    sh: join(shimDir, 'sh'),
    entry: join(shimDir, 'shim-entry.cjs'),
    guard: join(shimDir, 'bash_env_guard.bash'),
  };
}

/** A stand-in for node (named as such): prints the argv and the variables the core would see. */
function recorder(dir: string): string {
  const p = join(dir, 'fake-node');
  const seen = [
    'SHIMCTL_DEPTH',
    'NODE_OPTIONS',
    'NODE_EXTRA_CA_CERTS',
    'NODE_PATH',
    'SHIMCTL_SAVED_NODE_OPTIONS',
    'SHIMCTL_SAVED_NODE_EXTRA_CA_CERTS',
    'SHIMCTL_SAVED_NODE_PATH',
  ];
  writeFileSync(
    p,
    `#!${process.execPath}\nconst e = {}; for (const k of ${JSON.stringify(seen)}) if (k in process.env) e[k] = process.env[k];\nprocess.stdout.write(JSON.stringify({argv: process.argv.slice(2), depth: process.env.SHIMCTL_DEPTH, env: e}));\n`,
  );
  chmodSync(p, 0o755);
  return p;
}

/** The sh shim is run by bash, dash and directly; a compiled one can only be executed. */
const RUNNERS: Record<ShimKind, Array<'bash' | 'dash' | 'direct'>> = {
  sh: ['bash', 'dash', 'direct'],
  compiled: ['direct'],
  prebuilt: ['direct'],
};

let hostPrebuiltPath: string | undefined;
/** The package's prebuilt client for this machine, built once by the release script into a temp dir. */
function hostPrebuilt(): string {
  if (hostPrebuiltPath) return hostPrebuiltPath;
  const out = join(tempDir('prebuilt'), 'shimctl-client');
  const r = buildPrebuilt(process.arch, out) as { ok: boolean; why?: string };
  if (!r.ok) throw new Error(`cannot build the prebuilt client: ${r.why}`);
  hostPrebuiltPath = out;
  return out;
}
const run = (runner: 'bash' | 'dash' | 'direct', shim: string, args: string[], env: Record<string, string>) =>
  spawnSync(runner === 'direct' ? shim : runner, runner === 'direct' ? args : [shim, ...args], {
    encoding: 'utf8',
    env,
  });

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
  ['-c', 'it\'s "quoted"\nnew line\t$HOME `x` *'],
];

for (const kind of ['sh', 'compiled', 'prebuilt'] as const) {
  describe(`bash/sh shim (${kind})`, () => {
    const fake = render('PLACEHOLDER');
    const node = recorder(fake.dir);
    const shims = render(node, undefined, kind);

    for (const runner of RUNNERS[kind]) {
      it(`hands every invocation form to the core verbatim (${runner})`, () => {
        for (const form of FORMS) {
          for (const [name, shim] of [
            ['bash', shims.bash],
            ['sh', shims.sh],
          ] as const) {
            const r = run(runner, shim, form, { PATH: '/usr/bin:/bin', SHIMCTL_DEPTH: '2' });
            expect(r.status, r.stderr).toBe(0);
            const got = JSON.parse(r.stdout);
            expect(got.argv).toEqual([shims.entry, '__shim', name, REAL[name], ...form]);
            expect(got.depth).toBe('3');
          }
        }
      });
    }

    it('starts the depth at 1 without a marker and marks a tampered one as too deep', () => {
      for (const [depth, want] of [
        [undefined, '1'],
        ['', '1'],
        ['0', '1'],
        ['41', '42'],
        ['abc', '100000'],
        ['123456', '100000'],
        ['-3', '100000'],
        [' 7', '100000'],
      ] as const) {
        const env: Record<string, string> = { PATH: '/usr/bin:/bin' };
        if (depth !== undefined) env.SHIMCTL_DEPTH = depth;
        const r = run(RUNNERS[kind][0]!, shims.bash, ['-c', 'x'], env);
        expect(JSON.parse(r.stdout).depth, `depth ${depth}`).toBe(want);
      }
    });

    // A leading zero is octal to bash (`08` is an error there): the shims and the BASH_ENV guard all
    // read it as a tampered marker. The compiled shim (shimctl-client.c) still reads `08` as 8: this
    // runs for it once its prepare_shim_environment() follows the same rule.
    it('marks a depth with a leading zero as too deep', () => {
      for (const depth of ['08', '0009', '09', '00', '010']) {
        for (const runner of RUNNERS[kind]) {
          const r = run(runner, shims.bash, ['-c', 'x'], { PATH: '/usr/bin:/bin', SHIMCTL_DEPTH: depth });
          expect(r.status, `${runner} depth ${depth}: ${r.stderr}`).toBe(0);
          expect(JSON.parse(r.stdout).depth, `${runner} depth ${depth}`).toBe('100000');
        }
      }
    });

    it("moves Node's variables out of the core's way and drops SHIMCTL_SAVED_* that came from outside", () => {
      const base = { PATH: '/usr/bin:/bin' };
      const moved = run(RUNNERS[kind][0]!, shims.bash, ['-c', 'x'], {
        ...base,
        NODE_OPTIONS: '--require /tmp/evil.js',
        NODE_EXTRA_CA_CERTS: '/etc/ssl/big.pem',
        NODE_PATH: '',
      });
      expect(JSON.parse(moved.stdout).env).toEqual({
        SHIMCTL_DEPTH: '1',
        SHIMCTL_SAVED_NODE_OPTIONS: '--require /tmp/evil.js',
        SHIMCTL_SAVED_NODE_EXTRA_CA_CERTS: '/etc/ssl/big.pem',
        SHIMCTL_SAVED_NODE_PATH: '',
      });
      // A command cannot hand the next one a NODE_OPTIONS the review never saw.
      const forged = run(RUNNERS[kind][0]!, shims.bash, ['-c', 'x'], {
        ...base,
        SHIMCTL_SAVED_NODE_OPTIONS: '--require /tmp/evil.js',
        SHIMCTL_SAVED_NODE_PATH: '/x',
      });
      expect(JSON.parse(forged.stdout).env).toEqual({ SHIMCTL_DEPTH: '1' });
    });

    it('blocks with 126 and a reason when node or the entry is missing, never running the command', () => {
      const dir = tempDir('sentinel');
      const sentinel = join(dir, 'ran');
      const missingNode = render(join(dir, 'no-such-node'), undefined, kind);
      for (const runner of RUNNERS[kind]) {
        const r = run(runner, missingNode.bash, ['-c', `touch ${sentinel}`], { PATH: '/usr/bin:/bin' });
        expect(r.status).toBe(126);
        expect(r.stderr).toMatch(/^shimctl: blocked \(internal\.error\): the review core is missing/);
      }
      const noEntry = render(process.execPath, undefined, kind);
      spawnSync('rm', ['-f', noEntry.entry]);
      const r = spawnSync(noEntry.bash, ['-c', `touch ${sentinel}`], { encoding: 'utf8' });
      expect(r.status).toBe(126);
      expect(() => readFileSync(sentinel)).toThrow();
    });
  });
}

for (const kind of ['compiled', 'prebuilt'] as const)
  describe(`${kind} shim constants`, () => {
    it('carries paths with quotes, backslashes, newlines, trigraphs and format characters byte for byte', () => {
      const odd = 'sh"ims\\ \n??/ %s%n \t é $(x) `y`';
      const fake = render('PLACEHOLDER');
      const node = join(fake.dir, odd, 'fake "node"');
      mkdirSync(dirname(node), { recursive: true });
      writeFileSync(node, readFileSync(recorder(fake.dir)));
      chmodSync(node, 0o755);
      const shims = render(node, undefined, kind, odd);
      expect(shims.entry).toContain('\n??/ %s%n');
      const r = spawnSync(shims.bash, ['-c', 'x'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).argv).toEqual([shims.entry, '__shim', 'bash', REAL.bash, '-c', 'x']);
    });
  });

describe('bash/sh shim template', () => {
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
    writeFileSync(
      verdictNode,
      `#!/bin/sh\nprintf '%s\\n' "$*" >> ${join(dir, 'seen')}\ncase "$*" in *rm*) echo "shimctl: blocked (command.destructive): no" >&2; exit 126;; esac\nexit 0\n`,
    );
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

  describe('the BASH_ENV guard fails closed', () => {
    /** A stand-in judge that acts as the core does on depth: refuses past the cap, allows the rest. It records the depth it saw. */
    function guarded(judgeBody?: string) {
      const dir = tempDir('guard-closed');
      const sentinel = join(dir, 'ran');
      const judge = join(dir, 'judge');
      writeFileSync(
        judge,
        judgeBody ??
          `#!/bin/sh\nprintf '%s\\n' "$SHIMCTL_DEPTH" >> ${join(dir, 'depths')}\ncase $SHIMCTL_DEPTH in ?|1[0-9]) exit 0;; esac\necho "shimctl: blocked (invocation.depth_exceeded): deep" >&2\nexit 126\n`,
      );
      chmodSync(judge, 0o755);
      const s = render(judge);
      const env = (extra: Record<string, string> = {}) => ({
        PATH: '/usr/bin:/bin',
        BASH_ENV: s.guard,
        HOME: dir,
        SHLVL: '1',
        ...extra,
      });
      const ran = () => {
        try {
          readFileSync(sentinel);
          return true;
        } catch {
          return false;
        }
      };
      const depths = () => readFileSync(join(dir, 'depths'), 'utf8').trim().split('\n');
      return { dir, sentinel, judge, env, ran, depths };
    }

    it('lets a plain depth through and counts it', () => {
      const g = guarded();
      const r = spawnSync('/bin/bash', ['-c', `touch ${g.sentinel}; echo "$SHIMCTL_DEPTH"`], {
        encoding: 'utf8',
        env: g.env({ SHIMCTL_DEPTH: '3' }),
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe('4\n');
      expect(g.ran()).toBe(true);
      expect(g.depths()).toEqual(['4']);
    });

    it('never runs the text under a tampered depth: a leading zero, too long, not digits', () => {
      for (const depth of ['08', '0009', '09', '00', '99999999', '1;x', 'a[$(touch x)]', ' 7']) {
        const g = guarded();
        for (const args of [
          ['-c', `touch ${g.sentinel}`],
          ['-lc', `touch ${g.sentinel}`],
        ]) {
          const r = spawnSync('/bin/bash', args, { encoding: 'utf8', env: g.env({ SHIMCTL_DEPTH: depth }) });
          expect(r.status, `${depth} ${args[0]}: ${r.stderr}`).toBe(126);
          expect(r.stderr, depth).not.toMatch(/value too great|syntax error/);
        }
        // A script file, too: a tampered marker is not depth 0 (the user's own profile).
        const script = join(g.dir, 'script.sh');
        writeFileSync(script, `touch ${g.sentinel}\n`);
        const s = spawnSync('/bin/bash', [script], { encoding: 'utf8', env: g.env({ SHIMCTL_DEPTH: depth }) });
        expect(s.status, `${depth} script: ${s.stderr}`).toBe(126);
        expect(g.ran(), depth).toBe(false);
        expect(g.depths(), depth).toEqual(['100000', '100000', '100000']);
      }
    });

    it('refuses bash -k (assignments anywhere in a command line), whatever the review says', () => {
      const g = guarded();
      for (const [args, extra] of [
        [['-k', '-c', `touch ${g.sentinel}`], {}],
        [['-kc', `touch ${g.sentinel}`], {}],
        [['-c', `touch ${g.sentinel}`], { SHELLOPTS: 'keyword' }],
      ] as const) {
        const r = spawnSync('/bin/bash', [...args], { encoding: 'utf8', env: g.env(extra) });
        expect(r.status, args.join(' ')).toBe(126);
        expect(r.stderr).toMatch(/^shimctl: blocked \(invocation\.unsupported\)/);
      }
      expect(g.ran()).toBe(false);
    });

    it('never runs the text when the review is missing, fails or is killed', () => {
      const cases: Array<[string, string | undefined, RegExp]> = [
        [
          'fails',
          '#!/bin/sh\nexit 1\n',
          /^shimctl: blocked \(internal\.error\): the review did not answer \(status 1\)/m,
        ],
        [
          'killed',
          '#!/bin/sh\nkill -9 $$\n',
          /^shimctl: blocked \(internal\.error\): the review did not answer \(status 137\)/m,
        ],
        ['not executable', '', /Permission denied/],
        ['missing', undefined, /No such file/],
      ];
      for (const [label, body, message] of cases) {
        const g = guarded(body ?? '');
        if (body === undefined) spawnSync('rm', ['-f', g.judge]);
        if (body === '') chmodSync(g.judge, 0o644);
        for (const depth of [undefined, '2', '08']) {
          const extra: Record<string, string> = depth === undefined ? {} : { SHIMCTL_DEPTH: depth };
          const r = spawnSync('/bin/bash', ['-c', `touch ${g.sentinel}`], { encoding: 'utf8', env: g.env(extra) });
          expect(r.status, `${label} ${depth}: ${r.stderr}`).toBe(126);
          expect(r.stderr, label).toMatch(message);
        }
        expect(g.ran(), label).toBe(false);
      }
    });
  });

  it('KNOWN GAP, pinned: a top-level bash with a socket stdin skips BASH_ENV unless SHLVL >= 1 (the launcher sets it)', () => {
    const dir = tempDir('rshd');
    const judge = join(dir, 'judge');
    writeFileSync(judge, '#!/bin/sh\necho "shimctl: blocked (test.refuse): no" >&2\nexit 126\n');
    chmodSync(judge, 0o755);
    const s = render(judge);
    // Node's spawnSync stdio pipes are socketpairs: bash takes the "started by rshd" path.
    const bypassed = spawnSync('/bin/bash', ['-c', 'echo ran'], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', BASH_ENV: s.guard, HOME: dir },
    });
    expect(bypassed.stdout).toBe('ran\n');
    const guarded = spawnSync('/bin/bash', ['-c', 'echo ran'], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', BASH_ENV: s.guard, HOME: dir, SHLVL: '1' },
    });
    expect(guarded.status).toBe(126);
    expect(guarded.stdout).toBe('');
  });
});

describe('the Node variables moved aside have one home (shims/nodeVariables.json)', () => {
  it('every template and the C client name exactly that list, generated at install and build', () => {
    const shims = render('PLACEHOLDER');
    const names = (text: string) =>
      [...new Set(text.match(/\bNODE_[A-Z_]+\b/g) ?? [])]
        .filter((n) => n !== 'NODE_VARIABLES' && n !== 'NODE_VARIABLES_CLEARED')
        .sort();
    const want = [...SAVED_NODE_VARIABLES].sort();
    // Comments may name NODE_OPTIONS as the example: every name used in code must be from the list.
    for (const file of [shims.bash, shims.guard]) {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => !/^\s*#/.test(l))
        .join('\n');
      expect(names(code), file).toEqual(want);
    }
    for (const template of ['shim.sh', 'bash_env_guard.bash', 'hooks/pretooluse.sh']) {
      const code = readFileSync(join(ROOT, 'shims', template), 'utf8')
        .split('\n')
        .filter((l) => !/^\s*#/.test(l))
        .join('\n');
      expect(names(code), template).toEqual([]);
    }
    const c = readFileSync(join(ROOT, 'shims', 'client', 'shimctl-client.c'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(names(c)).toEqual([]);
    expect(nodeVariablesDefine()).toBe(
      `#define SHIMCTL_NODE_VARIABLES ${want.length ? SAVED_NODE_VARIABLES.map((n) => `"${n}"`).join(', ') : ''}`,
    );
  });
});
