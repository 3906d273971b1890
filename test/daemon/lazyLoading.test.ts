// The per-command core loads execa and the resident process's modules only on the paths that need
// them (node:crypto is loaded on every path since the shim entry checks the bundle's sha256 before
// trusting it: see docs/interception.md, self-protection). Checked structurally (which built-ins the real process loaded, read from
// process.moduleLoadList at exit), never by timing; and the guarantees hold: exit status, one
// audit record per command with a well-formed random id.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../install/cliHarness.js';
import { auditRecords, fastHome, type FastHome } from './harness.js';

interface Case {
  name: string;
  command: string;
  exit: number;
  stdout?: string;
  notLoaded: string[];
  notRequired?: string[];
}
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'lazyLoading.cases.json'), 'utf8')) as Case[];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let h: FastHome;
let preload: string;
beforeAll(() => {
  h = fastHome({ SHIMCTL_DAEMON: 'off' });
  preload = join(tempDir('preload'), 'loaded.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => { require('fs').writeSync(2, '\\nLOADED ' + process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join(',') + '\\nREQUIRED ' + Object.keys(require.cache).join(',') + '\\n'); });\n`,
  );
});

function runCore(command: string, withPreload = true, home: FastHome = h) {
  const r = spawnSync(
    process.execPath,
    [...(withPreload ? ['-r', preload] : []), home.entry, '__shim', 'bash', '/bin/bash', '-c', command],
    { env: home.env, cwd: home.project, encoding: 'utf8', timeout: 30_000 },
  );
  const line = /\nLOADED (.*)\n/.exec(r.stderr);
  const files = /\nREQUIRED (.*)\n/.exec(r.stderr);
  return { ...r, loaded: line ? line[1]!.split(',') : undefined, required: files ? files[1]!.split(',') : undefined };
}

describe('per-command core: lazy loading', () => {
  for (const c of cases) {
    it(c.name, () => {
      const before = auditRecords(h).length;
      // Twice: the first run writes the code cache, the second loads through it.
      for (let i = 0; i < 2; i++) {
        const r = runCore(c.command);
        expect(r.status, r.stderr).toBe(c.exit);
        if (c.stdout !== undefined) expect(r.stdout).toBe(c.stdout);
        expect(r.loaded, 'the preload saw the process exit').toBeDefined();
        for (const m of c.notLoaded) expect(r.loaded, `${m} was loaded`).not.toContain(m);
        for (const f of c.notRequired ?? [])
          expect(
            r.required!.filter((x) => x.includes(f)),
            `${f} was required`,
          ).toEqual([]);
      }
      const records = auditRecords(h).slice(before);
      expect(records).toHaveLength(2);
      for (const rec of records) {
        expect(rec.decision).toBe(c.exit === 0 || c.exit === 2 ? 'allow' : 'block');
        expect(rec.id).toMatch(UUID_V4);
        if (rec.decision === 'allow') expect(rec.exitCode).toBe(c.exit);
      }
    });
  }

  it('the probe itself can fail: with Rego selected, the core loads dist/rego.cjs and Rego decides', () => {
    const rego = fastHome({ SHIMCTL_DAEMON: 'off' });
    mkdirSync(join(rego.home, '.config/shimctl'), { recursive: true });
    // A stand-in for opa (NOT OPA) that always blocks: the verdict can only come from the Rego engine.
    const opa = join(import.meta.dirname, '..', 'fixtures', 'opa', 'opa-blocks');
    const policy = join(import.meta.dirname, '..', '..', 'examples', 'policy.rego');
    writeFileSync(
      join(rego.home, '.config/shimctl/config.json'),
      JSON.stringify({ engine: 'rego', rego: { mode: 'eval', opaPath: opa, policyPaths: [policy] } }),
    );
    const r = runCore('echo would-run', true, rego);
    expect(r.status, r.stderr).toBe(126);
    expect(r.stderr).toMatch(/blocked \(rego\.custom\): \[rego\.standin_block\] stand-in blocks/);
    expect(
      r.required!.some((f) => f.endsWith('/dist/rego.cjs')),
      String(r.required),
    ).toBe(true);
  });

  it('the probe itself can fail: a YAML config loads dist/yaml.cjs and takes effect; a JSON one does not load it', () => {
    const yaml = fastHome({ SHIMCTL_DAEMON: 'off' });
    mkdirSync(join(yaml.home, '.config/shimctl'), { recursive: true });
    writeFileSync(
      join(yaml.home, '.config/shimctl/config.yaml'),
      'rules:\n  - id: test:yaml-block\n    command: touch\n    decision: block\n',
    );
    const r = runCore('touch from-yaml', true, yaml);
    expect(r.status, r.stderr).toBe(126);
    expect(r.stderr).toContain('touch');
    expect(
      r.required!.some((f) => f.endsWith('/dist/yaml.cjs')),
      String(r.required),
    ).toBe(true);
    const json = fastHome({ SHIMCTL_DAEMON: 'off' });
    mkdirSync(join(json.home, '.config/shimctl'), { recursive: true });
    writeFileSync(
      join(json.home, '.config/shimctl/config.json'),
      JSON.stringify({ rules: [{ id: 'test:json-block', command: 'touch', decision: 'block' }] }),
    );
    const j = runCore('touch from-json', true, json);
    expect(j.status, j.stderr).toBe(126);
    expect(j.required!.filter((f) => f.includes('yaml'))).toEqual([]);
  });

  it('the shell grammar: a simple command never requires dist/grammar.cjs; a compound one does, and runs', () => {
    const simple = runCore('echo plain');
    expect(simple.status, simple.stderr).toBe(0);
    expect(simple.required!.filter((f) => f.includes('grammar'))).toEqual([]);
    const compound = runCore('echo one && echo two | cat');
    expect(compound.status, compound.stderr).toBe(0);
    expect(compound.stdout).toBe('one\ntwo\n');
    expect(
      compound.required!.some((f) => f.endsWith('/dist/grammar.cjs')),
      String(compound.required),
    ).toBe(true);
  });

  it('the probe itself can fail: an allowed command does load child_process (it runs something)', () => {
    const r = runCore('true');
    expect(r.status).toBe(0);
    expect(r.loaded).toContain('child_process');
  });

  it('audit ids stay distinct across many commands', () => {
    const before = auditRecords(h).length;
    for (let i = 0; i < 8; i++) expect(runCore('true', false).status).toBe(0);
    const ids = auditRecords(h)
      .slice(before)
      .map((r) => r.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('an unknown command through the hot-path bundle is refused with 126', () => {
    const bad = spawnSync(process.execPath, [h.entry, 'install'], { env: h.env, cwd: h.project, encoding: 'utf8' });
    expect(bad.status).toBe(126);
    expect(bad.stderr).toMatch(/only runs '__shim' and 'daemon'/);
  });
});
