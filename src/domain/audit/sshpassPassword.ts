import { blanksEnd, isBlank, shellValueEnd } from './shellValue.js';

/*
 * `sshpass [-f FILE|-d FD|-P PROMPT|-e|-v …] -p PASSWORD`, read as the regex
 *   (\bsshpass(?:\s+-(?:[fdP]\s*VALUE|[A-Za-z]))*\s+-p\s*)(VALUE)
 * read it, without its exponential backtracking: `-f` may or may not take the next word, so
 * ` -f` × 40 with no `-p` tried 2^40 paths. What follows a position does not depend on how the
 * position was reached, so each position is evaluated once (memo shared by every start), in
 * the order the regex tries them: another option taking a value, another option without one,
 * then `-p` and the password.
 */

/** [end of the prefix (start of the password), end of the password], or null. */
type Found = readonly [number, number] | null;

/** Each match: [start of `sshpass`, start of the password, end of the password]. */
export function* sshpassPasswords(text: string): Generator<[number, number, number]> {
  const memo = new Map<number, Found>();
  const start = /\bsshpass/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const found = evaluate(text, m.index + 'sshpass'.length, memo);
    if (found) {
      yield [m.index, found[0], found[1]];
      start.lastIndex = found[1];
    }
  }
}

/** After one `\s+-X…` option at `pos`: where each way of reading it ends (value, or no value). */
function optionEnds(text: string, pos: number): [number | undefined, number | undefined] {
  const dash = blanksEnd(text, pos);
  if (dash === pos || text[dash] !== '-') return [undefined, undefined];
  const letter = text[dash + 1] ?? '';
  if (!/[A-Za-z]/.test(letter)) return [undefined, undefined];
  let withValue: number | undefined;
  if (letter === 'f' || letter === 'd' || letter === 'P') {
    const v = blanksEnd(text, dash + 2);
    const end = shellValueEnd(text, v);
    // The value must be followed by the blank the next option (or `-p`) starts with; the only
    // place a VALUE can end before a blank is its greedy end, so no shorter reading exists.
    if (end > v && end < text.length && isBlank(text.charCodeAt(end))) withValue = end;
  }
  return [withValue, dash + 2];
}

/** `\s+-p\s*VALUE` at `pos`. */
function passwordAt(text: string, pos: number): Found {
  const dash = blanksEnd(text, pos);
  if (dash === pos || text[dash] !== '-' || text[dash + 1] !== 'p') return null;
  const v = blanksEnd(text, dash + 2);
  const end = shellValueEnd(text, v);
  return end > v ? [v, end] : null;
}

/** The regex's first success from `pos`, iteratively (inputs may hold 10^5 options). */
function evaluate(text: string, from: number, memo: Map<number, Found>): Found {
  const stack: number[] = [from];
  while (stack.length > 0) {
    const pos = stack[stack.length - 1]!;
    if (memo.has(pos)) { stack.pop(); continue; }
    const [withValue, bare] = optionEnds(text, pos);
    let pending = false;
    let result: Found = null;
    for (const next of [withValue, bare]) {
      if (next === undefined) continue;
      if (!memo.has(next)) { stack.push(next); pending = true; break; }
      result = memo.get(next)!;
      if (result) break;
    }
    if (pending) continue;
    memo.set(pos, result ?? passwordAt(text, pos));
    stack.pop();
  }
  return memo.get(from)!;
}
