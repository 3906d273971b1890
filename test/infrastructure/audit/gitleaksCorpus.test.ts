// Issue 14: every vendored gitleaks rule is tested with a sample generated from its own regex
// (test/domain/audit/regexSample.ts), so the secret corpus grows by one case per rule. The
// samples go through the real audit writer as `echo SAMPLE` (the bare-token form the issue
// found leaking) and as `export NAME=SAMPLE`; neither the secret nor any 10-character piece of
// it may be in the file. A new seed each run (printed; REDACTION_SAMPLE_SEED repeats one).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vendoredRulePasses } from '../../../src/domain/audit/vendoredSecrets.js';
import { GITLEAKS_DROPPED, GITLEAKS_RULES, GITLEAKS_SOURCE } from '../../../src/domain/audit/gitleaks/rules.js';
import { redactSecrets } from '../../../src/domain/audit/redactSecrets.js';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { sampleOf, seeded } from '../../domain/audit/regexSample.js';
import { record, tempHome } from './auditTestKit.js';

const SEED = Number(process.env.REDACTION_SAMPLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const rand = seeded(SEED);
const passes = vendoredRulePasses();

/**
 * A sample the rule alone finds a secret in, and that secret. gitleaks runs a rule only on text
 * holding one of its keywords; when the generated token does not hold one (airtable's `pat…`),
 * the keyword is put before it as a word, as in `echo airtable pat…`.
 */
function sampleFor(pass: (typeof passes)[number]): { sample: string; secret: string } | undefined {
  for (let k = 0; k < 400; k++) {
    const token = sampleOf(pass.source, rand);
    const lower = token.toLowerCase();
    const sample =
      pass.keywords.length === 0 || pass.keywords.some((w) => lower.includes(w))
        ? token
        : `${pass.keywords[0]} ${token}`;
    const [secret] = pass.secrets(`echo ${sample} `);
    if (secret !== undefined && secret.trim().length >= 8) return { sample, secret: secret.trim() };
  }
  return undefined;
}

const samples = passes.map((p) => ({ id: p.id, ...sampleFor(p) }));

function pieces(secret: string): string[] {
  const out: string[] = [];
  for (const run of secret.split(/\s+/)) {
    if (run.length <= 10) out.push(run);
    else for (let i = 0; i + 10 <= run.length; i++) out.push(run.slice(i, i + 10));
  }
  return out.filter((p) => p.length >= 6);
}

describe(`gitleaks ${GITLEAKS_SOURCE.version} rules, one generated sample each (seed ${SEED})`, () => {
  it('vendors the rule set with its source, and says why each dropped rule is dropped', () => {
    expect(GITLEAKS_SOURCE.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(GITLEAKS_RULES.length).toBeGreaterThan(200);
    expect(GITLEAKS_RULES.length + GITLEAKS_DROPPED.length).toBe(GITLEAKS_SOURCE.rules);
    for (const d of GITLEAKS_DROPPED) expect(d.why.length).toBeGreaterThan(10);
    expect(readFileSync(new URL('../../../src/domain/audit/gitleaks/LICENSE', import.meta.url), 'utf8')).toMatch(
      /MIT License/,
    );
  });

  it('every rule has a generated sample in which it finds a secret', () => {
    expect(samples.filter((s) => s.secret === undefined).map((s) => s.id)).toEqual([]);
  });

  it('writes no secret, nor any 10-character piece of one, into the audit file', async () => {
    const log = createAuditLog(statePaths({ HOME: tempHome() }), defaultConfig().audit);
    const writer = await log.open();
    for (const s of samples) {
      if (!s.sample) continue;
      await writer.write(record({ command: `echo ${s.sample}`, argv: ['echo', s.sample] }));
      await writer.write(
        record({ command: `export SOME_VALUE=${s.sample}`, argv: ['bash', '-c', `export SOME_VALUE=${s.sample}`] }),
      );
    }
    await writer.close();
    // A marker names the rule (`[REDACTED:aws-amazon-bedrock-api-key-short-lived]`), and a
    // secret's fixed prefix can be in that name: markers are not leaks.
    const text = readFileSync(log.path, 'utf8').replace(/\[REDACTED:[a-z0-9-]+\]/g, '[R]');
    const decoded = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.stringify(JSON.parse(l)))
      .join('\n');
    const plain = text
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const r = JSON.parse(l);
        return `${r.command}\n${r.argv.join('\n')}`;
      })
      .join('\n');
    const leaks: string[] = [];
    for (const s of samples) {
      if (!s.secret) continue;
      for (const piece of pieces(s.secret))
        if (text.includes(piece) || decoded.includes(piece) || plain.includes(piece))
          leaks.push(`${s.id}: '${piece}' of '${s.secret}'`);
    }
    expect(leaks).toEqual([]);
  });

  for (const s of samples) {
    it(`${s.id}: the redactor marks the sample and drops its secret`, () => {
      if (!s.sample) throw new Error(`no sample for ${s.id}`);
      const out = redactSecrets(`echo ${s.sample}`);
      expect(out).toContain('[REDACTED:');
      expect(out.replace(/\[REDACTED:[a-z0-9-]+\]/g, '[R]')).not.toContain(s.secret);
    });
  }
});
