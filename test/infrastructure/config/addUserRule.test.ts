import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addUserRule } from '../../../src/infrastructure/config/addUserRule.js';
import { createConfigSource } from '../../../src/infrastructure/config/createConfigSource.js';
import { makeTempHome } from './tempHome.js';
import type { TempHome } from './tempHome.js';

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

describe('addUserRule (approve always)', () => {
  it('creates config.json (0600) and the loader sees the rule', () => {
    const r = addUserRule(t.paths, { id: 'approved:uname', command: 'uname', decision: 'allow' });
    expect(r).toEqual({ ok: true, file: join(t.paths.configDir, 'config.json') });
    expect(statSync(join(t.paths.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    const o = createConfigSource(t.paths).load(t.project);
    expect(o.kind === 'ok' && o.config.rules.map((x) => x.id)).toEqual(['approved:uname']);
  });

  it('keeps the other fields and appends', () => {
    t.write(
      join(t.paths.configDir, 'config.json'),
      JSON.stringify({ engine: 'both', rules: [{ id: 'a:b', command: 'ls', decision: 'allow' }] }),
    );
    expect(addUserRule(t.paths, { id: 'a:c', command: 'pwd', decision: 'allow' }).ok).toBe(true);
    const saved = JSON.parse(readFileSync(join(t.paths.configDir, 'config.json'), 'utf8'));
    expect(saved.engine).toBe('both');
    expect(saved.rules.map((x: { id: string }) => x.id)).toEqual(['a:b', 'a:c']);
  });

  it('refuses a rule that would make the config invalid, leaving the file untouched', () => {
    const before = JSON.stringify({ rules: [{ id: 'a:b', command: 'ls', decision: 'allow' }] });
    t.write(join(t.paths.configDir, 'config.json'), before);
    const r = addUserRule(t.paths, { id: 'a:b', command: 'pwd', decision: 'allow' });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('duplicate') });
    expect(readFileSync(join(t.paths.configDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('does not rewrite a YAML user file', () => {
    t.write(join(t.paths.configDir, 'config.yaml'), '# mine\nengine: native\n');
    expect(addUserRule(t.paths, { id: 'a:c', command: 'pwd', decision: 'allow' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('YAML'),
    });
    expect(readFileSync(join(t.paths.configDir, 'config.yaml'), 'utf8')).toBe('# mine\nengine: native\n');
  });
});
