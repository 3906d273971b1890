// `shimctl config`: the built CLI's usage errors exit 2 (node:util parseArgs, strict), other
// failures 1, each with a message that says what to do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, tempDir } from '../install/cliHarness.js';

interface Case {
  args: string[];
  status: number;
  stdout?: string;
  stderr?: string;
}
const cases = JSON.parse(readFileSync(new URL('./configCli.cases.json', import.meta.url), 'utf8')) as Case[];

describe('shimctl config (built CLI)', () => {
  const root = tempDir('config-cli');
  const env = hermeticEnv(join(root, 'home'), SYSTEM_PATH);
  beforeAll(() => ensureBuilt());
  for (const c of cases) {
    it(c.args.join(' '), () => {
      const r = cli(c.args, env, root);
      expect(r.status, r.stderr).toBe(c.status);
      if (c.stdout) expect(r.stdout).toContain(c.stdout);
      if (c.stderr) expect(r.stderr).toContain(c.stderr);
    });
  }
});
