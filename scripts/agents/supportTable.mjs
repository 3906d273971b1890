#!/usr/bin/env node
// Renders test/agents/support.json (written by the real-agent suite) as the README support table.
// `node scripts/agents/supportTable.mjs` prints it; `--write FILE` replaces the block between
// <!-- support-table:begin --> and <!-- support-table:end --> in FILE.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const AGENTS = JSON.parse(readFileSync(join(here, 'agents.json'), 'utf8'));
const COLUMNS = [
  ['allow', 'allowed command runs'],
  ['block', 'blocked command stopped'],
  ['startup', 'start-up intact'],
  ['uninstall', 'uninstall restores'],
];
const MARK = { passed: 'yes', failed: 'FAILS', skipped: 'skipped' };

/** @param {{agents: Record<string, {version: string, checks: Record<string, {state: string, reason?: string, at?: string}>}>}} file */
export function renderSupportTable(file) {
  const head = ['agent', 'version verified', 'wiring', ...COLUMNS.map(([, title]) => title), 'known gaps'];
  const rows = [head, head.map(() => '---')];
  for (const [name, spec] of Object.entries(AGENTS)) {
    const row = file.agents[name];
    const checks = row?.checks ?? {};
    const plain = checks['plain-shell']?.state === 'passed';
    const verified = row && COLUMNS.every(([key]) => checks[key]?.state === 'passed');
    const failing = row && COLUMNS.some(([key]) => checks[key]?.state === 'failed');
    const note = verified
      ? ''
      : failing
        ? ' (fails behind shimctl)'
        : plain
          ? ' (runs; not yet verified behind shimctl)'
          : ' (not verified)';
    const version = row ? `${spec.package}@${row.version}${note}` : 'not run';
    rows.push([
      spec.display ?? name,
      version,
      spec.wiring ?? '',
      ...COLUMNS.map(([key]) => MARK[checks[key]?.state] ?? 'not run'),
      spec.gaps ?? '',
    ]);
  }
  return rows.map((r) => `| ${r.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`).join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const supportPath = join(here, '../../test/agents/support.json');
  const table = renderSupportTable(JSON.parse(readFileSync(supportPath, 'utf8')));
  const at = process.argv.indexOf('--write');
  if (at < 0) {
    process.stdout.write(table + '\n');
  } else {
    const target = process.argv[at + 1];
    const text = readFileSync(target, 'utf8');
    const re = /(<!-- support-table:begin -->)[\s\S]*?(<!-- support-table:end -->)/;
    if (!re.test(text)) {
      console.error(`${target}: no support-table markers`);
      process.exit(1);
    }
    writeFileSync(
      target,
      text.replace(re, (_m, begin, end) => `${begin}\n${table}\n${end}`),
    );
  }
}
