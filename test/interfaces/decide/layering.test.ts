import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideUseCase } from '../../../src/application/decide/decideUseCase.js';
import { createApp } from '../../../src/compositionRoot.js';

interface LayeringCase {
  name: string;
  user?: object;
  project?: object;
  command: string;
  decision?: string;
}
const here = new URL('.', import.meta.url).pathname;
const cases = JSON.parse(readFileSync(join(here, 'layering.cases.json'), 'utf8')) as LayeringCase[];

/** Real adapters and the real review core, in a temp HOME: the user/project layering end to end. */
async function decideWith(c: LayeringCase, command: string, withProject: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'shimctl-layer-'));
  try {
    const home = join(root, 'home');
    const proj = join(root, 'proj');
    mkdirSync(join(proj, '.git'), { recursive: true });
    mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
    if (c.user) writeFileSync(join(home, '.config', 'shimctl', 'config.json'), JSON.stringify(c.user));
    if (c.project && withProject) writeFileSync(join(proj, '.shimctlrc.json'), JSON.stringify(c.project));
    const app = createApp({ HOME: home, PATH: process.env.PATH });
    return (await decideUseCase({ command, cwd: proj }, app)).verdict;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const STRICTNESS = ['allow', 'ask', 'block'];

describe('user and project layers through the real review core', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const v = await decideWith(c, c.command, true);
    if (c.decision) expect(v.decision).toBe(c.decision);
    // With or without the project file, adding it never makes the answer less strict.
    const without = await decideWith(c, c.command, false);
    expect(STRICTNESS.indexOf(v.decision)).toBeGreaterThanOrEqual(STRICTNESS.indexOf(without.decision));
  });
});
