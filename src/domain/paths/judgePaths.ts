// Judges the path arguments of one command: protected secrets, shimctl's own state, deletion of
// roots and system directories, writes into system paths. The policy decides which argv words are
// paths and with what access; this module decides what is protected and how badly.
import type { HostFacts } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, combineVerdicts, internalErrorVerdict, verdict } from '../verdict.js';
import { absolutize, basenamePosix, dirnamePosix, expandTilde, isStrictAncestor, normalizePosix, resolvePhysically } from './posixPath.js';
import type { ProtectedResource } from './protectedResources.js';
import { defaultGatePaths, ENV_TEMPLATE_NAMES, protectedResources } from './protectedResources.js';
import { globMatches } from './pathGlob.js';
import { deletionTarget, isHarmlessDevice, isSystemPath } from './systemPaths.js';

export type PathAccess = 'read' | 'write' | 'delete' | 'execute' | 'mention';

export interface PathArg {
  raw: string;
  access: PathAccess;
  /**
   * The access covers everything below the path (`rm -r`, `cp -r`, `grep -r`, `tar c`), so a
   * parent of a protected location counts as touching it.
   */
  recursive?: boolean;
}

export interface PathContext {
  cwd: string;
  config: PolicyConfig;
  facts: HostFacts;
}

export interface PathJudgement {
  verdict: Verdict;
  paths: Array<{ raw: string; resolved: string }>;
}

/** Every spelling under which a path may be matched: as written, with `~`, and as the kernel resolves it. */
interface Spellings {
  lexical: string;
  resolved: string;
  all: string[];
}

function spellingsOf(arg: PathArg, ctx: PathContext): Spellings {
  const { cwd, facts } = ctx;
  const lexical = absolutize(arg.raw, cwd);
  const all = [lexical];
  // A `~` that reaches us was quoted (the tokenizer expands unquoted ones), so it names a literal
  // directory; match the home spelling too, because that is what the text appears to mean.
  if (arg.raw === '~' || arg.raw.startsWith('~/')) all.push(absolutize(expandTilde(arg.raw, facts.home), cwd));
  // Resolve the path as written, `..` included: lexical normalisation first would be wrong
  // after a symlink (`link/../x`).
  const resolved = resolvePhysically(arg.raw.startsWith('/') ? arg.raw : `${cwd}/${arg.raw}`, facts.realpath);
  all.push(resolved);
  if (arg.access === 'delete' && lexical !== '/') {
    // `rm link` removes the link itself, `rm -r link/` what it points at: judge both.
    const parent = resolvePhysically(dirnamePosix(lexical), facts.realpath);
    all.push(normalizePosix(`${parent}/${basenamePosix(lexical)}`));
  }
  return { lexical, resolved, all: [...new Set(all)] };
}

function touches(resource: ProtectedResource, path: string, recursive: boolean): boolean {
  if (globMatches(resource.glob, path)) {
    return !(resource.ruleId === 'paths:dotenv' && ENV_TEMPLATE_NAMES.has(basenamePosix(path)));
  }
  // Recursive access to a parent reaches the resource; name-anywhere patterns are left out, or
  // every `rm -r` of a project holding a `.env` would be refused.
  return recursive && !resource.glob.anywhere && isStrictAncestor(path, resource.glob.literalPrefix);
}

function mightMatch(p: string, prepared: Prepared): boolean {
  return prepared.anyPath.test(p) || prepared.anyName.test(basenamePosix(p));
}

