import type { PathAccess, PathArg } from '../paths/judgePaths.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import type { Effect, Mode, OperandModel, OptionModel, ToolModel } from './modelTypes.js';
import type { ParsedArgv } from './parseArgv.js';
import { parseArgv, underBase } from './parseArgv.js';

/**
 * What a modelled command line does, for the existing policies to judge: paths (the path
 * policy), URLs (the URL policy), and verdicts for what no policy judges (an unknown option, a
 * program an option runs, a list of files nobody sees). Empty lists mean the model proves the
 * command does nothing beyond what its name's rule assumed.
 */
export interface ModelFindings {
  paths: PathArg[];
  urls: string[];
  /** Hosts a probe reaches without a request of its own (`ping HOST`, `dig @SERVER`): the URL policy judges the host. */
  hosts: string[];
  verdicts: Verdict[];
}

const ACCESS: Partial<Record<Effect, PathAccess>> = {
  read: 'read',
  write: 'write',
  delete: 'delete',
  list: 'read',
  loads: 'read',
};

/** Effects no policy judges: each asks, with this risk and this wording. */
const ASKS: Partial<Record<Effect, { risk: 'medium' | 'high'; says: string; sep?: string }>> = {
  exec: { risk: 'high', says: 'runs the program' },
  loads: { risk: 'medium', says: 'loads code or configuration from' },
  list: { risk: 'medium', says: 'reads the names of more files or targets, which the review cannot see, from' },
  chdir: { risk: 'medium', says: 'moves the base directory of relative paths to' },
  env: { risk: 'medium', says: "sets a child's environment", sep: ':' },
  system: { risk: 'high', says: 'changes the state of the machine', sep: ':' },
  exposes: { risk: 'high', says: 'prints secrets' },
  sends: { risk: 'medium', says: 'sends data the command line chooses over the network', sep: ':' },
  remote: { risk: 'high', says: 'runs the command against another machine or container', sep: ':' },
  credential: { risk: 'medium', says: 'chooses the credentials or identity the request is made with' },
};

/** A network target: a URL goes to `urls`, a bare host (`ping HOST`) to `hosts`. */
function pushTarget(out: ModelFindings, value: string): void {
  if (value === '') return;
  if (value.includes('://')) out.urls.push(value);
  else out.hosts.push(value);
}

function pushPath(out: ModelFindings, raw: string | undefined, effect: Effect, recursive: boolean): void {
  const access = ACCESS[effect];
  // `-` is stdin or stdout, and an empty word names nothing.
  if (!access || raw === undefined || raw === '' || raw === '-') return;
  out.paths.push(recursive ? { raw, access, recursive } : { raw, access });
}

function pushAsk(
  out: ModelFindings,
  model: ToolModel,
  name: string,
  what: string,
  effect: Effect,
  value: string | undefined,
  why?: string,
): void {
  const ask = ASKS[effect];
  if (!ask) return;
  // A credential's value may be the secret itself (`--token`): never shown.
  const shown =
    effect === 'exposes' || effect === 'credential' || value === undefined ? '' : `${ask.sep ?? ''} '${value}'`;
  const code = effect === 'exec' ? 'command.escape_hatch' : 'command.option_effect';
  out.verdicts.push(
    verdict(
      'ask',
      ask.risk,
      code,
      `${name} ${what} ${ask.says}${shown}${why ? ` (${why})` : ''}.`,
      `tools:${model.commands[0]}`,
    ),
  );
}

/** The operand model of the first mode listed in `operandsWhen` that is on (the model's order, not the command line's). */
function operandModel(model: ToolModel, parsed: ParsedArgv): OperandModel {
  if (model.operandsWhen)
    for (const [m, o] of Object.entries(model.operandsWhen)) if (o && parsed.modes.has(m as Mode)) return o;
  return model.operands;
}

/** The option with its effect under the modes the command line switched on (`effectWhen`, first key listed wins). */
function effectiveOption(option: OptionModel, parsed: ParsedArgv): OptionModel {
  if (!option.effectWhen) return option;
  for (const [m, e] of Object.entries(option.effectWhen))
    if (e && parsed.modes.has(m as Mode)) return { ...option, effect: e };
  return option;
}

/** The effect of the operands after `leading` under the modes on (`restWhen`, first key listed wins). */
function restEffect(ops: OperandModel, parsed: ParsedArgv): Effect {
  if (ops.restWhen) for (const [m, e] of Object.entries(ops.restWhen)) if (e && parsed.modes.has(m as Mode)) return e;
  return ops.rest;
}

/**
 * Where GNU sed keeps the backup of `raw` for `-i SUFFIX`: `*` becomes the base name, else the
 * suffix is appended. Whether a `*` form lands beside the file or relative to the cwd, both are
 * judged (the stricter reading).
 */
