import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import type { CompoundPart } from '../../../src/domain/review/reviewCompound.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { tokenize } from '../../../src/domain/shell/tokenize.js';
import { loadCases } from '../review/caseTable.js';
import { permissiveFakeHostFacts } from '../review/fakeHostFacts.js';
import { withRealGrammar } from '../review/grammarFacts.js';
import { BASES, claudeHeredocQuote } from './agentFixtures.js';
import { tempDir } from '../../support/tempDirs.js';

/**
 * Differential test (docs/shell.md "What runs is what was reviewed"): every allowed compound
 * command of the tables runs under real bash in a sandbox, with xtrace writing each simple command
 * bash executes, and the directory it runs in (PS4 = `+$PWD|`), to a file. Every command bash ran
 * must be a part the review judged, in a directory the review judged it in; when nothing is
 * conditional (no `||`, no `exit`), every judged part must have run too.
 */
const sandbox = tempDir('shimctl-compound-');
const trace = join(sandbox, 'trace');
const envFile = join(sandbox, 'xtrace.sh');
// SHLVL tells the shell the review judged (1) from a bash it started (a here-document fed to bash):
// that one's commands were judged by the nested review, not as parts.
writeFileSync(envFile, `PS4='+\${SHLVL}|\${PWD}|'; exec 3>>${trace}; BASH_XTRACEFD=3; set -x\n`);
const snapshot = join(sandbox, '.claude/shell-snapshots/snapshot-bash-1796142397507-h2acv2.sh');
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const stripAssignments = (argv: string[]): string[] =>
  argv.slice(argv.findIndex((w) => !ASSIGNMENT.test(w)) < 0 ? argv.length : argv.findIndex((w) => !ASSIGNMENT.test(w)));

function freshWorkspace(): string {
  const ws = join(sandbox, 'ws');
  rmSync(ws, { recursive: true, force: true });
  mkdirSync(join(ws, 'src'), { recursive: true });
  writeFileSync(join(ws, 'README.md'), 'hello\nx\n');
  writeFileSync(join(ws, 'src/a.ts'), 'x\n');
  execFileSync('git', ['init', '-q'], { cwd: ws, env: { PATH: '/usr/bin:/bin', HOME: sandbox } });
  return ws;
}

const NL = '%newline%';

/** The simple commands bash executed: (directory, argv), assignments and `eval` itself left out. */
function executed(command: string, cwd: string): Array<{ cwd: string; argv: string[] }> {
  writeFileSync(trace, '');
  try {
    execFileSync('/bin/bash', ['-c', command], {
      cwd,
      env: { PATH: '/usr/bin:/bin', HOME: sandbox, BASH_ENV: envFile },
      stdio: 'ignore',
      timeout: 10000,
    });
  } catch {
    /* a failing part is fine: what ran is what counts */
  }
  const out: Array<{ cwd: string; argv: string[] }> = [];
  // An argument with a newline (a commit message) spans several trace lines, inside single quotes.
  const records: string[] = [];
  for (const line of readFileSync(trace, 'utf8').replace(/\n$/, '').split('\n')) {
    if (/^\++[0-9]+\|/.test(line) || records.length === 0) records.push(line);
    else records[records.length - 1] += `\n${line}`;
  }
  for (const record of records) {
    const m = /^\++([0-9]+)\|([^|]*)\|([\s\S]*)$/.exec(record);
    if (m?.[1] !== '1') continue;
    // Claude 2.1.332's bash version guard: bash traces the header of its `case`, not a simple command.
    if (/^case .* in$/.test(m[3]!)) continue;
    const t = tokenize(m[3]!.replaceAll('\n', NL), { home: sandbox });
    if (!t.ok) throw new Error(`xtrace line not tokenised: ${record}`);
    const argv = stripAssignments(t.words.map((w) => w.replaceAll(NL, '\n')));
    if (argv.length === 0 || argv[0] === 'eval') continue;
    out.push({ cwd: m[2]!, argv });
  }
  return out;
}

let facts: HostFacts;
beforeAll(async () => {
  facts = await withRealGrammar(permissiveFakeHostFacts(sandbox));
  mkdirSync(join(sandbox, '.claude/shell-snapshots'), { recursive: true });
  writeFileSync(snapshot, '# empty snapshot\n');
});

const tables = loadCases(new URL('../review/compound', import.meta.url).pathname)
  .filter((c) => c.expect === 'allow')
  .map((c) => c.command!);
const envelope = BASES['claude-2.1.332']!.replace(
  '/home/u/.claude/shell-snapshots/snapshot-bash-1796142397507-h2acv2.sh',
  snapshot,
).replace(/\/tmp\/claude-[0-9a-f]{4}-cwd/, join(sandbox, 'claude-1a2b-cwd'));
const commitIdiom =
  'git add README.md && git commit -q -m "$(cat <<\'EOF\'\nCommit message here.\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"';
const corpus = [
  ...tables,
  envelope,
  envelope.replace("eval 'touch marker.txt'", "eval 'cd src && ls | head -3'"),
  'cd src && ls | head -3; cd .. && cat README.md | wc -l',
  // Here-documents (heredoc.jsonl's allowed spellings are in `tables` too): Claude's commit idiom in its
  // envelope (its here-document quoting, no `< /dev/null`), a file written with cat and tee, a shell fed one.
  envelope.replace("eval 'touch marker.txt' < /dev/null", () => `eval ${claudeHeredocQuote(commitIdiom)}`),
  "cd src && cat > notes.txt <<'EOF' && tee -a notes.txt <<< more >/dev/null && wc -l notes.txt\nline one\nEOF",
  "sh <<'EOF'\necho harmless\nEOF",
  "cat <<'EOF' | bash -s\nls src\nEOF",
];

/**
 * bash's `time` is a keyword that times the command after it (taking only `-p`): bash runs that
 * command itself, where the review judged it inside the `time` wrapper (policy/wrappers.ts).
 */
const withoutTimeKeyword = (argv: string[]): string[] =>
  argv[0] === 'time' ? argv.slice(argv[1] === '-p' ? 2 : 1) : argv;

describe('compound commands: the simple commands bash runs are the parts the review judged', () => {
  for (const command of corpus) {
    it(JSON.stringify(command.length > 120 ? `${command.slice(0, 117)}...` : command), () => {
      const ws = freshWorkspace();
      const r = reviewCommand({ command, cwd: ws, hop: 'agent', agent: 'claude' }, defaultConfig(), facts);
      expect(r.verdict.decision, JSON.stringify(r.verdict.reasons)).toBe('allow');
      // One simple command (`eval 'cd src && ls'` as a whole) takes the simple-command path: no parts.
      if (!r.parts) {
        expect(tokenize(command, { home: sandbox }).ok).toBe(true);
        return;
      }
      const judged = (r.parts ?? [])
        .filter((p: CompoundPart) => p.argv.length > 0)
        .map((p) => ({ cwds: p.cwd.split(' | '), argv: withoutTimeKeyword(stripAssignments(p.argv)), used: false }))
        .filter((p) => p.argv.length > 0);
      const ran = executed(command, ws);
      for (const x of ran) {
        const match = judged.find(
          (j) => !j.used && JSON.stringify(j.argv) === JSON.stringify(x.argv) && j.cwds.includes(x.cwd),
        );
        expect(
          match,
          `bash ran ${JSON.stringify(x)} which the review did not judge there; judged ${JSON.stringify(judged)}`,
        ).toBeDefined();
        match!.used = true;
      }
      if (!/\|\||\bexit\b/.test(command))
        expect(
          judged.filter((j) => !j.used),
          'judged but not run',
        ).toEqual([]);
    });
  }
});
