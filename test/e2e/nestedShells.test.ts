// Nested shells inside an ALLOWED command (an npm script; a `#!/usr/bin/env bash` script it runs),
// end to end, under both `nested` policies. npm looks `sh` up on PATH, so the sh shim sees it.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { E2eHome } from './e2eHome.js';
import { e2eHome } from './e2eHome.js';

function setup(nested: 'review' | 'passthrough'): E2eHome {
  const h = e2eHome(({ sentinel }) => ({
    nested,
    protectedPaths: [sentinel],
    rules: [{ id: 'user:npm-run', command: 'npm', subcommand: ['run'], decision: 'allow', reason: 'project scripts' }],
  }));
  writeFileSync(
    join(h.workspace, 'package.json'),
    JSON.stringify({
      name: 'ws',
      scripts: { hello: 'echo nested-hello', wipe: `rm -f ${h.sentinel}`, build: './build.sh' },
    }),
  );
  writeFileSync(join(h.workspace, 'build.sh'), `#!/usr/bin/env bash\necho script-ran\nrm -f ${h.sentinel}\n`);
  chmodSync(join(h.workspace, 'build.sh'), 0o755);
  return h;
}

function records(h: E2eHome): Array<Record<string, unknown>> {
  return readFileSync(h.auditLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('nested = review (default)', () => {
  const h = setup('review');

  it('reviews the npm script shell again: a harmless script runs', () => {
    const r = h.runAgent('qwen', 'npm run hello');
    expect(r.command.status).toBe(0);
    expect(r.command.stdout).toContain('nested-hello');
    expect(
      records(h).some((x) => x.command === 'echo nested-hello' && x.decision === 'allow' && x.exitCode === 0),
    ).toBe(true);
  });

  it('blocks a dangerous npm script even though `npm run` itself was allowed', () => {
    const r = h.runAgent('qwen', 'npm run wipe');
    expect(r.command.status).not.toBe(0);
    expect(r.command.stderr).toMatch(/shimctl: blocked \(path\.protected(_write)?\)/);
    expect(existsSync(h.sentinel)).toBe(true);
  });

  it('reaches shells nested in a login shell, although `bash -l` resets PATH from /etc/profile', () => {
    const before = records(h).length;
    const r = h.runAgent('qwen', `bash -lc 'sh -c "echo in-login"'`);
    expect(r.command.status).toBe(0);
    expect(r.command.stdout).toBe('in-login\n');
    // The inner `sh -c` went through the sh shim: the ~/.profile block put the shim dir back.
    const added = records(h).slice(before);
    expect(added.some((x) => x.command === 'echo in-login' && x.decision === 'allow' && x.exitCode === 0)).toBe(true);
  });

  it('does not run a #!/usr/bin/env bash script without a human (CI: nobody to ask)', () => {
    const r = h.runAgent('qwen', 'npm run build');
    expect(r.command.status).not.toBe(0);
    expect(r.command.stdout).not.toContain('script-ran');
    // npm's `sh -c ./build.sh` is reviewed first: running a workspace program needs a human, and CI has none.
    expect(r.command.stderr).toMatch(/shimctl: blocked \(approval\.unavailable\): CI=true/);
    expect(existsSync(h.sentinel)).toBe(true);
  });
});

describe('nested = passthrough (record and run)', () => {
  const h = setup('passthrough');

  it('runs nested shells unreviewed but records each one: the documented trade-off', () => {
    const r = h.runAgent('qwen', 'npm run build');
    expect(r.command.status).toBe(0);
    expect(r.command.stdout).toContain('script-ran');
    expect(existsSync(h.sentinel)).toBe(false);
    const passed = records(h).filter((x) =>
      (x.reasons as Array<{ code: string }>).some((c) => c.code === 'invocation.nested_passthrough'),
    );
    expect(passed.length).toBeGreaterThanOrEqual(2); // `sh -c ./build.sh`, then `bash ./build.sh`
  });

  it("still reviews the agent's own shell: passthrough never applies at the first hop", () => {
    writeFileSync(h.sentinel, 'still here\n');
    const r = h.runAgent('qwen', `rm -f ${h.sentinel}`);
    expect(r.command.status).toBe(126);
    expect(existsSync(h.sentinel)).toBe(true);
  });
});
