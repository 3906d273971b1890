// Self-protection red team as data (selfProtection.cases.json): every write, delete, mode, owner,
// link, fifo, worktree and clone primitive aimed at each of shimctl's own locations is refused with
// the one rule; reading shimctl's config, status and audit stays allowed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../review/fakeHostFacts.js';

interface Table {
  selfPaths: string[];
  links: Record<string, string>;
  files: string[];
  dirs: string[];
  fileAttacks: string[];
  dirAttacks: string[];
  parentAttacks: string[];
  allow: string[];
  notSelfProtection: string[];
}

const table = JSON.parse(readFileSync(new URL('./selfProtection.cases.json', import.meta.url), 'utf8')) as Table;
const config = defaultConfig();
// The primitives must resolve (a command not found is blocked before its paths are judged).
const onPath = [...FAKE_PATH_COMMANDS, 'link', 'mkfifo', 'mknod', 'chgrp', 'iconv', 'gzip', 'unzip', 'frobnicate'];
const facts: HostFacts = { ...fakeHostFacts({ links: table.links, onPath }), shimctlPaths: table.selfPaths };
const review = (command: string) => reviewCommand({ command, cwd: '/work/proj', hop: 'agent' }, config, facts).verdict;
const show = (command: string, v: ReturnType<typeof review>) =>
  `${command} → ${v.decision}/${v.risk} ${v.reasons.map((r) => r.code).join(',')} ${v.rule_ids.join(',')}`;

const attacks = [
  ...table.fileAttacks.flatMap((t) => table.files.map((f) => t.replaceAll('{f}', f))),
  ...table.dirAttacks.flatMap((t) => table.dirs.map((d) => t.replaceAll('{d}', d))),
  ...table.parentAttacks,
];

describe("self-protection: attacks on shimctl's own install are block/critical path.self_protection", () => {
  it('the table is large (every primitive at every location)', () => {
    expect(attacks.length).toBeGreaterThan(1000);
  });
  for (const command of attacks) {
    it(command, () => {
      const v = review(command);
      const why = show(command, v);
      expect(v.decision, why).toBe('block');
      expect(v.risk, why).toBe('critical');
      expect(
        v.reasons.map((r) => r.code),
        why,
      ).toContain('path.self_protection');
      expect(v.rule_ids, why).toContain('paths:self-protection');
    });
  }
});

describe("self-protection: reading shimctl's files and ordinary work stay as they were", () => {
  for (const command of table.allow) {
    it(`allow: ${command}`, () => {
      const v = review(command);
      expect(v.decision, show(command, v)).toBe('allow');
    });
  }
  for (const command of table.notSelfProtection) {
    it(`not self-protection: ${command}`, () => {
      const v = review(command);
      expect(v.decision, show(command, v)).not.toBe('block');
      expect(
        v.reasons.map((r) => r.code),
        show(command, v),
      ).not.toContain('path.self_protection');
    });
  }
});
