// "Approve always": one narrow rule in the USER's config, shown before it is saved, never
// duplicated, never for asks a rule must not silence; the next identical request runs unasked.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approvalHome, pendingFiles } from './approvalHarness.js';

const readConfig = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { rules?: Array<Record<string, unknown>>; [k: string]: unknown };

describe('approve --always', () => {
  it('writes one exact rule to the user config, keeps the rest of the file, and the next identical call runs without a prompt', async () => {
    const h = approvalHome({
      approvals: { timeoutSeconds: 60 },
      protectedPaths: ['~/private/**'],
      rules: [{ id: 'me:keep', command: 'git', subcommand: ['status'], decision: 'allow' }],
    });
    const w = h.shim('mytool build --fast');
    const [p] = await h.waitForPending(1);
    const a = h.answer(['approve', p!.id, '--always']);
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    // The rule is printed before anything else: the user sees what was saved.
    expect(a.stdout).toContain(`saved to ${h.userConfig}`);
    expect(a.stdout).toContain('"command": "mytool"');
    expect((await w.done).status).toBe(0);

    const cfg = readConfig(h.userConfig);
    expect(cfg.protectedPaths).toEqual(['~/private/**']);
    expect(cfg.approvals).toEqual({ timeoutSeconds: 60, answerWithoutTerminal: true }); // the harness's opt-in, kept
    expect(cfg.rules).toHaveLength(2);
    expect(cfg.rules![0]).toEqual({ id: 'me:keep', command: 'git', subcommand: ['status'], decision: 'allow' });
    expect(cfg.rules![1]).toMatchObject({ command: 'mytool', args: ['build', '--fast'], decision: 'allow' });
    expect(String(cfg.rules![1]!.id)).toMatch(/^approved:mytool-[0-9a-f]{8}$/);
    expect(h.audit().at(-1)).toMatchObject({ decision: 'allow', approval: { by: 'user', always: true } });

    // Identical request: allowed by the rule, no pending request at all.
    const again = await h.shim('mytool build --fast').done;
    expect(again.status).toBe(0);
    expect(pendingFiles(h)).toEqual([]);
    expect(h.ran()).toEqual(['build --fast', 'build --fast']);
    // Narrow: other arguments still ask (and here time out unanswered).
    const other = h.shim('mytool build --slow');
    const [p2] = await h.waitForPending(1);
    expect(p2!.command).toBe('mytool build --slow');
    h.answer(['deny', p2!.id]);
    expect((await other.done).status).toBe(126);
  });

  it('--scope subcommand allows the command and its sub-command with any arguments, nothing wider', async () => {
    const h = approvalHome();
    const w = h.shim('mytool test --unit');
    const [p] = await h.waitForPending(1);
    const a = h.answer(['approve', p!.id, '--always', '--scope', 'subcommand']);
    expect(a.status).toBe(0);
    expect((await w.done).status).toBe(0);
    expect(readConfig(h.userConfig).rules).toEqual([
      expect.objectContaining({ command: 'mytool', subcommand: ['test'], decision: 'allow' }),
    ]);
    expect((await h.shim('mytool test --integration').done).status).toBe(0);
    const wider = h.shim('mytool release');
    const [p2] = await h.waitForPending(1);
    expect(p2!.command).toBe('mytool release');
    h.answer(['deny', p2!.id]);
    await wider.done;
  });

  it('does not duplicate a rule when two identical requests were pending', async () => {
    const h = approvalHome();
    const one = h.shim('mytool lint', { session: 'a' });
    const two = h.shim('mytool lint', { session: 'b' });
    const [p1, p2] = await h.waitForPending(2);
    expect(h.answer(['approve', p1!.id, '--always']).status).toBe(0);
    const second = h.answer(['approve', p2!.id, '--always']);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('already in your config');
    expect((await one.done).status).toBe(0);
    expect((await two.done).status).toBe(0);
    expect(readConfig(h.userConfig).rules).toHaveLength(1);
  });

  it("never writes to the project's config, even when the agent works inside a project that has one", async () => {
    const h = approvalHome();
    const projectFile = join(h.workspace, '.shimctlrc.json');
    writeFileSync(projectFile, '{"protectedPaths": ["secrets/**"]}\n');
    const before = readFileSync(projectFile, 'utf8');
    const w = h.shim('mytool fmt');
    const [p] = await h.waitForPending(1);
    expect(h.answer(['approve', p!.id, '--always']).status).toBe(0);
    await w.done;
    expect(readFileSync(projectFile, 'utf8')).toBe(before);
    expect(readConfig(h.userConfig).rules).toHaveLength(1);
  });

  it.each([
    // An allow rule would only replace the rules stage; these checks are not the rules stage.
    ['env.code_injection', 'LD_PRELOAD=/tmp/x.so mytool build'],
    ['command.inline_code', "python3 -c 'print(1)'"],
  ])('is refused for asks caused by %s: no rule is written and the request still waits', async (code, command) => {
    const h = approvalHome();
    const w = h.shim(command);
    const [p] = await h.waitForPending(1);
    expect(p!.reasons.map((r) => r.code)).toContain(code);
    const a = h.answer(['approve', p!.id, '--always']);
    expect(a.status).toBe(1);
    expect(a.stderr).toContain(code);
    expect(a.stderr).toMatch(/approve once instead/);
    expect(readConfig(h.userConfig).rules).toBeUndefined();
    expect(h.pending().map((x) => x.id)).toEqual([p!.id]);
    h.answer(['deny', p!.id]);
    expect((await w.done).status).toBe(126);
  });

  it('refuses to edit a YAML user config and leaves the request waiting (nothing answered)', async () => {
    const h = approvalHome();
    // Only config.json can be rewritten without losing comments.
    writeFileSync(
      h.userConfig.replace(/\.json$/, '.yaml'),
      'approvals:\n  timeoutSeconds: 60\n  answerWithoutTerminal: true\n',
    );
    const { rmSync } = await import('node:fs');
    rmSync(h.userConfig);
    const w = h.shim('mytool yaml');
    const [p] = await h.waitForPending(1);
    const a = h.answer(['approve', p!.id, '--always']);
    expect(a.status).toBe(1);
    expect(a.stderr).toMatch(/nothing was answered/);
    expect(existsSync(h.userConfig)).toBe(false);
    expect(h.pending()).toHaveLength(1);
    h.answer(['deny', p!.id]);
    await w.done;
  });
});

describe('approve --always checks that the rule would work before saving it', () => {
  it("refuses when a project's ask rule would still ask (the rule is tried, not assumed)", async () => {
    const h = approvalHome();
    writeFileSync(
      join(h.workspace, '.shimctlrc.json'),
      JSON.stringify({
        rules: [{ id: 'proj:ask-mytool', command: 'mytool', decision: 'ask', reason: 'the team reviews mytool' }],
      }),
    );
    const w = h.shim('mytool ship');
    const [p] = await h.waitForPending(1);
    expect(p!.reasons.map((r) => r.code)).toContain('command.asked');
    const a = h.answer(['approve', p!.id, '--always']);
    expect(a.status).toBe(1);
    expect(a.stderr).toMatch(/would not make this request run without asking/);
    expect(readConfig(h.userConfig).rules).toBeUndefined();
    h.answer(['deny', p!.id]);
    await w.done;
  });
});