function judgeOne(arg: PathArg, s: Spellings, ctx: PathContext, prepared: Prepared): Verdict[] {
  const recursive = arg.recursive === true;
  // Exact per-rule matching only when some pattern can match (or a parent check is needed).
  const resources = recursive || s.all.some((p) => mightMatch(p, prepared)) ? prepared.resources : [];
  const found: Verdict[] = [];
  const writes = arg.access === 'write' || arg.access === 'delete';
  const shown = s.resolved === s.lexical ? `'${arg.raw}'` : `'${arg.raw}' (resolves to ${s.resolved})`;
  if (arg.access === 'delete') {
    const roots = ctx.config.roots.map((r) => absolutize(expandTilde(r, ctx.facts.home), '/'));
    const keep = [...roots, ...roots.map((r) => normalizePosix(ctx.facts.realpath(r))), normalizePosix(ctx.facts.realpath(ctx.facts.home))];
    for (const p of s.all) {
      const target = deletionTarget(p, ctx.facts.home, keep);
      if (target !== undefined) {
        found.push(verdict('block', 'critical', 'path.root_deletion', `Deleting ${shown} would delete ${target}.`, 'paths:root-deletion'));
        break;
      }
    }
  }
  const reported = new Set<string>();
  for (const r of resources) {
    if (r.kind === 'gate' && !writes) continue;
    if (reported.has(r.ruleId)) continue; // one reason per rule is enough to explain the block
    if (!s.all.some((p) => touches(r, p, recursive))) continue;
    reported.add(r.ruleId);
    if (writes) found.push(verdict('block', 'high', 'path.protected_write', `${shown} is protected (${r.glob.pattern}); it may not be changed.`, r.ruleId));
    else found.push(verdict('block', 'high', 'path.protected', `${shown} is protected (${r.glob.pattern}).`, r.ruleId));
  }
  // `/dev/stdout` resolves to whatever stdout is (a pty, a pipe); the name as written decides.
  if (writes && !isHarmlessDevice(s.lexical) && s.all.some(isSystemPath)) {
    found.push(verdict('ask', 'high', 'path.system_write', `${shown} is a system path.`, 'paths:system-write'));
  }
  return found;
}

interface Prepared {
  home: string;
  resources: ProtectedResource[];
  /** All patterns in one expression each: most paths match none, and one test says so. */
  anyName: RegExp;
  anyPath: RegExp;
}

function union(regexes: RegExp[]): RegExp {
  return regexes.length ? new RegExp(regexes.map((r) => `(?:${r.source})`).join('|')) : /(?!)/;
}

// Per facts object (one review): home and gate directories are resolved once even when the
// policy calls judgePaths several times. A new review brings new facts, so nothing goes stale.
const preparedByFacts = new WeakMap<HostFacts, { key: string[]; value: Prepared }>();

function prepare(ctx: PathContext): Prepared {
  const cached = preparedByFacts.get(ctx.facts);
  if (cached && cached.key === ctx.config.protectedPaths) return cached.value;
  const home = normalizePosix(ctx.facts.home);
  // A symlinked home (`/home -> /usr/home`) must not let a resolved path slip past `~/...`.
  const realHome = normalizePosix(ctx.facts.realpath(home));
  const homes = realHome === home ? [home] : [home, realHome];
  const gates = [...defaultGatePaths(home), ...(ctx.facts.shimctlPaths ?? [])].map(normalizePosix);
  const allGates = [...new Set([...gates, ...gates.map((g) => normalizePosix(ctx.facts.realpath(g)))])];
  const resources = homes.flatMap((h) => protectedResources(h, ctx.config.protectedPaths, allGates));
  const value = {
    home,
    resources,
    anyName: union(resources.filter((r) => r.glob.anywhere).map((r) => r.glob.nameRegex!)),
    anyPath: union(resources.filter((r) => !r.glob.anywhere).map((r) => r.glob.regex)),
  };
  preparedByFacts.set(ctx.facts, { key: ctx.config.protectedPaths, value });
  return value;
}

export function judgePaths(args: PathArg[], ctx: PathContext): PathJudgement {
  try {
    const prepared = prepare(ctx);
    const { home } = prepared;
    const inner = home === ctx.facts.home ? ctx : { ...ctx, facts: { ...ctx.facts, home } };
    const verdicts: Verdict[] = [];
    const paths: PathJudgement['paths'] = [];
    for (const arg of args) {
      if (arg.raw === '') continue;
      const s = spellingsOf(arg, inner);
      paths.push({ raw: arg.raw, resolved: s.resolved });
      verdicts.push(...judgeOne(arg, s, inner, prepared));
    }
    return { verdict: verdicts.length ? combineVerdicts(...verdicts) : ALLOW_NOTHING_FOUND, paths };
  } catch (err) {
    return { verdict: internalErrorVerdict(`path analysis failed: ${String(err)}`), paths: [] };
  }
}
