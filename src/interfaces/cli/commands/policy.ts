import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { runPolicyTests } from '../../../application/decide/runPolicyTests.js';
import type { PolicyTestResult } from '../../../application/decide/runPolicyTests.js';
import { createApp } from '../../../compositionRoot.js';
import { parsePolicyTests } from '../../api/parsePolicyTests.js';
import { visibleText as v } from '../../api/visibleText.js';
import type { CliCommand, CliContext } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand, runSubcommand } from '../runCommand.js';
import { errorMessage } from '../../../application/shimctlError.js';
import { runPolicyCheck } from './policyCheck.js';

const HELP = `usage: shimctl policy test [--json] FILE.jsonl
       shimctl policy check [options]

policy test: runs each line of FILE.jsonl through the review core (nothing is executed) and
prints a pass/fail table. A line is {"command": "..." | "argv": [...], "cwd"?: "/abs",
"agent"?: "...", "name"?: "...", "expect": "allow"|"ask"|"block" |
{"decision", "risk"?, "codes"?: [...], "rule_ids"?: [...]}}; blank and '#' lines are skipped.
Exit 0 all pass, 1 any fail, 2 malformed file (the line is named).
policy check: checks the configured policy engine (see shimctl policy check --help).
`;

const MAX_TEST_FILE_BYTES = 16 * 1024 * 1024;

function table(results: PolicyTestResult[]): string {
  const rows = results.map((r) => {
    const label = r.testCase.name ?? r.testCase.request.command ?? JSON.stringify(r.testCase.request.argv);
    const got = `${r.verdict.decision}/${r.verdict.risk}`;
    const detail = r.pass ? '' : `  ${r.mismatches.join('; ')} [${r.verdict.reasons.map((x) => x.code).join(', ')}]`;
    return `${r.pass ? 'PASS' : 'FAIL'}  ${String(r.testCase.line).padStart(4)}  ${got.padEnd(14)} ${v(label.length > 70 ? `${label.slice(0, 67)}...` : label)}${v(detail)}`;
  });
  const failed = results.filter((r) => !r.pass).length;
  return `${'RESULT'.padEnd(4)} LINE  GOT            CASE\n${rows.join('\n')}\n\n${results.length - failed} passed, ${failed} failed, ${results.length} total\n`;
}

const runTest = (args: string[], ctx: CliContext): Promise<number> =>
  runCommand(
    {
      name: 'policy test',
      usage: HELP,
      options: { json: { type: 'boolean' } },
      positionals: 'any',
      run: (values, files) => testFile(values.json === true, files, ctx),
    },
    args,
    ctx,
  );

async function testFile(json: boolean, files: string[], ctx: CliContext): Promise<number> {
  if (files.length !== 1) throw new UsageError('expected one FILE.jsonl');
  const file = resolve(ctx.cwd, files[0]!);
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error('not a regular file');
    if (st.size > MAX_TEST_FILE_BYTES) throw new Error(`larger than ${MAX_TEST_FILE_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    ctx.stderr.write(`shimctl policy test: cannot read ${file}: ${errorMessage(err)}\n`);
    return EXIT.USAGE;
  }
  const parsed = parsePolicyTests(text, ctx.cwd);
  if (!parsed.ok) {
    ctx.stderr.write(`shimctl policy test: ${file}${parsed.line ? `:${parsed.line}` : ''}: ${parsed.message}\n`);
    return EXIT.USAGE;
  }
  const results = await runPolicyTests(parsed.cases, createApp(ctx.env));
  if (json) {
    ctx.stdout.write(
      `${JSON.stringify(results.map((r) => ({ line: r.testCase.line, name: r.testCase.name, request: r.testCase.request, expect: r.testCase.expect, pass: r.pass, mismatches: r.mismatches, verdict: r.verdict })))}\n`,
    );
  } else ctx.stdout.write(table(results));
  return results.every((r) => r.pass) ? EXIT.OK : EXIT.FAILED;
}

export const policyCommand: CliCommand = {
  name: 'policy',
  summary: 'policy test FILE.jsonl | policy check: test the policy or the configured engine.',
  run: (args, ctx) => runSubcommand('policy', HELP, { test: runTest, check: runPolicyCheck }, args, ctx),
};
