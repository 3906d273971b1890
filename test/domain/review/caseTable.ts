import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Decision, Risk } from '../../../src/domain/verdict.js';
import { DECISIONS, RISKS } from '../../../src/domain/verdict.js';

/**
 * One table-driven review case (a JSONL line). `expect` is the exact decision; `atLeast` a floor
 * (for "never allow" style cases); `risk` exact, `minRisk` a floor; `codes` must all be present,
 * `absentCodes` must not be; `rules` rule ids that must have matched; `exists` the paths the host
 * facts say exist.
 */
export interface ReviewCase {
  command?: string;
  argv?: string[];
  cwd?: string;
  hop?: 'agent' | 'nested';
  agent?: string;
  expect?: Decision;
  atLeast?: Decision;
  risk?: Risk;
  minRisk?: Risk;
  codes?: string[];
  absentCodes?: string[];
  rules?: string[];
  /** Absolute paths that exist (the `entryExists` fact); absent: the fact is not supplied. */
  exists?: string[];
  note?: string;
  file: string;
  line: number;
}

export function loadCases(dir: string): ReviewCase[] {
  const out: ReviewCase[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(join(dir, name), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (!text.trim() || text.trimStart().startsWith('//')) return;
      out.push({ ...(JSON.parse(text) as Omit<ReviewCase, 'file' | 'line'>), file: name, line: i + 1 });
    });
  }
  return out;
}

export const rank = {
  decision: (d: Decision): number => DECISIONS.indexOf(d),
  risk: (r: Risk): number => RISKS.indexOf(r),
};
