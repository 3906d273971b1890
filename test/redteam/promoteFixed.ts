// Moves every open finding that passes today from open-findings.json into cases.json, so a fix
// immediately becomes a regression case. Run after fixing: `npx tsx test/redteam/promoteFixed.ts`.
// Redaction findings (kind "redaction") need the shim path and are moved by hand.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type RedteamCase, judgeBatch, makeFixture, mismatch, missingTools, privateCli } from './harness.js';

const dir = import.meta.dirname;
const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RedteamCase[];
const write = (f: string, v: unknown) => writeFileSync(join(dir, f), `${JSON.stringify(v, null, 1)}\n`);

const cases = read('cases.json');
const open = read('open-findings.json');
const candidates = open.filter((c) => c.kind !== 'redaction' && missingTools(c).length === 0);
if (candidates.length === 0) {
  console.log(`nothing to promote: ${open.length} open finding(s), none judged by verdict`);
  process.exit(0);
}
const cli = privateCli();
const fx = makeFixture(cli);
const verdicts = judgeBatch(cli, candidates, fx);
rmSync(fx.root, { recursive: true, force: true });
rmSync(dirname(dirname(cli)), { recursive: true, force: true });

const fixed = new Set(candidates.filter((c, i) => mismatch(c, verdicts[i]!) === undefined));
for (const c of fixed) {
  const { id, severity: _severity, ...rest } = c;
  cases.push({ ...rest, why: `${rest.why} (red-team ${id}, fixed)` });
  console.log(`fixed ${id}: ${c.command.slice(0, 100)}`);
}
write('cases.json', cases);
write(
  'open-findings.json',
  open.filter((c) => !fixed.has(c)),
);
console.log(`${fixed.size} promoted, ${open.length - fixed.size} still open`);
