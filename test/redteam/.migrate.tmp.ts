// temporary helper (deleted after use): moves open findings that now pass into cases.json
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeBatch, makeFixture, mismatch, missingTools, privateCli, type RedteamCase } from './harness.js';
const dir = import.meta.dirname;
const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as RedteamCase[];
const open = JSON.parse(readFileSync(join(dir, 'open-findings.json'), 'utf8')) as RedteamCase[];
const verdictCases = open.filter((c) => c.kind !== 'redaction' && missingTools(c).length === 0);
const cli = privateCli();
const fx = makeFixture();
const v = judgeBatch(cli, verdictCases, fx);
const fixed = new Set<RedteamCase>();
verdictCases.forEach((c, i) => { if (!mismatch(c, v[i]!)) fixed.add(c); else console.log('still open', c.id, c.command.slice(0, 80), v[i]!.decision); });
for (const c of fixed) {
  const { id, severity, ...rest } = c;
  cases.push({ ...rest, why: `${rest.why} (red-team ${id}, fixed)` });
  console.log('fixed', id, c.command.slice(0, 80));
}
writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases, null, 1) + '\n');
writeFileSync(join(dir, 'open-findings.json'), JSON.stringify(open.filter((c) => !fixed.has(c)), null, 1) + '\n');
