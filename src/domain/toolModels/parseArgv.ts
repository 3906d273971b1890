import { matchLongOption } from '../policy/longOption.js';
import type { Arity, Mode, OptionModel, ToolModel } from './modelTypes.js';

/** One option as used on a command line: the spelling written and the value words it took. */
export interface OptionUse {
  option: OptionModel;
  spelled: string;
  values: string[];
  /** The base directory a `rebases` option's value is relative to (the `-C` before it). */
  base?: string;
}

export interface ParsedArgv {
  uses: OptionUse[];
  operands: string[];
  /** Words that are no option of the model (or an ambiguous prefix of several). */
  unknown: string[];
  modes: Set<Mode>;
  /** The base directory of each operand, by index, when a `rebases` option came before it. */
  operandBases?: (string | undefined)[];
  /** The base in effect at this point of the parse. */
  base?: string;
}

/** `raw` under `base`: an absolute or home path stays as it is. */
export function underBase(base: string | undefined, raw: string): string {
  if (base === undefined || raw.startsWith('/') || raw.startsWith('~')) return raw;
  return `${base.replace(/\/+$/, '')}/${raw}`;
}

function pushOperand(out: ParsedArgv, raw: string): void {
  out.operands.push(raw);
  if (out.base !== undefined) (out.operandBases ??= [])[out.operands.length - 1] = out.base;
}

interface Compiled {
  byName: Map<string, OptionModel>;
  longs: string[];
}

const COMPILED = new WeakMap<ToolModel, Compiled>();

function compile(model: ToolModel): Compiled {
  let c = COMPILED.get(model);
  if (!c) {
    const byName = new Map<string, OptionModel>();
    for (const o of model.options) for (const n of o.names) byName.set(n, o);
    c = { byName, longs: [...byName.keys()].filter((n) => n.startsWith('--')) };
    COMPILED.set(model, c);
  }
  return c;
}

function use(out: ParsedArgv, option: OptionModel, spelled: string, values: string[]): void {
  const value = values[0];
  if (option.rebases && value !== undefined && value !== '') {
    out.uses.push(out.base === undefined ? { option, spelled, values } : { option, spelled, values, base: out.base });
    out.base = underBase(out.base, value);
  } else out.uses.push({ option, spelled, values });
  if (option.asOperand && value !== undefined) pushOperand(out, value);
  if (
    option.sets &&
    (option.setsWhen === undefined || (value !== undefined && option.setsWhen.test(value))) &&
    (option.whenValue === undefined ||
      (values[0] !== undefined && values[0] !== '' && option.whenValue.startsWith(values[0])))
  )
    out.modes.add(option.sets);
  if (option.alsoSets && value !== undefined)
    for (const [re, m] of option.alsoSets) if (re.test(value)) out.modes.add(m);
}

/** Extra value words after the first (`jq --rawfile NAME FILE`), or up to `;`/`+` (find -exec). */
function takeMore(option: OptionModel, args: readonly string[], i: number, values: string[]): number {
  if (option.words === 'command') {
    while (i + 1 < args.length) {
      const w = args[++i]!;
      if (w === ';' || (w === '+' && values[values.length - 1] === '{}')) break;
      values.push(w);
    }
    return i;
  }
  if (option.words === 'list') {
    while (i + 1 < args.length && !args[i + 1]!.startsWith('-')) values.push(args[++i]!);
    return i;
  }
  for (let k = 1; k < (option.words ?? 1); k++) if (i + 1 < args.length) values.push(args[++i]!);
  return i;
}

/**
 * Parses argv by the model, as GNU getopt_long does: short clusters (`-rn`), attached values
 * (`-n5`, `-oFILE`), `--opt=value` and `--opt value`, unambiguous long prefixes (the shared
 * matcher), `--` ending options, and options after operands (permutation).
 *
 * POSIXLY_CORRECT stops GNU tools at the first operand; the parser always permutes. A word
 * read here as an option would then be a file name starting with `-`, relative to the cwd: the
 * reading that sees more options is the stricter one, and no such name can reach a protected
 * file outside the cwd.
 */
