import { parseArgv } from '../toolModels/parseArgv.js';
import { jqModel } from '../toolModels/tools/jq.js';

/**
 * A jq program with its string literals' text and its comments blanked (offsets kept), so
 * `select(.kind == "env")` names no builtin; string interpolations `"\(env)"` are code and stay.
 */
export function jqCode(program: string): string {
  let out = '';
  // Each entry: in a string (-1), or in code at this parenthesis depth inside an interpolation.
  const stack: number[] = [];
  let inString = false;
  for (let i = 0; i < program.length; i++) {
    const c = program[i]!;
    if (inString) {
      if (c === '\\' && program[i + 1] === '(') {
        stack.push(0);
        inString = false;
        out += '  ';
        i++;
      } else if (c === '\\') {
        out += '  ';
        i++;
      } else if (c === '"') {
        inString = false;
        stack.pop();
        out += '"';
      } else out += c === '\n' ? '\n' : ' ';
      continue;
    }
    if (c === '"') {
      stack.push(-1);
      inString = true;
      out += '"';
    } else if (c === '#') {
      const end = program.indexOf('\n', i);
      const stop = end < 0 ? program.length : end;
      out += ' '.repeat(stop - i);
      i = stop - 1;
    } else if (stack.length > 0 && c === '(') {
      stack[stack.length - 1]!++;
      out += c;
    } else if (stack.length > 0 && c === ')') {
      if (stack[stack.length - 1] === 0) {
        // The end of an interpolation: back inside its string.
        stack.pop();
        inString = true;
      } else stack[stack.length - 1]!--;
      out += c;
    } else out += c;
  }
  return out;
}

/**
 * `env` (the builtin: not `.env`, `$env`, a key `env:`) and `$ENV` print the environment (P8-11).
 * Any use asks, a named one (`$ENV.HOME`) too: the stricter reading.
 */
const ENV_USE = /(?<![\w.$])env(?![\w:])|\$ENV(?!\w)/;
/** `import`/`include` directives: jq's module search reads files (`{search: ...}`, relative paths, ~/.jq). */
const MODULE_USE = /(?<![\w.$])(?:import|include)(?!\w)/;

/** What a jq command's program does that its operands do not show; undefined when nothing. */
export function jqProgramFindings(args: readonly string[]): { env?: true; modules?: true; fromFile?: true } {
  const parsed = parseArgv(jqModel, args);
  if (parsed.modes.has('program-file')) return { fromFile: true };
  const program = parsed.operands[0];
  if (program === undefined) return {};
  const code = jqCode(program);
  return { ...(ENV_USE.test(code) ? { env: true } : {}), ...(MODULE_USE.test(code) ? { modules: true } : {}) };
}