function backupNames(raw: string, suffix: string): string[] {
  if (suffix === '') return [];
  const slash = raw.lastIndexOf('/');
  const dir = raw.slice(0, slash + 1);
  const base = raw.slice(slash + 1);
  if (!suffix.includes('*')) return [`${raw}${suffix}`];
  const named = suffix.replaceAll('*', base);
  return dir && !named.startsWith('/') && !named.startsWith('~') ? [named, `${dir}${named}`] : [named];
}

/** The outputs a compressor writes beside `raw` (`sibling`): none when it writes to stdout, lists, or writes a named output. */
function siblingNames(model: ToolModel, parsed: ParsedArgv, raw: string): string[] {
  const sib = model.sibling!;
  if (raw === '-' || parsed.modes.has('to-stdout') || parsed.modes.has('lists') || parsed.modes.has('output-named'))
    return [];
  const set = parsed.uses.filter((u) => u.option.siblingSuffix).map((u) => u.values[0] ?? '');
  const suffix = set.length > 0 ? set[set.length - 1]! : sib.suffix;
  const out: string[] = [];
  // `unxz -z` compresses: both namings are judged when both modes are on.
  if (parsed.modes.has('decompress')) {
    const m = sib.strips.exec(raw);
    if (set.length > 0 && suffix !== '' && raw.endsWith(suffix)) out.push(raw.slice(0, -suffix.length));
    else if (m && m.index > 0) {
      out.push(raw.slice(0, m.index));
      // `a.tgz` decompresses to `a.tar`.
      if (/^\.t[^a]/i.test(m[0])) out.push(`${raw.slice(0, m.index)}.tar`);
    } else out.push(raw);
  }
  if (!parsed.modes.has('decompress') || parsed.modes.has('compress')) out.push(`${raw}${suffix}`);
  return out;
}

