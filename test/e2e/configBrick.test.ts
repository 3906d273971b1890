// Issue 17 item 9, end to end through a launcher and the real shims: one broken project config
// blocks every agent command in the repository (fail closed), the block line names the file and
// the way out, the person's `shimctl config quarantine` restores service, and the agent can
// neither write the config directly nor quarantine it itself.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, SYSTEM_PATH, cli, tempDir } from '../install/cliHarness.js';
import { FAKE_BIN, e2eHome } from './e2eHome.js';

const BROKEN = 'rules: [\n'; // a YAML syntax error: the whole repository is blocked

describe('a broken project config: blocked, explained, recovered', () => {
  const h = e2eHome();
  // The workspace is a repository (the project search stops at its root) with one commit, so a
  // branch the person made can be merged by the agent.
  const git = (...args: string[]) =>
    spawnSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'init.defaultBranch=main', ...args],
      { cwd: h.workspace, env: { ...process.env, HOME: h.home } },
    );
  git('init', '-q');
  git('commit', '-q', '--allow-empty', '-m', 'init');
  const rc = join(h.workspace, '.shimctlrc');
  const quarantined = join(h.home, '.local', 'state', 'shimctl', 'quarantine');
  // `shimctl` on the agent's PATH too, so its refusal is the self-control rule, not "not found".
  const agentBin = tempDir('agent-bin');
  symlinkSync(CLI, join(agentBin, 'shimctl'));
  const agentPath = { PATH: `${h.launcherDir}:${agentBin}:${FAKE_BIN}:${SYSTEM_PATH}` };
  const agent = (command: string) => h.runAgent('qwen', command, agentPath).command;
  const user = (args: string[]) => cli(args, h.env, h.workspace);

  it('runs agent commands while the repository has no project config (control case)', () => {
    expect(agent('touch ok-before').status).toBe(0);
    expect(existsSync(join(h.workspace, 'ok-before'))).toBe(true);
  });

  it("refuses the agent's direct write of a project config (it would ask; nobody can answer in CI)", () => {
    writeFileSync(join(h.workspace, 'a.txt'), BROKEN);
    for (const command of [
      'cp a.txt .shimctlrc',
      'mv a.txt .shimctlrc.yaml',
      'tee .shimctlrc.json < a.txt',
      'ln -s a.txt shimctl.config.yml',
    ]) {
      const r = agent(command);
      expect(r.status, command).toBe(126);
    }
    for (const name of ['.shimctlrc', '.shimctlrc.yaml', '.shimctlrc.json', 'shimctl.config.yml']) {
      expect(existsSync(join(h.workspace, name)), name).toBe(false);
    }
    const codes = readFileSync(h.auditLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { command?: string; reasons: Array<{ code: string }> })
      .filter((r) => r.command?.includes('cp a.txt .shimctlrc'))
      .flatMap((r) => r.reasons.map((x) => x.code));
    expect(codes).toContain('path.shimctl_config');
  });

  it('an allowed command that lands the file (git merge) bricks the repository; the block line names file, field and the way out', () => {
    // A branch with the broken file, as a `git pull` could bring (archive extraction now asks).
    expect(git('checkout', '-q', '-b', 'cfg').status).toBe(0);
    writeFileSync(rc, BROKEN);
    expect(git('add', '.shimctlrc').status).toBe(0);
    expect(git('commit', '-q', '-m', 'cfg').status).toBe(0);
    expect(git('checkout', '-q', 'main').status).toBe(0);
    expect(existsSync(rc)).toBe(false);
    expect(agent('git merge cfg').status).toBe(0); // the review cannot see what a branch holds
    expect(existsSync(rc)).toBe(true);

    for (const command of ['touch after-brick', 'rm .shimctlrc', 'ls']) {
      const r = agent(command);
      expect(r.status, command).toBe(126);
      expect(r.stderr).toContain('shimctl: blocked (config.invalid): config ');
      expect(r.stderr).toContain(rc);
      expect(r.stderr).toContain('YAML syntax error');
      expect(r.stderr).toContain(`from your own terminal (not through the agent) run: shimctl config quarantine ${rc}`);
    }
    expect(existsSync(join(h.workspace, 'after-brick'))).toBe(false);
    expect(existsSync(rc)).toBe(true);
  });

  it('status and doctor name the file, the recovery, and that an agent command was running when it changed', () => {
    const status = user(['status']);
    expect(status.stdout).toContain('config:       BLOCKED');
    expect(status.stdout).toContain(`file:       ${rc}`);
    expect(status.stdout).toContain(`shimctl config quarantine ${rc}`);
    expect(status.stdout).toMatch(/AGENT-WRITTEN\? changed while qwen .*running `git merge cfg`/);
    const json = JSON.parse(user(['status', '--json']).stdout) as {
      config: { state: string; files: Array<{ file: string; agentChange?: { how: string; command: string } }> };
    };
    expect(json.config.state).toBe('invalid');
    expect(json.config.files.find((f) => f.file === rc)?.agentChange).toMatchObject({
      how: 'during-command',
      command: 'git merge cfg',
    });
    const doctor = user(['doctor']);
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toContain(`FAIL  the config for ${h.workspace} loads`);
    expect(doctor.stdout).toContain(`may be agent-written`);
  });

  it("refuses the agent's own quarantine, in every spelling (it would drop the project's rules)", () => {
    // With a valid, stricter project file, so the refusal is the self-control rule, not the brick.
    const strict = join(h.workspace, 'shimctl.config.json');
    rmSync(rc);
    writeFileSync(strict, JSON.stringify({ rules: [{ id: 'team:no-curl', command: 'curl', decision: 'block' }] }));
    try {
      expect(agent('touch allowed-with-strict').status).toBe(0);
      for (const command of [
        'shimctl config quarantine shimctl.config.json',
        `node ${CLI} config quarantine shimctl.config.json`,
        'mv shimctl.config.json /tmp/away.json',
        'rm shimctl.config.json',
      ]) {
        const r = agent(command);
        expect(r.status, command).toBe(126);
        expect(existsSync(strict), command).toBe(true);
      }
      expect(agent('shimctl config quarantine shimctl.config.json').stderr).toContain('only a person may run it');
    } finally {
      rmSync(strict);
      writeFileSync(rc, BROKEN);
    }
  });

  it("the person's quarantine moves the file aside (kept, owner-only, recorded) and restores service", () => {
    expect(agent('touch still-blocked').status).toBe(126);
    const r = user(['config', 'quarantine', '.shimctlrc']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`moved ${rc} aside`);
    expect(r.stdout).toContain(`config for ${h.workspace}: ok now`);
    expect(existsSync(rc)).toBe(false);
    expect(lstatSync(quarantined).mode & 0o777).toBe(0o700);
    const [id] = readdirSync(quarantined);
    expect(readFileSync(join(quarantined, id!, '.shimctlrc'), 'utf8')).toBe(BROKEN);
    const entry = JSON.parse(readFileSync(join(quarantined, id!, 'entry.json'), 'utf8'));
    expect(entry).toMatchObject({ id, originalPath: rc, kind: 'file' });
    expect(user(['config', 'quarantine', '--list']).stdout).toContain(`${id}  `);

    expect(agent('touch after-recovery').status).toBe(0);
    expect(existsSync(join(h.workspace, 'after-recovery'))).toBe(true);

    // Nothing left to move: said plainly, exit 1.
    const again = user(['config', 'quarantine', '.shimctlrc']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`nothing at ${rc}`);

    // And back: the repository is blocked again, which is what restoring a broken file means.
    const back = user(['config', 'restore', id!]);
    expect(back.status, back.stderr).toBe(0);
    expect(readFileSync(rc, 'utf8')).toBe(BROKEN);
    expect(back.stdout).toContain('still blocked');
    expect(agent('touch blocked-again').status).toBe(126);
    expect(user(['config', 'quarantine', rc]).status).toBe(0);
  });
});
