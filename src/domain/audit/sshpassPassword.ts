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
  let memo: Memo | undefined;
  const start = /\bsshpass/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    memo ??= new Memo(text.length);
    const from = m.index + 'sshpass'.length;
    evaluate(text, from, memo);
    if (memo.found(from)) {
      yield [m.index, memo.prefixEnd[from]!, memo.valueEnd[from]!];
      start.lastIndex = memo.valueEnd[from]!;
    }
  }
}

/** Per position: unknown, failed, or found (prefix end and value end). Typed arrays: 10^5 positions. */
class Memo {
  readonly state: Uint8Array;
  readonly prefixEnd: Int32Array;
  readonly valueEnd: Int32Array;
  constructor(n: number) {
    this.state = new Uint8Array(n + 2);
    this.prefixEnd = new Int32Array(n + 2);
    this.valueEnd = new Int32Array(n + 2);
  }
  known(pos: number): boolean {
    return this.state[pos] !== 0;
  }
  found(pos: number): boolean {
    return this.state[pos] === 2;
  }
  set(pos: number, found: Found): void {
    this.state[pos] = found ? 2 : 1;
    if (found) {
      this.prefixEnd[pos] = found[0];
      this.valueEnd[pos] = found[1];
    }
  }
  copy(pos: number, from: number): void {
    this.state[pos] = 2;
    this.prefixEnd[pos] = this.prefixEnd[from]!;
    this.valueEnd[pos] = this.valueEnd[from]!;
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

/** The regex's first success from `from`, iteratively (inputs may hold 10^5 options). */
function evaluate(text: string, from: number, memo: Memo): void {
  const stack: number[] = [from];
  while (stack.length > 0) {
    const pos = stack[stack.length - 1]!;
    if (memo.known(pos)) {
      stack.pop();
      continue;
    }
    const [withValue, bare] = optionEnds(text, pos);
    if (withValue !== undefined && !memo.known(withValue)) {
      stack.push(withValue);
      continue;
    }
    if (withValue !== undefined && memo.found(withValue)) {
      memo.copy(pos, withValue);
      stack.pop();
      continue;
    }
    if (bare !== undefined && !memo.known(bare)) {
      stack.push(bare);
      continue;
    }
    if (bare !== undefined && memo.found(bare)) {
      memo.copy(pos, bare);
      stack.pop();
      continue;
    }
    memo.set(pos, passwordAt(text, pos));
    stack.pop();
  }
}
