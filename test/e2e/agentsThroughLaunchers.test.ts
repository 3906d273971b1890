// End to end: shimctl installed in a temp HOME, each FAKE agent started by name through its
// launcher, starting its shell the way the real agent does. Everything else is real: the built
// bundle, the shims, bash/dash, the review core, the executor and the audit log.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import cases from './agents.cases.json' with { type: 'json' };
import type { E2eHome } from './e2eHome.js';
import { e2eHome } from './e2eHome.js';

const GUARD_AGENTS = ['codex', 'cline'];
const h: E2eHome = e2eHome();
// One command that got through must not make every later case fail for the wrong reason.
afterEach(() => {
  if (!existsSync(h.sentinel)) writeFileSync(h.sentinel, 'still here\n');
});

const fill = (text: string, agent: string) =>
  text
    .replaceAll('{agent}', agent)
    .replaceAll('{workspace}', h.workspace)
    .replaceAll('{sentinel}', h.sentinel)
    .replaceAll('{home}', h.home);

function auditRecords(): Array<Record<string, unknown>> {
  if (!existsSync(h.auditLog)) return [];
  return readFileSync(h.auditLog, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe.each(cases.agents)('fake %s through its launcher', (agent) => {
  it.each(cases.harmless)('runs a harmless command and the agent sees its output: $command', ({ command, stdout }) => {
    const r = h.runAgent(agent, fill(command, agent));
    expect(r.command.stderr).toBe('');
    expect(r.command.status).toBe(0);
    expect(r.command.stdout).toContain(fill(stdout, agent));
    // Guard agents (BASH_ENV) record the decision before their own bash runs the command: no exit status.
    const ran = (x: Record<string, unknown>) =>
      x.exitCode === 0 || (GUARD_AGENTS.includes(agent) && x.exitCode === undefined);
    const rec = auditRecords().filter(
      (x) => x.agent === agent && x.decision === 'allow' && ran(x) && String(x.command).includes(fill(command, agent)),
    );
    expect(rec.length).toBeGreaterThan(0);
  });

  it.each(cases.dangerous)(
    'does not run a dangerous command ($why); the agent sees 126 and the message',
    ({ command, secret }) => {
      const before = auditRecords().length;
      const r = h.runAgent(agent, fill(command, agent));
      expect(r.command.status).toBe(126);
      expect(r.command.stderr).toMatch(/shimctl: blocked \([a-z_]+\.[a-z_]+\): .+ — see: shimctl explain /);
      expect(readFileSync(h.sentinel, 'utf8')).toBe('still here\n');
      expect(existsSync(h.home)).toBe(true);
      if (secret) expect(r.command.stdout).not.toContain(secret);
      const added = auditRecords().slice(before);
      expect(added.some((x) => x.decision === 'block' && x.agent === agent)).toBe(true);
    },
  );
});

describe('bookkeeping and session markers', () => {
  it("runs Claude's snapshot script and env probe (recognised by shape) and marks the session", () => {
    const r = h.runAgent('claude', 'echo ok');
    const snapshot = r.steps.find((s) => s.what === 'snapshot')!;
    const probe = r.steps.find((s) => s.what === 'env-probe')!;
    expect(snapshot.status).toBe(0);
    expect(probe.status).toBe(0);
    expect(probe.stdout).toMatch(/^SHIMCTL_AGENT=claude$/m);
    expect(probe.stdout).toMatch(/^SHIMCTL_SESSION=[0-9a-f]{16}$/m);
  });

  it("lets Codex's snapshot script and snapshot check through the BASH_ENV guard (recognised by shape)", () => {
    const r = h.runAgent('codex', 'echo ok');
    expect(r.steps.map((s) => [s.what, s.status])).toEqual([
      ['snapshot', 0],
      ['snapshot-check', 0],
      ['command', 0],
    ]);
    expect(r.steps[0]!.stdout).toContain('# Snapshot file');
    const codexBookkeeping = auditRecords().filter(
      (x) =>
        x.agent === 'codex' && (x.reasons as Array<{ code: string }>).some((c) => c.code === 'envelope.bookkeeping'),
    );
    expect(codexBookkeeping.length).toBeGreaterThanOrEqual(2);
  });

  it('re-checks the inner `exec /bin/bash -c` of the Codex wrapper as a nested shell', () => {
    const before = auditRecords().length;
    h.runAgent('codex', 'echo twice-checked');
    // The wrapper's record holds the whole (long, trimmed) wrapper text; the nested one the plain command.
    const added = auditRecords()
      .slice(before)
      .filter((x) => x.agent === 'codex');
    const wrapper = added.findIndex((x) => x.envelope === 'codex' && x.decision === 'allow');
    const nested = added.findIndex(
      (x) => x.command === 'echo twice-checked' && x.envelope === undefined && x.decision === 'allow',
    );
    expect(wrapper).toBeGreaterThanOrEqual(0);
    expect(nested).toBeGreaterThan(wrapper);
  });

  it("runs Copilot's login-environment dump", () => {
    const r = h.runAgent('copilot', 'echo ok');
    expect(r.steps.find((s) => s.what === 'login-env')!.status).toBe(0);
  });
});