export function parseArgv(model: ToolModel, given: readonly string[]): ParsedArgv {
  const args = model.oldStyle ? expandOldStyle(compile(model).byName, given) : given;
  if (model.syntax === 'find') return parseFind(model, args);
  if (model.syntax === 'ps') return parsePs(model, args);
  if (model.syntax === 'xxd') return parseXxd(model, args);
  if (model.syntax === 'single') return parseSingle(model, args);
  if (model.syntax === 'words') return { uses: [], operands: [...args], unknown: [], modes: new Set() };
  if (model.syntax === 'infozip' || model.syntax === 'unzip') return parseInfozip(model, args);
  const { byName, longs } = compile(model);
  const out: ParsedArgv = { uses: [], operands: [], unknown: [], modes: new Set() };
  const permute = model.permute !== false;
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (ended || a.length < 2 || (a[0] !== '-' && !(model.numeric && a[0] === '+'))) {
      pushOperand(out, a);
      if (!permute) ended = true;
      continue;
    }
    if (a === '--') {
      ended = true;
      continue;
    }
    if (model.numeric?.test(a)) continue;
    if (a[0] === '+') {
      pushOperand(out, a);
      continue;
    }
    if (a[1] === '-') {
      i = parseLong(model, byName, longs, args, i, out);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const option = byName.get(`-${a[k]}`);
      if (!option) {
        out.unknown.push(`-${a[k]}`);
        break;
      }
      const arity: Arity = option.shortArity ?? option.arity;
      // pflag: `-o=yaml` is `-o yaml`, and `-A=false` gives a flag its value (the rest of the word).
      if (model.pflag && a[k + 1] === '=') {
        const values = [a.slice(k + 2)];
        if (arity !== 'none') i = takeMore(option, args, i, values);
        use(out, option, `-${a[k]}`, values);
        break;
      }
      if (arity === 'none') {
        use(out, option, `-${a[k]}`, []);
        continue;
      }
      const attached = a.slice(k + 1);
      const values: string[] = [];
      if (attached) values.push(attached);
      else if (arity === 'required' && i + 1 < args.length) values.push(args[++i]!);
      i = takeMore(option, args, i, values);
      use(out, option, `-${a[k]}`, values);
      break;
    }
  }
  return out;
}

/**
 * tar's old style: a first word without a dash is a cluster of short options, and the value of
 * each letter that takes one is the next word, in order (`tar cbf 20 out.tar src` is
 * `-c -b 20 -f out.tar src`; review pass of 1 Dec 2026: read any other way, the archive was the
 * wrong word). A value letter with no word left gets an empty value.
 */
function expandOldStyle(byName: Map<string, OptionModel>, args: readonly string[]): readonly string[] {
  const first = args[0];
  if (first === undefined || first === '' || first.startsWith('-')) return args;
  const rest = args.slice(1);
  const out: string[] = [];
  for (const letter of first) {
    out.push(`-${letter}`);
    const option = byName.get(`-${letter}`);
    if (option && (option.shortArity ?? option.arity) === 'required') out.push(rest.shift() ?? '');
  }
  return [...out, ...rest];
}

