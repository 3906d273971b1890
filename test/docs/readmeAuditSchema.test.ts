// The README's audit record table (schema version 1) must list exactly the fields of AuditRecord
// (src/application/ports/auditLog.ts, plus the Verdict fields it extends), with the right version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_SCHEMA_VERSION } from '../../src/application/ports/auditLog.js';
import { ROOT, markedBlock, readReference, tableCells } from './readmeText.js';

/** Field names declared in `interface NAME … { … }` of a TypeScript source file (top level only). */
function interfaceFields(file: string, name: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const start = text.search(new RegExp(`export interface ${name}\\b[^{]*\\{`));
  expect(start, `${name} in ${file}`).toBeGreaterThanOrEqual(0);
  const body = text.slice(text.indexOf('{', start) + 1, text.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}([A-Za-z_]\w*)\??:/gm)].map((m) => m[1]!);
}

// The record schema lives in docs/reference.md (the README links to it).
const readme = readReference();

describe('README audit schema', () => {
  const rows = markedBlock(readme, 'audit-schema')
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2);
  const documented = rows.flatMap((r) => [...tableCells(r)[0]!.matchAll(/`([A-Za-z_]\w*)`/g)].map((m) => m[1]!));

  it('lists every field of AuditRecord and no other', () => {
    const fields = [
      ...interfaceFields('src/application/ports/auditLog.ts', 'AuditRecord'),
      ...interfaceFields('src/domain/verdict.ts', 'Verdict'),
    ];
    expect(fields.length).toBeGreaterThan(15);
    expect(
      fields.filter((f) => !documented.includes(f)),
      'fields missing from the README',
    ).toEqual([]);
    expect(
      documented.filter((f) => !fields.includes(f)),
      'README fields that do not exist',
    ).toEqual([]);
  });

  it('names the current schema version', () => {
    expect(readme).toContain(`### Record schema, version ${AUDIT_SCHEMA_VERSION} (\`"v": ${AUDIT_SCHEMA_VERSION}\`)`);
  });
});
