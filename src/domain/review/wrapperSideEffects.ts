/**
 * What wrappers do besides running their inner command: `strace -o FILE` writes FILE, and
 * `strace -o '|CMD'` / `-o '!CMD'` pipes the trace into CMD run by the shell; `script -c CMD`
 * runs CMD through `sh -c` and writes its typescript file.
 */
import { judgePaths } from '../paths/judgePaths.js';
import type { PathArg } from '../paths/judgePaths.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import { matchLongOption } from '../policy/longOption.js';
import type { ReviewState } from './reviewState.js';
import { step, pathContext } from './reviewState.js';
import { reviewNestedText } from './reviewState.js';

const writes = (paths: PathArg[], state: ReviewState): Verdict => judgePaths(paths, pathContext(state)).verdict;

/** `strace`/`ltrace -o VALUE`: a file written, or (`|cmd`, `!cmd`) a shell command fed the trace. */
export function traceOutputVerdicts(
  name: string,
  options: Array<[string, string | true]>,
  state: ReviewState,
  depth: number,
): Verdict[] {
  const out: Verdict[] = [];
  for (const [o, v] of options) {
    if ((o !== '-o' && o !== '--output') || typeof v !== 'string') continue;
    if (v.startsWith('|') || v.startsWith('!')) {
      step(state, depth, 'escape', `${name} -o pipes its output into a shell command`);
      out.push(
        verdict('ask', 'high', 'command.escape_hatch', `${name} -o '${v[0]}…' runs a shell command fed with the trace`),
      );
      out.push(reviewNestedText(v.slice(1), state, depth + 1, 'nested', undefined).verdict);
    } else if (v) out.push(writes([{ raw: v, access: 'write' }], state));
  }
  return out;
}

// util-linux script(1): options with a value, and the command option.
const SCRIPT_VALUE_SHORT = new Set(['c', 'E', 'B', 'I', 'O', 'T', 'm', 'o']);
const SCRIPT_FILE_SHORT = new Set(['B', 'I', 'O', 'T']);
const SCRIPT_LONGS = [
  '--append',
  '--command',
  '--echo',
  '--return',
  '--flush',
  '--force',
  '--log-io',
  '--log-in',
  '--log-out',
  '--log-timing',
  '--logging-format',
  '--output-limit',
  '--quiet',
  '--timing',
  '--help',
  '--version',
];
const SCRIPT_LONG_VALUE = new Set([
  '--command',
  '--echo',
  '--log-io',
  '--log-in',
  '--log-out',
  '--log-timing',
  '--logging-format',
  '--output-limit',
]);
const SCRIPT_LONG_FILE = new Set(['--log-io', '--log-in', '--log-out', '--log-timing', '--timing']);

/** `script [-c CMD] [FILE]`: CMD runs through the shell; FILE and the log files are written. */
export function reviewScriptCommand(args: readonly string[], state: ReviewState, depth: number): Verdict {
  let command: string | undefined;
  let unclear = false;
  const files: PathArg[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const m = matchLongOption(a, SCRIPT_LONGS);
      if (!m || m.ambiguous) {
        unclear = true;
        continue;
      }
      const n = m.names[0]!;
      const v = SCRIPT_LONG_VALUE.has(n) ? (m.value ?? args[++i] ?? '') : m.value;
      if (n === '--command') command = v ?? '';
      else if (SCRIPT_LONG_FILE.has(n) && v) files.push({ raw: v, access: 'write' });
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      positionals.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      const rest = a.slice(k + 1);
      if (c === 't') {
        if (rest) files.push({ raw: rest, access: 'write' });
        break;
      } // optional attached value
      if (!SCRIPT_VALUE_SHORT.has(c)) continue;
      const v = rest || (args[++i] ?? '');
      if (c === 'c') command = v;
      else if (SCRIPT_FILE_SHORT.has(c)) files.push({ raw: v, access: 'write' });
      break;
    }
  }
  for (const p of positionals.slice(0, 1)) files.push({ raw: p, access: 'write' });
  const parts: Verdict[] = [];
  if (unclear)
    parts.push(
      verdict('ask', 'medium', 'command.wrapper', 'script option(s) not understood: what it runs is uncertain'),
    );
  if (files.length) parts.push(writes(files, state));
  if (command === undefined) {
    parts.push(
      verdict(
        'ask',
        'high',
        'invocation.interactive',
        'script without -c starts a shell that reads commands unreviewed',
      ),
    );
    return combineVerdicts(...parts);
  }
  step(state, depth, 'wrappers', 'script -c: reviewing the command as shell text');
  parts.push(
    verdict(
      'allow',
      'low',
      'command.wrapper',
      'script -c runs its command through the shell; it was reviewed as a command',
    ),
  );
  parts.push(reviewNestedText(command, state, depth + 1, 'nested', undefined).verdict);
  return combineVerdicts(...parts);
}
