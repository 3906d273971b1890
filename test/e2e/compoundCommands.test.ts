// End to end with the built bundle, the real shims and bash: compound commands judged part by part
// (docs/shell.md), through FAKE agents, including Claude Code 2.1.332's compound envelope.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

const h = e2eHome();
const audit = (): Array<Record<string, unknown>> =>
  existsSync(h.auditLog)
    ? readFileSync(h.auditLog, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

describe('compound commands through the shims', () => {
  for (const [agent, extra] of [
    ['claude', { FAKE_CLAUDE_VERSION: '2.1.332' }],
    ['claude', {}],
    ['gemini', {}],
    ['qwen', {}],
  ] as const) {
    const label = `${agent}${'FAKE_CLAUDE_VERSION' in extra ? ' 2.1.332' : ''}`;
    it(`${label}: cd src && ls | head -3 runs, and the listing reaches the agent`, () => {
      mkdirSync(join(h.workspace, 'src'), { recursive: true });
      writeFileSync(join(h.workspace, 'src', 'listed-file.txt'), 'x\n');
      const before = audit().length;
      const r = h.runAgent(agent, 'cd src && ls | head -3', extra);
      expect(r.command.stderr).toBe('');
      expect(r.command.status).toBe(0);
      expect(r.command.stdout).toContain('listed-file.txt');
      const rec = audit()
        .slice(before)
        .find((x) => x.decision === 'allow' && Array.isArray(x.parts));
      expect(rec, JSON.stringify(audit().slice(before))).toBeDefined();
    });
    it(`${label}: a glob and "$HOME" are expanded by the review, and what ran is the expanded text`, () => {
      // A directory of its own per agent: an earlier run's three.ts would be matched, rightly.
      const dir = `globbed-${label.replace(/\W/g, '_')}`;
      mkdirSync(join(h.workspace, dir), { recursive: true });
      for (const f of ['one.ts', 'two.ts']) writeFileSync(join(h.workspace, dir, f), 'x\n');
      const before = audit().length;
      const r = h.runAgent(agent, `cd ${dir} && touch three.ts && echo *.ts && echo "$HOME"`, extra);
      expect(r.command.stderr).toBe('');
      expect(r.command.status).toBe(0);
      // three.ts was made by an earlier part: the list that ran is the one that was judged.
      expect(r.command.stdout).toContain('one.ts two.ts\n');
      const rec = audit()
        .slice(before)
        .find((x) => x.decision === 'allow' && typeof x.executed === 'string');
      expect(rec, JSON.stringify(audit().slice(before))).toBeDefined();
      expect(String(rec!.executed)).toContain('echo one.ts two.ts');
    });
    it(`${label}: a dangerous part after a harmless one is refused and does not run`, () => {
      const r = h.runAgent(agent, `ls && rm -f ${h.sentinel}`, extra);
      expect(r.command.status).toBe(126);
      expect(readFileSync(h.sentinel, 'utf8')).toBe('still here\n');
    });
  }
});

describe("Claude's here-documents through the shims", () => {
  for (const extra of [{ FAKE_CLAUDE_VERSION: '2.1.332' }, {}] as Array<Record<string, string>>) {
    const agent = 'claude';
    const label = `claude${'FAKE_CLAUDE_VERSION' in extra ? ' 2.1.332' : ''}`;
    it(`${label}: Claude's commit idiom with a here-document makes a commit; a here-document fed to sh that deletes is refused`, () => {
      const repo = join(h.workspace, `repo-${'FAKE_CLAUDE_VERSION' in extra ? '332' : '197'}`);
      mkdirSync(repo, { recursive: true });
      // The repository is set up by the test itself, not through the agent.
      const git = (...args: string[]) =>
        execFileSync('git', args, { cwd: repo, env: { PATH: '/usr/bin:/bin', HOME: h.home } });
      git('init', '-q');
      git('config', 'user.email', 'a@b.invalid');
      git('config', 'user.name', 't');
      writeFileSync(join(repo, 'a.txt'), 'x\n');
      git('add', 'a.txt');
      const commit =
        'cd ' +
        repo +
        ' && git commit -q -m "$(cat <<\'EOF\'\nAdd a.txt\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)" && git log -1 --format=%B';
      const r = h.runAgent(agent, commit, extra);
      expect(r.command.stderr).toBe('');
      expect(r.command.status).toBe(0);
      expect(r.command.stdout).toBe('Add a.txt\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n\n');
      const bad = h.runAgent(agent, `sh <<'EOF'\nrm -f ${h.sentinel}\nEOF`, extra);
      expect(bad.command.status).not.toBe(0);
      expect(readFileSync(h.sentinel, 'utf8')).toBe('still here\n');
    });
  }
});
