// Fail closed, end to end through a launcher: a missing review core, a broken config and an
// unwritable audit log each mean the agent's command does not run (126, one readable line).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

const MARK = 'touch made-by-agent';

describe('fail closed through a launcher', () => {
  const h = e2eHome();
  const marker = () => join(h.workspace, 'made-by-agent');
  const exists = () => {
    try {
      readFileSync(marker());
      return true;
    } catch {
      return false;
    }
  };
  // Each case starts without the marker, so one failure cannot make the next ones fail too.
  beforeEach(() => rmSync(marker(), { force: true }));

  it('runs the command when everything is in place (control case)', () => {
    const r = h.runAgent('qwen', MARK);
    expect(r.command.status).toBe(0);
    expect(exists()).toBe(true);
    rmSync(marker());
  });

  it('blocks when the review core bundle is missing', () => {
    const manifest = JSON.parse(readFileSync(join(h.home, '.local/share/shimctl/manifest.json'), 'utf8'));
    renameSync(manifest.bundle, `${manifest.bundle}.away`);
    try {
      const r = h.runAgent('qwen', MARK);
      expect(r.command.status).toBe(126);
      expect(r.command.stderr).toMatch(/^shimctl: blocked \(internal\.error\)/);
      expect(exists()).toBe(false);
    } finally {
      renameSync(`${manifest.bundle}.away`, manifest.bundle);
    }
  });

  it('blocks when the user config is invalid, naming the file', () => {
    const file = join(h.home, '.config/shimctl/config.json');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, '{ "nested": "sometimes" }');
    try {
      const r = h.runAgent('claude', MARK);
      expect(r.command.status).toBe(126);
      expect(r.command.stderr).toContain('shimctl: blocked (config.invalid)');
      expect(r.command.stderr).toContain(file);
      expect(exists()).toBe(false);
    } finally {
      writeFileSync(file, good);
    }
  });

  it('blocks when the audit log cannot be written', () => {
    const auditDir = join(h.home, '.local/state/shimctl/audit');
    rmSync(auditDir, { recursive: true, force: true });
    writeFileSync(auditDir, 'not a directory'); // root ignores modes; a file in the way stops any writer
    try {
      const r = h.runAgent('gemini', MARK);
      expect(r.command.status).toBe(126);
      expect(r.command.stderr).toContain('(audit.unavailable)');
      expect(exists()).toBe(false);
    } finally {
      rmSync(auditDir);
      mkdirSync(auditDir, { recursive: true });
    }
  });
});
