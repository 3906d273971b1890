// Property (RT-19): writing any long option as a shorter prefix, as getopt_long and git's
// parse-options accept, never makes a command look safer. Each command's first long option is
// abbreviated to every length from `--x` up; the verdict must stay at least as strict. A prefix
// that is itself another option's full name (`tar --checkpoint`) means that option, and is skipped.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { fakeHostFacts } from './fakeHostFacts.js';
import { rank } from './caseTable.js';

const commands = JSON.parse(readFileSync(new URL('./abbreviations.cases.json', import.meta.url), 'utf8')) as Array<{
  command: string;
  exactNames?: string[];
}>;
const facts = fakeHostFacts();
const decide = (command: string) => reviewCommand({ command, cwd: '/work/proj' }, defaultConfig(), facts).verdict;

describe('abbreviated long options never loosen a verdict', () => {
  for (const { command, exactNames = [] } of commands) {
    it(command, () => {
      const full = decide(command);
      expect(full.decision, 'the unabbreviated form must itself be refused or asked').not.toBe('allow');
      const m = /(^|\s)(--[a-z][a-z-]*)/.exec(command)!;
      const option = m[2]!;
      const at = m.index + m[1]!.length;
      for (let len = 3; len < option.length; len++) {
        if (exactNames.includes(option.slice(0, len))) continue;
        const shorter = command.slice(0, at) + option.slice(0, len) + command.slice(at + option.length);
        const v = decide(shorter);
        expect(
          rank.decision(v.decision),
          `${shorter} → ${v.decision} (${v.reasons.map((r) => r.code).join(',')}) is looser than ${full.decision}`,
        ).toBeGreaterThanOrEqual(rank.decision(full.decision));
      }
    });
  }
});
