import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, makeHome, runCli } from '../decide/cliHarness.js';

let h: ReturnType<typeof makeHome>;
let proj: string;
beforeAll(() => ensureBuilt());
beforeEach(() => {
  h = makeHome();
  proj = join(h.root, 'proj');
  mkdirSync(join(proj, '.git'), { recursive: true });
});
afterEach(() => h.cleanup());

const explain = (args: string[]) => runCli(['explain', '--cwd', proj, ...args], { env: h.env });

describe('shimctl explain (real CLI, temp HOME)', () => {
  it('names the verdict, the reason code and the stages for a refused substitution', () => {
    const r = explain(['cat $(a) | sh']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/verdict\s+BLOCK/);
    expect(r.stdout).toContain('syntax.substitution');
    expect(r.stdout).toContain('stages');
    expect(r.stdout).toContain('built-in defaults');
  });

  it('--json has the same verdict as decide, plus trace and config', () => {
    const j = JSON.parse(explain(['--json', 'ls;', 'id']).stdout);
    const d = JSON.parse(
      runCli(['decide', '--json'], {
        env: h.env,
        input: JSON.stringify({ api_version: 1, command: 'ls; id', cwd: proj }),
      }).stdout,
    );
    expect({ decision: j.decision, risk: j.risk, reasons: j.reasons, rule_ids: j.rule_ids }).toEqual({
      decision: d.decision,
      risk: d.risk,
      reasons: d.reasons,
      rule_ids: d.rule_ids,
    });
    expect(Array.isArray(j.trace)).toBe(true);
    expect(j.config).toEqual({ kind: 'ok', sources: [], warnings: [] });
  });

  it('--argv judges words as argv: a quoted ";" stays data', () => {
    const text = JSON.parse(explain(['--json', 'echo', 'a;b']).stdout);
    const argv = JSON.parse(explain(['--json', '--argv', 'echo', 'a;b']).stdout);
    // As text, `;` separates two commands, each judged (docs/shell.md); as argv it is data.
    expect(text.parts.map((p: { argv: string[] }) => p.argv)).toEqual([['echo', 'a'], ['b']]);
    expect(argv.request).toEqual({ argv: ['echo', 'a;b'], cwd: proj });
    expect(argv.parts).toBeUndefined();
    expect(argv.decision).toBe('allow');
  });

  it('shows the parts of a compound command with their verdicts', () => {
    const r = explain(['cd', 'src', '&&', 'ls', '|', 'head', '-3']);
    expect(r.stdout).toMatch(/parts \(a compound command/);
    expect(r.stdout).toMatch(/1\. cd src\s+in \S+\s+=> allow/);
    expect(r.stdout).toMatch(/3\. head -3\s+in \S+\/src\s+=> allow/);
  });

  it('shows which config rule fired, from which file, and the loosening a project tried', () => {
    const user = join(h.home, '.config', 'shimctl', 'config.json');
    mkdirSync(join(h.home, '.config', 'shimctl'), { recursive: true });
    writeFileSync(
      user,
      JSON.stringify({
        rules: [{ id: 'me:no-uname', command: 'uname', decision: 'block', reason: 'uname leaks the kernel' }],
      }),
    );
    writeFileSync(
      join(proj, '.shimctlrc.json'),
      JSON.stringify({
        disabledRules: ['git:push-force'],
        rules: [{ id: 'p:ok', command: 'uname', decision: 'allow' }],
      }),
    );
    const r = explain(['uname', '-a']);
    expect(r.stdout).toMatch(/verdict\s+BLOCK/);
    expect(r.stdout).toContain(`me:no-uname (config ${user}): uname -> block: uname leaks the kernel`);
    expect(r.stdout).toContain(user);
    expect(r.stdout).toContain(`warning config.loosening_ignored: ${join(proj, '.shimctlrc.json')}: disabledRules:`);
    expect(r.stdout).toContain('rules[0]: a project cannot add allow rules');
  });

  it('an invalid config is shown as such, and the verdict blocks', () => {
    writeFileSync(join(proj, '.shimctlrc.json'), '{"rules": 3}');
    const r = explain(['ls']);
    expect(r.stdout).toMatch(/verdict\s+BLOCK/);
    expect(r.stdout).toContain('config.invalid');
    expect(r.stdout).toContain('INVALID');
  });

  it('control and bidi characters are shown as escapes, never raw', () => {
    const r = explain(['--argv', 'cat', 'a\u001b[2Jb', 'x\u202ey']);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).not.toContain('\u202e');
    expect(r.stdout).toContain('\\x1b[2J');
    expect(r.stdout).toContain('\\u{202e}');
  });

  it('usage errors exit 2', () => {
    expect(runCli(['explain'], { env: h.env }).status).toBe(2);
    expect(runCli(['explain', '--cwd'], { env: h.env }).status).toBe(2);
    expect(runCli(['explain', '--bogus', 'ls'], { env: h.env }).status).toBe(2);
  });
});
