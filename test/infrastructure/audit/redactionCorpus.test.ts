import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { redactSecrets } from '../../../src/domain/audit/redactSecrets.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { FIXTURES, expandSecret, loadJsonl, record, tempHome, withRepeat } from './auditTestKit.js';
import type { SecretCase } from './auditTestKit.js';

const cases = loadJsonl<SecretCase>(join(FIXTURES, 'secrets.jsonl')).map(withRepeat);
const keep = loadJsonl<{ text: string }>(join(FIXTURES, 'keep.jsonl'));

/** Every 10-character window of the secret's non-blank runs: a partial leak counts as a leak. */
function pieces(secret: string): string[] {
  const out: string[] = [];
  for (const run of secret.split(/\s+/)) {
    if (run.length <= 10) out.push(run);
    else for (let i = 0; i + 10 <= run.length; i++) out.push(run.slice(i, i + 10));
  }
  return out.filter((p) => p.length >= 6);
}

/** argv as a shell would split the command (quotes removed, operators kept as text). */
function shellWords(command: string): string[] {
  return parse(command, (name) => `$${name}`).map((t) =>
    typeof t === 'string' ? t : 'op' in t ? (t.op === 'glob' ? (t as { pattern: string }).pattern : t.op) : t.comment,
  );
}

describe('redaction corpus through the real audit writer', () => {
  it('has at least 50 secrets', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it('writes no secret value, nor any 10-character piece of one, into the audit file', async () => {
    const home = tempHome();
    const log = createAuditLog(statePaths({ HOME: home }), defaultConfig().audit);
    const writer = await log.open();
    const expanded = cases.map((c) => {
      const secret = expandSecret(c.secret);
      const fill = (s: string): string => s.split('$SECRET').join(secret);
      return { c, secret, command: fill(c.command) };
    });
    for (const { c, secret, command } of expanded) {
      const fill = (s: string): string => s.split('$SECRET').join(secret);
      await writer.write(
        record({
          command,
          argv: c.argv ? c.argv.map(fill) : shellWords(command),
          cwd: c.cwd ? fill(c.cwd) : '/work/project',
          ...(c.envelope ? { envelope: fill(c.envelope) } : {}),
          reasons: [{ code: 'command.allowed', message: c.reason ? fill(c.reason) : 'ok' }],
        }),
      );
    }
    await writer.close();
    const text = readFileSync(log.path, 'utf8');
    // JSON escapes newlines; compare against the decoded records too.
    const decoded =
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.stringify(JSON.parse(l), null, 0))
        .join('\n') +
      JSON.stringify(
        text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      );
    const leaks: string[] = [];
    for (const { c, secret } of expanded) {
      for (const piece of pieces(secret)) {
        if (text.includes(piece) || decoded.includes(piece)) leaks.push(`${c.name}: '${piece}' of '${secret}'`);
      }
    }
    expect(leaks).toEqual([]);
    expect(text.split('\n').filter(Boolean)).toHaveLength(cases.length);
  });

  for (const c of cases.filter((k) => k.label)) {
    it(`marks ${c.name} as [REDACTED:${c.label}]`, () => {
      const secret = expandSecret(c.secret);
      const out = redactSecrets(c.command.split('$SECRET').join(secret));
      expect(out).toContain(`[REDACTED:${c.label}]`);
      expect(out).not.toContain(secret);
    });
  }

  for (const k of keep) {
    it(`leaves ordinary text alone: ${k.text}`, () => {
      expect(redactSecrets(k.text)).toBe(k.text);
    });
  }

  it('trims an oversized command after redacting it, with a marker', () => {
    const secret = expandSecret('ghp_{alnum:36}');
    const home = tempHome();
    const log = createAuditLog(statePaths({ HOME: home }), defaultConfig().audit);
    return log.open().then(async (w) => {
      await w.write(record({ command: `echo ${'x'.repeat(8170)} ${secret}`, argv: ['echo', 'y'.repeat(5000)] }));
      await w.close();
      const stored = JSON.parse(readFileSync(log.path, 'utf8'));
      // Head and tail around the cut: the secret at the tail is kept in its redacted form.
      expect(stored.command).toMatch(/…\[TRIMMED:\d+ chars\]…x+ \[REDACTED:github-token\]$/);
      expect(stored.command.length).toBeLessThan(8300);
      expect(stored.command).not.toContain(secret.slice(0, 12));
      expect(stored.argv[1]).toMatch(/^y{1024}…\[TRIMMED:2952 chars\]…y{1024}$/);
    });
  });

  // The intercept path redacts a record while its command runs (prepare) and writes it with the
  // exit fields afterwards: the file must hold exactly what a one-step write would have.
  it('a record prepared before the command ran is written as a one-step write would write it', async () => {
    const oneStep = createAuditLog(statePaths({ HOME: tempHome() }), defaultConfig().audit);
    const twoStep = createAuditLog(statePaths({ HOME: tempHome() }), defaultConfig().audit);
    const [a, b] = [await oneStep.open(), await twoStep.open()];
    for (const c of cases) {
      const secret = expandSecret(c.secret);
      const fill = (s: string): string => s.split('$SECRET').join(secret);
      const before = record({
        command: fill(c.command),
        argv: shellWords(fill(c.command)),
        cwd: c.cwd ? fill(c.cwd) : '/w',
      });
      const after = { ...before, exitCode: 3, durationMs: 5 };
      await a.write(after);
      b.prepare!(before);
      await b.write(after);
    }
    await Promise.all([a.close(), b.close()]);
    expect(readFileSync(twoStep.path, 'utf8')).toBe(readFileSync(oneStep.path, 'utf8'));
  });

  it('a field that changed after prepare is redacted afresh, not taken from the prepared record', async () => {
    const secret = expandSecret('ghp_{alnum:36}');
    const log = createAuditLog(statePaths({ HOME: tempHome() }), defaultConfig().audit);
    const w = await log.open();
    const before = record({ command: 'ls', argv: ['ls'], reasons: [{ code: 'command.allowed', message: 'ok' }] });
    w.prepare!(before);
    await w.write({
      ...before,
      command: `echo ${secret}`,
      argv: ['echo', secret],
      reasons: [{ code: 'exec.failed', message: `${secret}: not found` }],
    });
    await w.close();
    const text = readFileSync(log.path, 'utf8');
    expect(text).not.toContain(secret.slice(4, 16));
    const stored = JSON.parse(text);
    expect(stored.command).toBe('echo [REDACTED:github-token]');
    expect(stored.argv).toEqual(['echo', '[REDACTED:github-token]']);
    expect(stored.reasons[0].message).toContain('[REDACTED:github-token]');
  });
});
