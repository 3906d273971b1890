import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV_ALLOW } from '../../../src/domain/defaultConfig.js';
import { reduceEnvironment } from '../../../src/domain/exec/reduceEnvironment.js';

interface Case {
  name: string;
  allow: string[] | 'DEFAULT';
  env: Record<string, string>;
  kept: Record<string, string>;
}
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'reduceEnvironment.cases.json'), 'utf8')) as Case[];

describe('reduceEnvironment', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(reduceEnvironment(c.env, c.allow === 'DEFAULT' ? DEFAULT_ENV_ALLOW : c.allow)).toEqual(c.kept);
    });
  }
});
