// An `ask` in a hook goes to a human exactly as in the shims: approved ⇒ the agent runs it,
// denied or nobody to ask (CI) ⇒ blocked. The human is answerer.mjs, another process using the CLI.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../install/cliHarness.js';
import { fakeAgent, makeHookWorld, readAudit, type HookWorld, stopHookWorlds } from './hookHarness.js';

afterAll(stopHookWorlds);

const ANSWERER = join(import.meta.dirname, '..', 'approvals', 'answerer.mjs');
const ASKS = 'git push';
let world: HookWorld;
beforeAll(() => {
  world = makeHookWorld('ask');
}, 120_000);

/** Starts the "human" in the background; resolves with its exit status once it has answered. */
function human(action: 'approve' | 'deny'): Promise<number | null> {
  const child = spawn(process.execPath, [ANSWERER, CLI, world.home, action, '20000'], { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe.each(['codex', 'cline', 'crush'])('%s hook asks a human', (agent) => {
  it('approved: the agent runs it, and the record says who approved', async () => {
    const before = readAudit(world).length;
    const answered = human('approve');
    const r = fakeAgent(world, agent, ASKS, { env: { CI: '' } });
    expect(await answered).toBe(0);
    expect(r, JSON.stringify(r)).toMatchObject({ blocked: false, ran: true });
    const recs = readAudit(world).slice(before);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ decision: 'allow', agent, command: ASKS, approval: { by: 'user' } });
    expect(recs[0]!.reasons.map((x) => x.code)).toContain('approval.granted');
  });

  it('denied: blocked with the reason', async () => {
    const answered = human('deny');
    const r = fakeAgent(world, agent, ASKS, { env: { CI: '' } });
    expect(await answered).toBe(0);
    expect(r, JSON.stringify(r)).toMatchObject({ blocked: true, ran: false });
    expect(r.reason).toContain('approval.denied');
  });

  it('in CI nobody can answer: blocked at once', () => {
    const r = fakeAgent(world, agent, ASKS, { env: { CI: 'true' } });
    expect(r, JSON.stringify(r)).toMatchObject({ blocked: true, ran: false });
    expect(r.reason).toContain('approval.unavailable');
  });
});