function parseLong(
  model: ToolModel,
  byName: Map<string, OptionModel>,
  longs: string[],
  args: readonly string[],
  i: number,
  out: ParsedArgv,
): number {
  const a = args[i]!;
  let option: OptionModel | undefined;
  let spelled = a;
  let value: string | undefined;
  if (model.longPrefixes === false) {
    const eq = a.indexOf('=');
    spelled = eq < 0 ? a : a.slice(0, eq);
    if (model.underscoreIsDash) spelled = `--${spelled.slice(2).replaceAll('_', '-')}`;
    option = byName.get(spelled);
    value = eq < 0 ? undefined : a.slice(eq + 1);
  } else {
    const m = matchLongOption(a, longs);
    if (m) {
      // Several spellings of one option (`--colour`, `--color`) are no ambiguity.
      const found = new Set(m.names.map((n) => byName.get(n)!));
      if (found.size === 1) {
        option = [...found][0];
        spelled = m.names[0]!;
        value = m.value;
      }
    }
  }
  if (!option && model.negatable && a.startsWith('--no-') && !a.includes('=')) {
    // parse-options' `--no-NAME`: turns NAME off, takes no value, has no effect.
    const m = matchLongOption(`--${a.slice(5)}`, longs);
    if (m && new Set(m.names.map((n) => byName.get(n))).size === 1) {
      use(out, NEGATED, a, []);
      return i;
    }
  }
  if (!option) {
    out.unknown.push(a.includes('=') ? a.slice(0, a.indexOf('=')) : a);
    return i;
  }
  const values: string[] = [];
  if (value !== undefined) values.push(value);
  else if (option.arity === 'required' && i + 1 < args.length) values.push(args[++i]!);
  if (option.arity !== 'none') i = takeMore(option, args, i, values);
  use(out, option, spelled, values);
  return i;
}

/** What a `--no-NAME` spelling is: an option without value or effect. */
const NEGATED: OptionModel = { names: [], arity: 'none', effect: 'none', example: '' };

const FIND_OPERATORS = new Set(['(', ')', '!', ',']);

/**
 * find: leading options (`-H -L -P -D LIST -O3`), then starting points (words before the first
 * that starts with `-` or is an operator), then the expression: primaries as exact words with
 * their value words (`-exec ... ;`), operators, and `-newerXY`.
 */
function parseFind(model: ToolModel, args: readonly string[]): ParsedArgv {
  const { byName } = compile(model);
  const out: ParsedArgv = { uses: [], operands: [], unknown: [], modes: new Set() };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const o = byName.get(a.startsWith('-O') ? '-O' : a);
    if (!o || !/^-[HLPDO]/.test(a)) break;
    const values: string[] = [];
    if (a === '-D' && i + 1 < args.length) values.push(args[++i]!);
    use(out, o, a, values);
  }
  if (args[i] === '--') i++;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if ((a.startsWith('-') && a.length > 1) || FIND_OPERATORS.has(a)) break;
    out.operands.push(a);
  }
  for (; i < args.length; i++) {
    const a = args[i]!;
    const o = byName.get(/^-newer[aBcmt][aBcmt]$/.test(a) ? '-newerXY' : a);
    if (!o) {
      out.unknown.push(a);
      continue;
    }
    const values: string[] = [];
    if (o.arity === 'required' && i + 1 < args.length) values.push(args[++i]!);
    i = takeMore(o, args, i, values);
    use(out, o, a, values);
  }
  return out;
}

/**
 * procps ps: `--long[=| ]value`, UNIX clusters after `-`, BSD clusters without a dash (`aux`,
 * `eww`), bare process ids. BSD letters are model names without the dash.
 */
function parsePs(model: ToolModel, args: readonly string[]): ParsedArgv {
  const { byName } = compile(model);
  const out: ParsedArgv = { uses: [], operands: [], unknown: [], modes: new Set() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (/^[0-9,]+$/.test(a)) {
      out.operands.push(a);
      continue;
    }
    if (a.startsWith('--')) {
      i = parseLong(model, byName, [], args, i, out);
      continue;
    }
    const dash = a.startsWith('-') ? '-' : '';
    for (let k = dash.length; k < a.length; k++) {
      const option = byName.get(`${dash}${a[k]}`);
      if (!option) {
        out.unknown.push(`${dash}${a[k]}`);
        break;
      }
      if (option.arity === 'none') {
        use(out, option, `${dash}${a[k]}`, []);
        continue;
      }
      const attached = a.slice(k + 1);
      const values: string[] = attached ? [attached] : i + 1 < args.length ? [args[++i]!] : [];
      use(out, option, `${dash}${a[k]}`, values);
      break;
    }
  }
  return out;
}

