// The whole chain with a human answering from another process: shimctl installed in a temp HOME,
// a FAKE agent started by name through its launcher, its shell routed through the shim, the ask
// registered as a pending request and answered by `shimctl approve/deny`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../install/cliHarness.js';
import { e2eHome } from '../e2e/e2eHome.js';

const h = e2eHome(({ sentinel }) => ({ protectedPaths: [sentinel], approvals: { timeoutSeconds: 60 } }));
const ANSWERER = join(import.meta.dirname, 'answerer.mjs');

/** Starts the stand-in human; resolves to what it saw and answered. */
function answerInBackground(action: 'approve' | 'deny'): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [ANSWERER, CLI, h.home, action], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

const audit = () =>
  readFileSync(h.auditLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

// CI is set in the e2e environment (nobody to ask); these runs have a human, so it is switched off.
const withHuman = { CI: 'false' };

describe.each(['claude', 'gemini', 'copilot'])('%s through its launcher, with a human answering', (agent) => {
  it('approve: the asked command runs and the agent sees its output', async () => {
    const human = answerInBackground('approve');
    const r = h.runAgent(agent, "python3 -c 'print(6*7)'", withHuman);
    const answered = await human;
    expect(answered.code).toBe(0);
    const seen = JSON.parse(answered.out).request;
    // Claude and Gemini wrap the command in an envelope: the exact text is kept, and the model's
    // command inside it is shown as `reviewed`.
    expect(seen).toMatchObject({ agent, command: expect.stringContaining('print(6*7)') });
    expect(seen.reviewed ?? seen.command).toBe("python3 -c 'print(6*7)'");
    if (agent !== 'copilot') expect(seen.envelope).toBe(agent);
    expect(r.command.status).toBe(0);
    expect(r.command.stdout).toContain('42');
    expect(
      audit().some(
        (x) =>
          x.agent === agent &&
          x.decision === 'allow' &&
          (x.approval as { by?: string })?.by === 'user' &&
          x.exitCode === 0,
      ),
    ).toBe(true);
  });

  it('deny: 126 and the reason reach the agent', async () => {
    const human = answerInBackground('deny');
    const r = h.runAgent(agent, "python3 -c 'print(6*7)'", withHuman);
    expect((await human).code).toBe(0);
    expect(r.command.status).toBe(126);
    expect(r.command.stdout).not.toContain('42');
    expect(r.command.stderr).toMatch(/shimctl: blocked \(approval\.denied\): denied by the user: not today/);
  });
});
