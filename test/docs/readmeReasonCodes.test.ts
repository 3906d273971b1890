// The README's reason-code table must list every code in src/domain/reasonCodes.ts and nothing else,
// and any reason code the README names in passing must exist.
import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '../../src/domain/reasonCodes.js';
import { codeLines, markedBlock, readReadmeAndReference, readReference, tableCells } from './readmeText.js';

// The table lives in docs/reference.md; codes named in passing may be in the README or there.
const readme = readReadmeAndReference();
const reference = readReference();
const known = Object.keys(REASON_CODES);

function tableCodes(): string[] {
  const rows = markedBlock(reference, 'reason-codes')
    .split('\n')
    .filter((l) => l.trim().startsWith('|'));
  const [head, rule, ...body] = rows;
  expect(tableCells(head!)).toEqual(['code', 'meaning']);
  expect(rule).toMatch(/^\|[-| ]+\|$/);
  return body.map((row) => {
    const [code, meaning] = tableCells(row);
    const m = /^`([a-z_]+(?:\.[a-z_]+)+)`$/.exec(code ?? '');
    if (!m) throw new Error(`reason-code row without a single \`code\` in its first cell: ${row}`);
    expect(meaning, `meaning of ${m[1]}`).toMatch(/\w/);
    return m[1]!;
  });
}

describe('README reason-code table', () => {
  const codes = tableCodes();

  it('has one row per code, no duplicates', () => {
    expect(codes.length).toBeGreaterThan(50);
    const dup = codes.filter((c, i) => codes.indexOf(c) !== i);
    expect(dup, 'codes listed twice').toEqual([]);
  });

  it('lists every code of reasonCodes.ts', () => {
    expect(
      known.filter((c) => !codes.includes(c)),
      'codes missing from the README table',
    ).toEqual([]);
  });

  it('lists no code that does not exist', () => {
    expect(
      codes.filter((c) => !known.includes(c)),
      'README codes not in reasonCodes.ts',
    ).toEqual([]);
  });

  it('names only existing codes anywhere in the README', () => {
    // Families whose names are not also config sections (`audit.keep`, `rego.mode` are settings).
    const family = /^(syntax|command|path|url|env|envelope|invocation|approval|config|exec|engine|internal)\.[a-z_]+$/;
    const notCodes = new Set(['config.json', 'config.yaml', 'config.yml']);
    const named = [...new Set(codeLines(readme).flatMap((l) => l.split(/[\s(),]+/)))].filter(
      (w) => family.test(w) && !notCodes.has(w),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(
      named.filter((c) => !known.includes(c)),
      'README names codes that do not exist',
    ).toEqual([]);
  });
});
