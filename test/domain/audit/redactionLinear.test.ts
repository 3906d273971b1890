// The linear-time redactor (issue 17) must redact exactly as the redactor it replaced: the old
// code is kept as an oracle in legacyRedaction/ and both run on the corpus, the red-team cases
// and seeded random text made of the pieces every rule reacts to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// gitleaks' rules (issue 14) redact more by design: the structured redactor is held to the old one.
import { redactArgv, redactStructured as redactSecrets } from '../../../src/domain/audit/redactSecrets.js';
import * as legacy from './legacyRedaction/redactSecrets.js';
import { FIXTURES, expandSecret, loadJsonl } from '../../infrastructure/audit/auditTestKit.js';
import type { SecretCase } from '../../infrastructure/audit/auditTestKit.js';
import { fuzzCommand, fuzzSshpass, fuzzText, prng } from './redactionFuzz.js';

// Without the adversarial bulk cases: the old redactor takes seconds to minutes on those.
const corpus: Sample[] = loadJsonl<SecretCase>(join(FIXTURES, 'secrets.jsonl'))
  .filter((c) => !c.repeat)
  .map((c) => {
    const secret = expandSecret(c.secret);
    return { text: c.command.split('$SECRET').join(secret), secret };
  });
const keep = loadJsonl<{ text: string }>(join(FIXTURES, 'keep.jsonl')).map((k) => k.text);
const redteam = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../redteam/redaction.json'), 'utf8')) as { command: string }[]
).map((c) => c.command);

/** A text to compare, and the secret a corpus case filled in (random on every run). */
interface Sample {
  text: string;
  secret?: string;
}

/**
 * Where the redactor differs from the oracle on purpose, entry by entry: the text (`$SECRET`
 * for a corpus case's random secret), the oracle's output, the redactor's output, and why.
 * Any other difference, or an intended one with another output, is a failure.
 */
interface IntendedDifference {
  text: string;
  old: string;
  new: string;
  /** The same for the text split on blanks and redacted as an argv, when that differs too. */
  oldArgv?: string[];
  newArgv?: string[];
  why: string;
}
const intended: IntendedDifference[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'redactionIntendedDifferences.json'), 'utf8'),
);
const seen = new Set<IntendedDifference>();

function isIntended({ text, secret }: Sample, want: string | string[], got: string | string[]): boolean {
  const put = (s: string): string => (secret ? s.split(secret).join('$SECRET') : s);
  const template = (s: string | string[]): string => JSON.stringify(typeof s === 'string' ? put(s) : s.map(put));
  const entry = intended.find((d) => JSON.stringify(d.text) === template(text));
  if (!entry) return false;
  const [old, now] = typeof want === 'string' ? [entry.old, entry.new] : [entry.oldArgv, entry.newArgv];
  if (old === undefined || JSON.stringify(old) !== template(want) || JSON.stringify(now) !== template(got))
    return false;
  seen.add(entry);
  return true;
}

function differences(samples: readonly (Sample | string)[]): string[] {
  const out: string[] = [];
  for (const item of samples) {
    const sample = typeof item === 'string' ? { text: item } : item;
    const { text } = sample;
    const want = legacy.redactSecrets(text);
    const got = redactSecrets(text);
    if (got !== want && !isIntended(sample, want, got))
      out.push(`text ${JSON.stringify(text)}\n  old ${JSON.stringify(want)}\n  new ${JSON.stringify(got)}`);
    const words = text.split(/[ \t]+/);
    const wantArgv = legacy.redactArgv(words);
    const gotArgv = redactArgv(words, redactSecrets);
    if (JSON.stringify(gotArgv) !== JSON.stringify(wantArgv) && !isIntended(sample, wantArgv, gotArgv))
      out.push(`argv ${JSON.stringify(words)}\n  old ${JSON.stringify(wantArgv)}\n  new ${JSON.stringify(gotArgv)}`);
  }
  return out;
}

describe('the linear-time redactor redacts exactly as the old one', () => {
  it('on the secret corpus, the ordinary texts and the red-team redaction cases', () => {
    expect(differences([...corpus, ...keep, ...redteam])).toEqual([]);
  });

  it('on 6,000 seeded random texts made of the pieces the rules react to', () => {
    const rand = prng(17);
    const texts = Array.from({ length: 6000 }, () => fuzzText(rand));
    expect(differences(texts).slice(0, 5)).toEqual([]);
  });

  it('on 6,000 seeded random commands of the tools whose options carry passwords', () => {
    const rand = prng(1717);
    const texts = Array.from({ length: 6000 }, (_, i) => (i % 3 === 0 ? fuzzSshpass(rand) : fuzzCommand(rand)));
    expect(differences(texts).slice(0, 5)).toEqual([]);
  });

  // Every intended difference still happens (so each entry stays needed and exact).
  it('differs only where redactionIntendedDifferences.json says, and in each of those places', () => {
    expect(intended.filter((d) => !seen.has(d)).map((d) => d.text)).toEqual([]);
  });
});