/** The findings of `name args` under its model. */
export function modelFindings(name: string, model: ToolModel, args: readonly string[]): ModelFindings {
  const dispatched = dispatch(model, args);
  if (dispatched) return modelFindings(dispatched.model.commands[0]!, dispatched.model, dispatched.args);
  const parsed = parseArgv(model, args);
  const variant = model.variants?.find((v) => v.words.every((w, i) => parsed.operands[i] === w));
  if (variant) return modelFindings(name, variant.model, args);
  for (const m of model.startModes?.[name] ?? []) parsed.modes.add(m);
  const out: ModelFindings = { paths: [], urls: [], hosts: [], verdicts: [] };
  if (parsed.unknown.length > 0) {
    const list = parsed.unknown.map((w) => `'${w}'`).join(', ');
    out.verdicts.push(
      verdict(
        'ask',
        'medium',
        'command.unknown_option',
        `${name}: ${list} is no option shimctl's model of ${name} knows; what it does is unknown, so a human decides.`,
        `tools:${model.commands[0]}`,
      ),
    );
  }
  if (model.itself && !(model.itself.unless && parsed.modes.has(model.itself.unless))) {
    const ask = ASKS[model.itself.effect];
    if (ask)
      out.verdicts.push(
        verdict(
          'ask',
          ask.risk,
          model.itself.effect === 'exec' ? 'command.escape_hatch' : 'command.option_effect',
          `${name} ${model.itself.why}.`,
          `tools:${model.commands[0]}`,
        ),
      );
  }
  const recursive = model.recursive === true || parsed.modes.has('recursive');
  for (const u of parsed.uses) {
    let option = effectiveOption(u.option, parsed);
    let given =
      (option.valueAt === undefined ? u.values[u.values.length - 1] : u.values[option.valueAt]) ?? option.defaultValue;
    // `effectIf`: the first value decides the effect, and names the path or target in group 1.
    const first = u.values[0];
    const special = first === undefined ? undefined : option.effectIf?.find(([re]) => re.test(first));
    if (special) {
      option = { ...option, effect: special[1] };
      given = special[0].exec(first!)?.[1] ?? given;
    }
    if (option.backupSuffix && given !== undefined)
      for (const raw of parsed.operands) for (const b of backupNames(raw, given)) pushPath(out, b, 'write', false);
    if (option.dataIf && given !== undefined && option.dataIf.test(given)) continue;
    // A `rebases` value (`tar -C a -C b`) is relative to the one before it.
    const value = option.rebases && given !== undefined ? underBase(u.base, given) : given;
    if (option.pathAfter && value !== undefined) {
      for (const [prefix, effect] of Object.entries(option.pathAfter)) {
        if (value.startsWith(prefix)) pushPath(out, value.slice(prefix.length), effect, false);
      }
    }
    if (option.pathIn && value !== undefined && !option.reviewedBy) {
      const m = option.pathIn.exec(value);
      if (m?.[1] !== undefined) pushPath(out, m[1], option.effect, option.recursive === true);
      continue;
    }
    if (option.effect === 'none' || option.reviewedBy || option.pathAfter || option.pathIn || option.asOperand)
      continue;
    if (option.onOperands) {
      const targets = parsed.operands.length > 0 ? parsed.operands : ['.'];
      for (const raw of targets) pushPath(out, raw, option.effect, recursive || option.recursive === true);
    } else if (option.effect === 'network') {
      if (value) for (const v of option.split !== undefined ? value.split(option.split) : [value]) pushTarget(out, v);
    } else if (option.split !== undefined && value !== undefined) {
      for (const raw of value.split(option.split)) pushPath(out, raw, option.effect, option.recursive === true);
    } else if (option.readsBelow !== undefined && option.effect === 'read' && value !== undefined && value !== '')
      pushPath(out, `${value.replace(/\/+$/, '')}${option.readsBelow}`, 'read', option.recursive === true);
    else pushPath(out, value, option.effect, option.recursive === true);
    pushAsk(
      out,
      model,
      name,
      u.spelled,
      option.effect,
      option.effect === 'exec' ? u.values.join(' ') : value,
      option.why,
    );
    if (option.asks) pushAsk(out, model, name, u.spelled, option.asks, value, option.why);
  }
  const ops = operandModel(model, parsed);
  const n = parsed.operands.length;
  let readsPath = false;
  // Positions count operands only, not the tool's own option words (`optionIf`).
  let position = 0;
  for (let i = 0; i < n; i++) {
    // An operand after `tar -C DIR` names a path below DIR.
    let raw = underBase(parsed.operandBases?.[i], parsed.operands[i]!);
    if (ops.optionIf?.test(raw)) continue;
    const at = position++;
    let effect: Effect = ops.leading?.[at] ?? (ops.last && n >= 2 && i === n - 1 ? ops.last : restEffect(ops, parsed));
    const special = ops.effectIf?.find(([re]) => re.test(raw));
    if (special) {
      effect = special[1];
      raw = special[0].exec(raw)?.[1] ?? raw;
    } else if (ops.dataIf?.test(raw)) effect = 'none';
    else if (ops.listIf?.test(raw)) effect = 'list';
    if (effect === 'read') readsPath = true;
    if (effect === 'network' && !ops.reviewedBy) pushTarget(out, raw);
    pushPath(
      out,
      effect === 'list' && !special ? raw.replace(ops.listIf ?? /^/, '') : raw,
      effect,
      ops.recursive === true || (recursive && (effect === 'read' || model.sibling !== undefined)),
    );
    pushAsk(out, model, name, 'operand', effect, raw, ops.why);
    if (model.sibling && effect !== 'none')
      for (const s of siblingNames(model, parsed, raw)) pushPath(out, s, 'write', false);
  }
  // An unknown option may take the next word as its value and write there (`openssl s_client
  // -sess_out F`): every path is then unmodelled, so self-protection judges it as a possible write.
  if (parsed.unknown.length > 0) for (const p of out.paths) p.unmodelled = true;
  const implicit = model.implicit;
  if (implicit && !readsPath && (implicit.when === undefined || parsed.modes.has(implicit.when)))
    pushPath(out, implicit.raw, 'read', recursive);
  if (model.subcommands) subcommandFindings(model.subcommands, parsed.operands, out);
  return out;
}

/** A dispatching model's subcommand (`defaultSubcommand`) and the words it judges. */
function dispatch(
  model: ToolModel,
  args: readonly string[],
): { model: ToolModel; args: readonly string[] } | undefined {
  const subs = model.subcommands;
  if (model.defaultSubcommand === undefined || !subs) return undefined;
  const word = args[0];
  // Own properties only: a subcommand named `__proto__` must not reach Object.prototype.
  if (word !== undefined && Object.hasOwn(subs, word)) return { model: subs[word]!, args: args.slice(1) };
  const fallback = Object.hasOwn(subs, model.defaultSubcommand) ? subs[model.defaultSubcommand] : undefined;
  return fallback ? { model: fallback, args } : undefined;
}

/** The first operand names the subcommand; its model judges the words after it. */
function subcommandFindings(
  subs: Readonly<Record<string, ToolModel>>,
  operands: readonly string[],
  out: ModelFindings,
): void {
  const word = operands[0];
  // Own properties only: a subcommand named `__proto__` must not reach Object.prototype.
  if (word === undefined || !Object.hasOwn(subs, word)) return;
  const sub = subs[word]!;
  const found = modelFindings(sub.commands[0]!, sub, operands.slice(1));
  out.paths.push(...found.paths);
  out.urls.push(...found.urls);
  out.hosts.push(...found.hosts);
  out.verdicts.push(...found.verdicts);
}
