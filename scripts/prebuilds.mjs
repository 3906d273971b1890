// Builds the prebuilt fast-path clients the npm package ships (prebuilds/linux-<arch>/shimctl-client),
// so `shimctl install` on a machine without a C compiler still gets the resident fast path: install
// patches its paths into the binary's constants block (src/infrastructure/daemon/patchClient.ts).
//
// Static and reproducible: -static (no glibc version to match on the target), no build id, file
// paths mapped away, the same flags on every machine; building twice gives the same bytes
// (test/install/prebuilds.test.ts checks this for the host's target).
//
//   node scripts/prebuilds.mjs            host arch required, others when their cross compiler exists
//   node scripts/prebuilds.mjs --all      every target required (a release)
import { spawnSync } from 'node:child_process';
import { mkdirSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'shims', 'client', 'shimctl-client.c');
/** Node's arch name → the Debian compiler that targets it (one home: PREBUILT_TARGETS in prebuiltClient.ts names the same triples). */
const TARGETS = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' };
/** shims/nodeVariables.json as the C initialiser the client needs (compileClient.ts writes the same define). */
const nodeVariables = JSON.parse(readFileSync(join(root, 'shims', 'nodeVariables.json'), 'utf8')).moved;
if (!nodeVariables.every((n) => /^NODE_[A-Z_]+$/.test(n)))
  throw new Error('shims/nodeVariables.json: not NODE_ variable names');
export const FLAGS = [
  '-O2',
  '-s',
  '-static',
  '-DSHIMCTL_PATCHABLE',
  '-Wl,--build-id=none',
  `-ffile-prefix-map=${root}=.`,
  '-fno-ident',
  `-DSHIMCTL_NODE_VARIABLES=${nodeVariables.map((n) => `"${n}"`).join(',')}`,
];

function compilerFor(arch) {
  const triple = TARGETS[arch];
  const candidates = arch === process.arch ? [`${triple}-gcc`, 'cc', 'gcc'] : [`${triple}-gcc`];
  for (const cc of candidates) if (spawnSync(cc, ['--version'], { stdio: 'ignore' }).status === 0) return cc;
  return undefined;
}

export function buildPrebuilt(arch, outFile) {
  const cc = compilerFor(arch);
  if (!cc)
    return {
      ok: false,
      why: `no ${TARGETS[arch]}-gcc (Debian: apt-get install gcc-${TARGETS[arch].split('-')[0].replace('_', '-')}-linux-gnu)`,
    };
  mkdirSync(dirname(outFile), { recursive: true });
  const tmp = `${outFile}.tmp-${process.pid}`;
  const r = spawnSync(cc, [...FLAGS, '-o', tmp, source], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, LANG: 'C', SOURCE_DATE_EPOCH: '0' },
  });
  if (r.status !== 0) {
    rmSync(tmp, { force: true });
    return { ok: false, why: `${cc} failed: ${r.stderr.trim().split('\n').slice(-3).join(' ')}` };
  }
  renameSync(tmp, outFile);
  return { ok: true, cc };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = process.argv.includes('--all');
  let failed = false;
  for (const arch of Object.keys(TARGETS)) {
    const out = join(root, 'prebuilds', `linux-${arch}`, 'shimctl-client');
    const r = buildPrebuilt(arch, out);
    if (r.ok) console.log(`prebuilds: linux-${arch} built with ${r.cc}`);
    else if (all || arch === process.arch) {
      console.error(`prebuilds: linux-${arch}: ${r.why}`);
      failed = true;
    } else {
      console.warn(`prebuilds: linux-${arch} skipped: ${r.why}`);
      if (existsSync(out)) rmSync(out); // never ship a stale binary for a target that was not rebuilt
    }
  }
  process.exit(failed ? 1 : 0);
}
