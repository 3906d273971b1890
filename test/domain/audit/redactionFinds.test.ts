// The attack passes' redaction finds, as data (cases/pass12Redaction.json, cases/pass14Redaction.json):
// each command goes through the record sanitizer as the audit writer calls it (`command` as text,
// `argv` as the shell splits it). No secret, nor any 10-character piece of one, may remain
// anywhere in the record, and the parts of the command named `visible` must still be readable in
// `command`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { sanitizeAuditRecord } from '../../../src/domain/audit/sanitizeAuditRecord.js';

interface Case {
  find: string;
  command: string;
  /** Each secret the command holds. */
  secrets: string[];
  /** Text of the command that must stay in the record's `command`. */
  visible: string[];
  /** Text that must NOT be redacted (a non-secret value next to a secret one). */
  kept?: string[];
  /** Nothing in the command is a secret: it is recorded as it is. */
  unchanged?: boolean;
  note?: string;
}

const casesOf = (file: string): Case[] => JSON.parse(readFileSync(join(import.meta.dirname, 'cases', file), 'utf8'));

function shellWords(command: string): string[] {
  // bash removes a backslash-newline before it splits words (shell-quote does not).
  return parse(command.replace(/\\\n/g, ''), (name) => `$${name}`).map((t) =>
    typeof t === 'string' ? t : 'op' in t ? (t.op === 'glob' ? (t as { pattern: string }).pattern : t.op) : t.comment,
  );
}

/** The secret and every 10-character window of it (a partial leak counts). */
function pieces(secret: string): string[] {
  if (secret.length <= 10) return [secret];
  return Array.from({ length: secret.length - 9 }, (_, i) => secret.slice(i, i + 10));
}

for (const [pass, file] of [
  ['12', 'pass12Redaction.json'],
  ['14', 'pass14Redaction.json'],
] as const) {
  describe(`attack pass ${pass}: redaction finds`, () => {
    it.each(casesOf(file).map((c) => [`${c.find}: ${c.command}`, c] as const))('%s', (_name, c) => {
      const record = sanitizeAuditRecord({ command: c.command, argv: shellWords(c.command) });
      const stored = JSON.stringify(record);
      for (const secret of c.secrets) {
        // A one-letter secret is checked where it stood: right after its `=`.
        if (secret.length < 6) expect(record.command).not.toMatch(new RegExp(`=${secret}\\b`));
        else for (const piece of pieces(secret)) expect(stored).not.toContain(piece);
      }
      if (c.unchanged) {
        expect(record.command).toBe(c.command);
        return;
      }
      expect(record.command).toContain('[REDACTED:');
      for (const text of c.visible) expect(record.command).toContain(text);
      for (const text of c.kept ?? []) expect(stored).toContain(text);
    });
  });
}
