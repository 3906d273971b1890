// Project pinning (docs/rules.md) as data: which files a build or test tool's approval is pinned
// to, and what a review makes of the approval when they change. Real files, the real digest.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { ConfigRule } from '../../../src/domain/policyConfig.js';
import { pinPaths, projectDigest, PIN_FILES } from '../../../src/domain/approvals/projectPin.js';
import { BUILD_TOOLS } from '../../../src/domain/modes/commandClasses.js';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { digestFiles } from '../../../src/infrastructure/hostFacts/digestFiles.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../review/fakeHostFacts.js';
import { withRealGrammar } from '../review/grammarFacts.js';
import data from './projectPin.cases.json' with { type: 'json' };

interface PathCase {
  name: string;
  command: string;
  root: string;
  cwd: string;
  paths: string[] | null;
}
interface ReviewCase {
  name: string;
  command: string;
  files: Record<string, string>;
  edit: Record<string, string | null>;
  approvedIn?: string;
  cwd?: string;
  extraRules?: ConfigRule[];
  forgedDigest?: boolean;
  pinnedDecision?: 'ask' | 'block';
  decision: string;
  codes?: string[];
  absentCodes?: string[];
  firstCode?: string;
  ruleIds?: string[];
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function put(root: string, rel: string, content: string | null): void {
  const p = join(root, rel);
  rmSync(p, { recursive: true, force: true });
  if (content === null) return;
  mkdirSync(dirname(p), { recursive: true });
  if (content === '<fifo>') execFileSync('mkfifo', [p]);
  else if (content === '<dir>') mkdirSync(p);
  else writeFileSync(p, content);
}

describe('project pin: the files of each tool', () => {
  it('every build tool acceptEdits names has a row in the pin table, and nothing else does', () => {
    expect(Object.keys(PIN_FILES).sort()).toEqual([...BUILD_TOOLS].sort());
  });
  it.each(data.paths as unknown as PathCase[])('$name', (c) => {
    expect(pinPaths(c.command, c.root, c.cwd) ?? null).toEqual(c.paths);
  });
});

describe('project pin: a pinned approval at review time', async () => {
  const facts = {
    ...(await withRealGrammar(fakeHostFacts({ onPath: [...FAKE_PATH_COMMANDS, 'npm', 'make', 'go'] }))),
    digestFiles,
  };
  it.each(data.reviews as unknown as ReviewCase[])('$name', (c) => {
    const root = mkdtempSync(join(tmpdir(), 'pin-'));
    dirs.push(root);
    mkdirSync(join(root, '.git'));
    for (const [rel, content] of Object.entries(c.files)) put(root, rel, content);
    const [command, ...args] = c.command.split(' ');
    const approvedIn = c.approvedIn ? join(root, c.approvedIn) : root;
    const digest = c.forgedDigest ? 'a'.repeat(64) : projectDigest(command!, root, approvedIn, { digestFiles });
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const rule: ConfigRule = {
      id: `approved:${command}-pin`,
      command: command!,
      args,
      cwd: `${root}/**`,
      decision: c.pinnedDecision ?? 'allow',
      pin: { root, digest: digest! },
      layer: 'user',
    };
    for (const [rel, content] of Object.entries(c.edit)) put(root, rel, content);
    const config = {
      ...defaultConfig(),
      rules: [...(c.extraRules ?? []).map((r) => ({ ...r, layer: 'user' as const })), rule],
    };
    const v = reviewCommand({ command: c.command, cwd: c.cwd ? join(root, c.cwd) : root }, config, facts).verdict;
    const codes = v.reasons.map((r) => r.code as string);
    const why = `${v.decision}/${v.risk} ${codes.join(',')} ${v.rule_ids.join(',')}`;
    expect(v.decision, why).toBe(c.decision);
    for (const code of c.codes ?? []) expect([...codes, ...v.rule_ids], why).toContain(code);
    for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
    if (c.firstCode) expect(codes[0], why).toBe(c.firstCode);
    for (const id of c.ruleIds ?? []) expect(v.rule_ids, why).toContain(id);
  });
});