/**
 * xxd: options until the first operand; each is known by its first two characters (`-autoskip`
 * is `-a`, `-ps` is `-p`). A value follows attached (`-c8`) unless the word is a long spelling
 * (`-cols 8`) or just the letter (`-c 8`).
 */
function parseXxd(model: ToolModel, args: readonly string[]): ParsedArgv {
  const { byName } = compile(model);
  const out: ParsedArgv = { uses: [], operands: [], unknown: [], modes: new Set() };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const option = byName.get(a.slice(0, 2));
    if (!option) {
      out.unknown.push(a);
      continue;
    }
    const values: string[] = [];
    if (option.arity === 'required') {
      if (a.length > 2 && !option.names.some((n) => n.length > 2 && n.startsWith(a))) values.push(a.slice(2));
      else if (i + 1 < args.length) values.push(args[++i]!);
    }
    use(out, option, a, values);
  }
  out.operands.push(...args.slice(i));
  return out;
}

/**
 * openssl's apps (opt.c): every option is one `-name` word, matched exactly (no clusters, no
 * prefixes; `--name` is accepted as `-name`), its value the next word; options may follow
 * operands; `--` ends them.
 */
function parseSingle(model: ToolModel, args: readonly string[]): ParsedArgv {
  const { byName } = compile(model);
  const out: ParsedArgv = { uses: [], operands: [], unknown: [], modes: new Set() };
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (ended || a.length < 2 || a[0] !== '-') {
      out.operands.push(a);
      continue;
    }
    if (a === '--') {
      ended = true;
      continue;
    }
    const name = a.startsWith('--') ? a.slice(1) : a;
    const option = byName.get(name);
    if (!option) {
      out.unknown.push(a);
      continue;
    }
    const values: string[] = [];
    if (option.arity === 'required' && i + 1 < args.length) values.push(args[++i]!);
    i = takeMore(option, args, i, values);
    use(out, option, a, values);
  }
  return out;
}

/**
 * Info-ZIP zip 3.0 (its get_option): short options are one or two letters (`-FS`, `-lf`), the
 * longest known match first, clustered (`-rq`); a `-` after a negatable one negates it (`-X-`);
 * a value is the rest of the word or the next word; `-x`/`-i` take every following word up to
 * the next option; long options take unambiguous prefixes (`--out`). `--` ends options.
 */
function parseInfozip(model: ToolModel, args: readonly string[]): ParsedArgv {
  const { byName, longs } = compile(model);
  const out: ParsedArgv = { uses: [], operands: [], unknown: [], modes: new Set() };
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (ended || a.length < 2 || a[0] !== '-') {
      pushOperand(out, a);
      continue;
    }
    if (a === '--') {
      ended = true;
      continue;
    }
    if (a[1] === '-') {
      i = parseLong(model, byName, longs, args, i, out);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const two = `-${a.slice(k, k + 2)}`;
      const spelled = a.length > k + 1 && byName.has(two) ? two : `-${a[k]}`;
      const option = byName.get(spelled);
      if (!option) {
        out.unknown.push(spelled);
        break;
      }
      k += spelled.length - 2;
      if (option.arity === 'none') {
        use(out, option, spelled, []);
        // zip's `-X-` negates X. unzip's `-` negates the letters after it (`-q-l` extracts):
        // left as an unknown word there, so it asks.
        if (a[k + 1] === '-' && model.syntax === 'infozip') k++;
        continue;
      }
      const attached = a.slice(k + 1).replace(/^=/, '');
      const values: string[] = [];
      if (attached) values.push(attached);
      else if (option.arity === 'required' && i + 1 < args.length) values.push(args[++i]!);
      i = takeMore(option, args, i, values);
      use(out, option, spelled, values);
      break;
    }
  }
  return out;
}

/** Whether the parsed command line uses the option one of whose spellings is `name`. */
export function usesOption(parsed: ParsedArgv, name: string): boolean {
  return parsed.uses.some((u) => u.option.names.includes(name));
}
