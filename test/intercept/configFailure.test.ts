// The one stderr line a config failure prints is the person's only way out of a bricked
// repository (issue 17 item 9): it must name the file and the field, and end with the recovery.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFailureVerdict } from '../../src/application/config/configFailure.js';
import type { ConfigFailure } from '../../src/application/config/configFailure.js';
import { blockMessage } from '../../src/application/intercept/blockMessage.js';

interface Case {
  name: string;
  outcome: ConfigFailure;
  code: string;
  contains: string[];
  absent?: string[];
}

const cases = JSON.parse(readFileSync(new URL('./configFailure.cases.json', import.meta.url), 'utf8')) as Case[];

describe('config failure block line', () => {
  for (const c of cases) {
    it(c.name, () => {
      const outcome =
        c.outcome.kind === 'invalid' && c.outcome.message === 'LONG'
          ? { ...c.outcome, message: 'x'.repeat(5000) }
          : c.outcome;
      const v = configFailureVerdict(outcome);
      expect(v.decision).toBe('block');
      const line = blockMessage(v, 'ls -la');
      expect(line.startsWith(`shimctl: blocked (${c.code}): config `)).toBe(true);
      expect(line.endsWith('\n') && line.indexOf('\n') === line.length - 1, 'one line').toBe(true);
      for (const text of c.contains) expect(line).toContain(text);
      for (const text of c.absent ?? []) expect(line).not.toContain(text);
      // `explain` would fail on the same config: the line does not send the person there.
      expect(line).not.toContain('shimctl explain');
    });
  }
});
