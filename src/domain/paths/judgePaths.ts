// Judges the path arguments of one command: protected secrets, shimctl's own state, deletion of
// roots and system directories, writes into system paths. The policy decides which argv words are
// paths and with what access; this module decides what is protected and how badly.
import type { HostFacts } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, internalErrorVerdict, verdict } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import {
  absolutize,
  basenamePosix,
  dirnamePosix,
  expandTilde,
  isUnderProcOrDev,
  isWithin,
  normalizePosix,
  placePhysically,
  resolvePhysically,
} from './posixPath.js';
import type { ProtectedResource } from './protectedResources.js';
import {
  CREATABLE_RULES,
  defaultGatePaths,
  ENV_TEMPLATE_NAMES,
  GATE_WRITES_ONLY,
  PROTECTED_DIR_NAMES,
  GIT_INTERNALS_WRITABLE,
  PUBLIC_HALVES,
  protectedResources,
} from './protectedResources.js';
import { containerMatches, globMatches } from './pathGlob.js';
import { deletionTarget, isHarmlessDevice, isSystemPath } from './systemPaths.js';
import { defaultSelfPaths, selfProtectionVerdict } from './selfProtection.js';
import type { FdMap } from './processPaths.js';
import { processPath } from './processPaths.js';
import type { LinkedPlace, PlaceTree } from './linkedPlaces.js';
import { findLinkedPlaces, placeTree } from './linkedPlaces.js';
import { withOtherProjects } from './otherProjects.js';
import { credentialedGitConfigRead } from './gitConfigCredentials.js';

export type { PathAccess, PathArg } from './pathArg.js';
import type { PathAccess, PathArg } from './pathArg.js';

export interface PathContext {
  cwd: string;
  /** Where writes need no approval (unset: `cwd`); differs from `cwd` under `env -C DIR`. */
  workspace?: string;
  config: PolicyConfig;
  facts: HostFacts;
  /** Descriptors the command's redirections opened: `/dev/fd/3/x` under `3<DIR` is `DIR/x` (processPaths.ts). */
  fds?: FdMap;
}

export interface PathJudgement {
  verdict: Verdict;
  paths: Array<{ raw: string; resolved: string }>;
}

/** Every spelling under which a path may be matched: as written, with `~`, and as the kernel resolves it. */
interface Spellings {
  lexical: string;
  resolved: string;
  /** Every spelling, as matched: lower-cased where the file system ignores case. */
  all: string[];
  /** The same spellings as the file system names them (for existence checks). */
  exact: string[];
  /** A standard stream (no file), or a process-dependent path the review cannot map (asks). */
  special?: { kind: 'stream' } | { kind: 'unknown'; why: string } | { kind: 'unplaceable'; why: string };
  /** Reached through /dev/fd/N or /proc/self/cwd: `lexical` is the mapped path, not the one written. */
  mapped?: true;
}

/** Mapped process paths are followed this deep (`4</dev/fd/3` under `3</proc/self/cwd`…); deeper is unknown. */
const MAX_PROCESS_MAPS = 4;

function spellingsOf(arg: PathArg, ctx: PathContext, maps = 0): Spellings {
  const { cwd, facts } = ctx;
  // /dev/fd/N, /proc/self/cwd and their kin mean what they mean in the command's process, never
  // in the reviewer's: mapped through the command's redirections and cwd, or unknown (processPaths.ts).
  const proc = processPath(arg.raw.startsWith('/') ? arg.raw : `${cwd}/${arg.raw}`, cwd, ctx.fds);
  if (proc?.kind === 'mapped') {
    if (maps < MAX_PROCESS_MAPS) return { ...spellingsOf({ ...arg, raw: proc.path }, ctx, maps + 1), mapped: true };
    return lexicalOnly(proc.path, facts, { kind: 'unknown', why: 'it maps through too many descriptors' });
  }
  if (proc?.kind === 'unknown' && proc.likely !== undefined && maps < MAX_PROCESS_MAPS) {
    const likely = spellingsOf({ ...arg, raw: proc.likely }, ctx, maps + 1);
    const all = [...likely.all, ...lexicalOnly(proc.path, facts, undefined).all];
    return {
      ...likely,
      all,
      exact: [...likely.exact, proc.path],
      special: { kind: 'unknown', why: proc.why },
      mapped: true,
    };
  }
  if (proc !== undefined) return lexicalOnly(proc.path, facts, proc.kind === 'plain' ? undefined : proc);
  const lexical = absolutize(arg.raw, cwd);
  const all = [lexical];
  // A `~` that reaches us was quoted (the tokenizer expands unquoted ones), so it names a literal
  // directory; match the home spelling too, because that is what the text appears to mean.
  if (arg.raw === '~' || arg.raw.startsWith('~/')) all.push(absolutize(expandTilde(arg.raw, facts.home), cwd));
  // Resolve the path as written, `..` included: lexical normalisation first would be wrong
  // after a symlink (`link/../x`).
  const placed = placePhysically(
    arg.raw.startsWith('/') ? arg.raw : `${cwd}/${arg.raw}`,
    facts.realpath,
    facts.entryExists ? (p) => facts.entryExists!(p) : undefined,
  );
  // `Q/../x` while Q does not exist, or a link whose target is so (attack pass 16): asked.
  if (placed.unplaceable)
    return { ...lexicalOnly(lexical, facts, undefined), special: { kind: 'unplaceable', why: placed.unplaceable } };
  const resolved = placed.path;
  // A symlink into /dev/fd or /proc (`ln -s /proc/self/cwd l`, then `cat l/../x`): the host facts
  // stop at it (they would follow it in the reviewer's process), and it is mapped through what the
  // review knows of the command, as a spelled /proc or /dev path is above.
  const via = isUnderProcOrDev(resolved) ? processPath(resolved, cwd, ctx.fds) : undefined;
  if (via?.kind === 'mapped') {
    if (maps < MAX_PROCESS_MAPS) return { ...spellingsOf({ ...arg, raw: via.path }, ctx, maps + 1), mapped: true };
    return lexicalOnly(via.path, facts, { kind: 'unknown', why: 'it maps through too many descriptors' });
  }
  if (via?.kind === 'unknown') {
    const s = lexicalOnly(lexical, facts, { kind: 'unknown', why: `it resolves through a link to ${via.path}` });
    return { ...s, resolved, all: [...s.all, resolved] };
  }
  if (via !== undefined) {
    const s = lexicalOnly(via.path, facts, via.kind === 'plain' ? undefined : via);
    return { ...s, lexical, all: [...new Set([...s.all, ...lexicalOnly(lexical, facts, undefined).all])] };
  }
  all.push(resolved);
  if (arg.access === 'delete' && lexical !== '/') {
    // `rm link` removes the link itself, `rm -r link/` what it points at: judge both.
    const parent = resolvePhysically(dirnamePosix(lexical), facts.realpath);
    all.push(normalizePosix(`${parent}/${basenamePosix(lexical)}`));
  }
  const unique: string[] = [];
  for (const p of all) if (!unique.includes(p)) unique.push(p);
  if (facts.caseInsensitivePaths !== true) return { lexical, resolved, all: unique, exact: unique };
  return { lexical, resolved, all: [...new Set(unique.map((p) => p.toLowerCase()))], exact: unique };
}

/** A path judged as written: resolving it would ask the reviewer's own /proc. */
function lexicalOnly(path: string, facts: HostFacts, special: Spellings['special']): Spellings {
  const all = [facts.caseInsensitivePaths === true ? path.toLowerCase() : path];
  const s: Spellings = { lexical: path, resolved: path, all, exact: [path] };
  if (special) s.special = special.kind === 'stream' ? { kind: 'stream' } : { kind: 'unknown', why: special.why };
  return s;
}

function touches(resource: ProtectedResource, path: string, recursive: boolean, access: PathAccess): boolean {
  const deletes = access === 'delete';
  if (globMatches(resource.glob, path)) {
    if (resource.ruleId === 'paths:dotenv' && ENV_TEMPLATE_NAMES.has(basenamePosix(path))) return false;
    if (resource.ruleId === 'paths:git-internals' && GIT_INTERNALS_WRITABLE.test(path)) return false;
    // `cat ~/.ssh/id_ed25519.pub`: a public half or metadata, read (not a recursive read of its directory).
    const open = access !== 'write' && !deletes && !recursive ? PUBLIC_HALVES.get(resource.ruleId) : undefined;
    return !open?.test(path);
  }
  // Recursive access to a directory that could hold a match reaches the resource: a parent of
  // `~/.ssh`, `~/secrets` for `~/secrets/*.pem`, `/proc/1` for `/proc/*/environ`, any `.git` for
  // `.git/hooks/**`. Name-anywhere patterns have no such directories, or every `rm -r` of a
  // project holding a `.env` would be refused; for the same reason deleting a directory only
  // reaches the patterns located under a fixed directory: `rm -r .git` destroys a repository,
  // it plants no hook (`rm -r .git/hooks` still matches the pattern itself).
  return recursive && !(deletes && resource.glob.floating) && containerMatches(resource.glob, path);
}

/** What in `.git` is the history itself (objects, refs, reflogs, index, packed refs). */
const GIT_HISTORY = /\/\.git\/(?:(?:objects|refs|logs)(?:\/|$)|(?:index|packed-refs)$)/;
const GIT_HISTORY_RULE = 'paths:git-history';

/**
 * A write that creates a key or `.env` where nothing exists yet (not even a dangling symlink,
 * which the write would follow): it holds only what this command puts there. Unknown existence
 * (no `entryExists` fact) is not "absent".
 */
function createsNew(arg: PathArg, r: ProtectedResource, s: Spellings, ctx: PathContext): boolean {
  if (arg.access !== 'write' || arg.recursive === true || !CREATABLE_RULES.has(r.ruleId)) return false;
  const exists = ctx.facts.entryExists;
  if (!exists) return false;
  return s.exact.every((p) => basenamePosix(p) !== '.envrc' && !exists(p));
}

/**
 * A repository's own files outside any `.git` (a bare repository, or a git dir moved aside): git
 * finds a directory holding HEAD, objects and refs as a repository when run in it, and runs what its
 * config and hooks name (attack pass 5: `git init --bare r`, a written `r/config` with
 * `core.fsmonitor`, then `cd r && git status`). Only with the `entryExists` fact.
 */
const GIT_DIR_NAMES = new Set(['config', 'config.worktree', 'commondir']);
function gitDirFileOf(p: string, ctx: PathContext): string | undefined {
  const exists = ctx.facts.entryExists;
  if (!exists) return undefined;
  const parts = p.split('/');
  const dirs: string[] = [];
  if (GIT_DIR_NAMES.has(parts[parts.length - 1]!)) dirs.push(parts.slice(0, -1).join('/'));
  for (let i = 1; i < parts.length - 1; i++) if (parts[i] === 'hooks') dirs.push(parts.slice(0, i).join('/'));
  return dirs.find((d) => d !== '' && exists(`${d}/HEAD`) && exists(`${d}/objects`) && exists(`${d}/refs`));
}

/**
 * Whether `p` may be a directory holding a match below it (see containerMatches), as a superset:
 * a parent of a located pattern's literal directory (`below`), or a container at or under it. A
 * `**`-pattern's containers hold its key as a segment, which mightMatch already answers.
 */
function mightContain(p: string, prepared: Prepared): boolean {
  if (prepared.below.has(p)) return true;
  for (let d = p; ; d = dirnamePosix(d)) {
    const here = prepared.containersByPrefix.get(d);
    if (here) for (const re of here) if (re.test(p)) return true;
    if (d === '/') return false;
  }
}

/** The containers of the patterns without a `**` key, by literal directory (`/` for the rest). */
function indexContainers(resources: ProtectedResource[]): Map<string, RegExp[]> {
  const byPrefix = new Map<string, RegExp[]>();
  for (const { glob } of resources) {
    if (!glob.container || glob.floatingKey !== undefined) continue;
    const list = byPrefix.get(glob.literalPrefix);
    if (list) list.push(glob.container);
    else byPrefix.set(glob.literalPrefix, [glob.container]);
  }
  return byPrefix;
}

/**
 * Whether any pattern can match `p`, cheaply: name-anywhere patterns by the last segment, located
 * patterns by their literal directory (`p` or one of its parents), and patterns starting with `**`
 * by the literal segment they need (`.ssh`). Exact only where the regexes run; elsewhere a
 * superset, which judgeOne narrows per rule.
 */
function mightMatch(p: string, prepared: Prepared): boolean {
  if (prepared.anyName.test(basenamePosix(p))) return true;
  if (prepared.floatingKeys.size > 0) for (const seg of p.split('/')) if (prepared.floatingKeys.has(seg)) return true;
  for (let d = p; ; d = dirnamePosix(d)) {
    const here = prepared.locatedByPrefix.get(d);
    if (here) for (const re of here) if (re.test(p)) return true;
    if (d === '/') return false;
  }
}

/** Rules whose files are keys: using one as an ssh identity is not leaking it. */
const KEY_RULES = new Set(['paths:ssh', 'paths:private-key']);

function judgeOne(arg: PathArg, s: Spellings, ctx: PathContext, prepared: Prepared, found: Verdict[]): void {
  const recursive = arg.recursive === true;
  const before = found.length;
  const writes = arg.access === 'write' || arg.access === 'delete';
  // A secret whose permissions are only narrowed (`chmod 600 ~/.ssh/id_rsa`): where it lives is its owner's choice.
  let tightened = false;
  const shown =
    s.resolved === s.lexical && s.mapped !== true ? `'${arg.raw}'` : `'${arg.raw}' (resolves to ${s.resolved})`;
  if (s.special?.kind === 'unknown')
    found.push(
      verdict(
        'ask',
        'high',
        'path.process_relative',
        `${shown} means what it means in the command's own process, and the review cannot tell what that is: ${s.special.why}.`,
        'paths:process-relative',
      ),
    );
  if (s.special?.kind === 'unplaceable')
    found.push(
      verdict(
        'ask',
        'high',
        'path.unplaceable',
        `${shown} cannot be placed before the command runs: ${s.special.why}.`,
        'paths:unplaceable',
      ),
    );
  if (arg.access === 'delete') {
    for (const p of s.all) {
      const target = deletionTarget(p, prepared.home, prepared.keep);
      if (target !== undefined) {
        // The strictest finding there is: listing every protected file below it adds only noise.
        found.push(
          verdict(
            'block',
            'critical',
            'path.root_deletion',
            `Deleting ${shown} would delete ${target}.`,
            'paths:root-deletion',
          ),
        );
        return;
      }
    }
  }
  // The strictest finding there is; other protected places the same path reaches
  // (`cp -a stage/. ~/` lands in ~/.ssh too) are still reported below.
  const self = selfProtectionVerdict(arg, s.all, prepared.selfPaths, shown);
  if (self) found.push(self);
  // Exact per-rule matching only when some pattern can match (or a parent check is needed).
  if (s.all.some((p) => mightMatch(p, prepared) || (recursive && mightContain(p, prepared)))) {
    const reported = new Set<string>();
    const from = found.length;
    for (const i of candidates(s.all, recursive, prepared)) {
      const r = prepared.resources[i]!;
      if (r.kind !== 'secret' && !writes) continue;
      if (arg.access === 'delete' && GATE_WRITES_ONLY.has(r.ruleId)) {
        // Deleting plants nothing, but the objects, refs, reflogs and index are the history itself
        // (attack pass 18, F8: `rm -f .git/objects/pack/*` left `fatal: bad object HEAD`).
        if (
          r.ruleId === 'paths:git-internals' &&
          !reported.has(GIT_HISTORY_RULE) &&
          s.all.some((p) => GIT_HISTORY.test(p))
        ) {
          reported.add(GIT_HISTORY_RULE);
          found.push(
            verdict(
              'ask',
              'high',
              'command.destructive',
              `${shown} is part of the repository's history (objects, refs, reflogs, index); deleting it can lose commits git cannot bring back.`,
              GIT_HISTORY_RULE,
            ),
          );
        }
        continue;
      }
      if (reported.has(r.ruleId)) continue; // one reason per rule is enough to explain the block
      if (!s.all.some((p) => touches(r, p, recursive, arg.access))) continue;
      reported.add(r.ruleId);
      if (writes && r.kind === 'secret' && arg.narrowsMode === true) {
        tightened = true;
        continue;
      }
      if (writes && r.kind === 'secret' && createsNew(arg, r, s, ctx)) continue;
      if (writes && r.kind === 'project-config') {
        found.push(
          verdict(
            'ask',
            'high',
            'path.shimctl_config',
            `${shown} is a shimctl project config (${r.glob.pattern}); changing it changes what shimctl allows here, and a broken one blocks every command in this directory.`,
            r.ruleId,
          ),
        );
      } else if (writes)
        found.push(
          verdict(
            'block',
            'high',
            'path.protected_write',
            `${shown} is protected (${r.glob.pattern}); it may not be changed.`,
            r.ruleId,
          ),
        );
      else if (arg.access === 'credential' && arg.credentialRules?.includes(r.ruleId)) {
        found.push(
          verdict(
            'ask',
            'high',
            'path.credential_use',
            `${shown} is a login store (${r.glob.pattern}); the program logs in with it without printing it.`,
            r.ruleId,
          ),
        );
      } else if (arg.access === 'credential' && !arg.credentialRules && KEY_RULES.has(r.ruleId)) {
        found.push(
          verdict(
            'ask',
            'high',
            'path.credential_use',
            `${shown} is a key (${r.glob.pattern}); the program uses it to log in without printing or sending it.`,
            r.ruleId,
          ),
        );
      } else
        found.push(
          verdict(
            'block',
            'high',
            'path.protected',
            `${shown} is protected${r.why ? `: ${r.why}` : ''} (${r.glob.pattern}).`,
            r.ruleId,
          ),
        );
    }
    collapseRepeats(found, from);
  }
  if (!writes) return;
  if (arg.access === 'write' && found.length === before) {
    const gitDir = s.all.map((p) => gitDirFileOf(p, ctx)).find((d) => d !== undefined);
    if (gitDir)
      found.push(
        verdict(
          'block',
          'high',
          'path.protected_write',
          `${shown} is the config or a hook of the git repository ${gitDir}; git runs what it names.`,
          'paths:git-config',
        ),
      );
  }
  // `/dev/stdout` resolves to whatever stdout is (a pty, a pipe); the name as written decides.
  // Writing into /dev/null is harmless; deleting it is not.
  const device = arg.access === 'write' && (s.special?.kind === 'stream' || isHarmlessDevice(s.lexical));
  if (!device && s.all.some(isSystemPath)) {
    found.push(verdict('ask', 'high', 'path.system_write', `${shown} is a system path.`, 'paths:system-write'));
  }
  // Stronger findings already explain this path; otherwise a change outside the workspace asks.
  if (found.length === before && !device && !tightened) {
    const places = workspaceOf(ctx, prepared);
    if (!s.all.every((p) => places.some((w) => isWithin(p, w)))) {
      found.push(
        verdict(
          'ask',
          'medium',
          'path.outside_workspace',
          `${shown} is outside the workspace (${ctx.workspace ?? ctx.cwd}) and the temporary directories.`,
          'paths:outside-workspace',
        ),
      );
    }
  }
}

/** More findings of one code for one path than this are reported as one, with a count. */
const MAX_REPEATS = 3;

/**
 * A recursive access to `/` or HOME reaches every protected place (about 30 rules): one reason
 * per rule is unreadable and says nothing more. Findings of one code for one path beyond
 * MAX_REPEATS become one reason that names the first, counts the rest and lists a few; the
 * decision, risk and every rule id are kept.
 */
function collapseRepeats(found: Verdict[], from: number): void {
  if (found.length - from <= MAX_REPEATS) return;
  const byCode = new Map<string, Verdict[]>();
  for (const v of found.slice(from)) {
    const code = v.reasons[0]!.code;
    byCode.set(code, [...(byCode.get(code) ?? []), v]);
  }
  const kept: Verdict[] = [];
  for (const group of byCode.values()) {
    if (group.length <= MAX_REPEATS) {
      kept.push(...group);
      continue;
    }
    const first = group[0]!;
    const others = group.slice(1).map((v) => /\(([^()]*)\)[^()]*$/.exec(v.reasons[0]!.message)?.[1] ?? v.rule_ids[0]);
    const listed = others.slice(0, MAX_REPEATS).join(', ');
    const rest = others.length > MAX_REPEATS ? `, and ${others.length - MAX_REPEATS} more` : '';
    const merged = combineVerdicts(...group);
    kept.push({
      ...merged,
      reasons: [
        {
          code: first.reasons[0]!.code,
          message: `${first.reasons[0]!.message} It reaches ${others.length} more protected places too (${listed}${rest}).`,
        },
      ],
    });
  }
  found.splice(from, found.length - from, ...kept);
}

/** Where writes need no approval: the cwd (as written and resolved) and the temp directories. */
const TEMP_DIRS = ['/tmp', '/var/tmp'];

function workspaceOf(ctx: PathContext, prepared: Prepared): string[] {
  const root = ctx.workspace ?? ctx.cwd;
  let places = prepared.workspaces.get(root);
  if (!places) {
    const cwd = normalizePosix(root);
    const real = normalizePosix(ctx.facts.realpath(cwd));
    places = [...new Set([cwd, real, ...TEMP_DIRS, ...TEMP_DIRS.map((t) => normalizePosix(ctx.facts.realpath(t)))])];
    if (ctx.facts.caseInsensitivePaths === true) places = places.map((p) => p.toLowerCase());
    prepared.workspaces.set(root, places);
  }
  return places;
}

interface Table {
  resources: ProtectedResource[];
  /** The literal parts of the located patterns under HOME (`~/.bashrc`, `~/.ssh`): where linked places are looked for. */
  places: PlaceTree;
  /** All name-anywhere patterns in one expression: most paths match none, and one test says so. */
  anyName: RegExp;
  /** Literal directory of a located pattern not found by `floatingKeys` ⇒ its expressions. */
  locatedByPrefix: Map<string, RegExp[]>;
  /** The literal segments of the `**`-patterns (see CompiledGlob.floatingKey). */
  floatingKeys: Set<string>;
  /** floatingKey ⇒ the indexes of the patterns needing it. */
  byFloatingKey: Map<string, number[]>;
  /**
   * Containers (directories a recursive access reaches a pattern from) of the patterns without a
   * `**` key, by literal directory: a container sits on the line through it (mightContain).
   */
  containersByPrefix: Map<string, RegExp[]>;
  /** Indexes into `resources` of the name-anywhere patterns. */
  anywhere: number[];
  /** Literal directory of a located pattern ⇒ its indexes. */
  byPrefix: Map<string, number[]>;
  /**
   * Every strict ancestor directory of a located pattern's literal prefix (`/`, `/home`,
   * `/home/u` for `~/.ssh/**`) ⇒ the patterns below it, the candidates a recursive access to
   * such a directory may reach. Containers at or below the literal prefix are found through
   * `byPrefix`, those of patterns starting with `**` (prefix `/`) likewise.
   */
  below: Map<string, number[]>;
}

interface Prepared extends Table {
  home: string;
  /** Home and configured roots, as written and resolved: deleting them or a parent is refused. */
  keep: string[];
  /** shimctl's own install, as written and resolved: any change there is refused (selfProtection.ts). */
  selfPaths: string[];
  /** cwd ⇒ workspace directories (per facts object, so realpath answers never go stale). */
  workspaces: Map<string, string[]>;
  /** Protected places that are links, with where they lead: computed on the review's first path. */
  linkedPlaces(): readonly LinkedPlace[];
  /** cwd ⇒ the places of its repository that other names lead to (repoPlaces). */
  repoPlaces: Map<string, readonly LinkedPlace[]>;
}

/**
 * Places of the command's repository that other names lead to (attack pass 19, F8): the hooks
 * directory its config names (`core.hooksPath`), a `.git/hooks` that is itself a link, files its
 * config includes (they are its config), and protected directories at its root that are links
 * (`.claude -> shared-claude`). A path inside one is judged as the place. Per review and cwd.
 */
function repoPlaces(ctx: PathContext, prepared: Prepared): readonly LinkedPlace[] {
  const cached = prepared.repoPlaces.get(ctx.cwd);
  if (cached) return cached;
  const out: LinkedPlace[] = [];
  const repo = ctx.facts.gitHooks?.(ctx.cwd);
  if (repo) {
    const root = normalizePosix(repo.root);
    const hooks = `${root}/.git/hooks`;
    const add = (place: string, target: string): void => {
      const t = normalizePosix(target);
      if (t !== place && !out.some((o) => o.target === t)) out.push({ place, target: t });
    };
    if (repo.hooksDir) add(hooks, repo.hooksDir);
    const placed = placePhysically(hooks, ctx.facts.realpath);
    if (!placed.unplaceable) add(hooks, placed.path);
    for (const inc of repo.includes) add(`${root}/.git/config`, inc);
    for (const [name, kind] of ctx.facts.entryKinds?.(root) ?? []) {
      if (kind !== 'link' || !PROTECTED_DIR_NAMES.has(name)) continue;
      const p = placePhysically(`${root}/${name}`, ctx.facts.realpath);
      if (!p.unplaceable) add(`${root}/${name}`, p.path);
    }
  }
  prepared.repoPlaces.set(ctx.cwd, out);
  return out;
}

/**
 * A path inside where a protected place leads is judged as that place's path too; a recursive
 * access to a directory above where it leads (`rm -rf ~/dotfiles`, `tar c ~/dotfiles`) reaches
 * the place itself.
 */
function withLinkedPlaces(s: Spellings, arg: PathArg, prepared: Prepared, ctx: PathContext): Spellings {
  const recursive = arg.recursive === true;
  // The repository's places are all write-protected only (hooks, config, agent settings): a read
  // does not need them, and most reviews judge only reads.
  const writes = arg.access === 'write' || arg.access === 'delete' || arg.unmodelled === true;
  const repo = writes ? repoPlaces(ctx, prepared) : [];
  const links = repo.length ? [...prepared.linkedPlaces(), ...repo] : prepared.linkedPlaces();
  if (links.length === 0) return s;
  let all: string[] | undefined;
  for (const p of s.all)
    for (const { place, target } of links) {
      if (p === target || p.startsWith(`${target}/`)) (all ??= [...s.all]).push(place + p.slice(target.length));
      else if (recursive && (p === '/' || target.startsWith(`${p}/`))) (all ??= [...s.all]).push(place);
    }
  return all ? { ...s, all: [...new Set(all)] } : s;
}

function pushTo(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

/** Indexes of the resources a path can touch, found by name and directory instead of a full scan. */
function indexResources(
  resources: ProtectedResource[],
): Pick<Table, 'anywhere' | 'byPrefix' | 'below' | 'byFloatingKey' | 'floatingKeys' | 'locatedByPrefix'> {
  const anywhere: number[] = [];
  const byPrefix = new Map<string, number[]>();
  const below = new Map<string, number[]>();
  const byFloatingKey = new Map<string, number[]>();
  const locatedByPrefix = new Map<string, RegExp[]>();
  resources.forEach((r, i) => {
    if (r.glob.anywhere) {
      anywhere.push(i);
      return;
    }
    if (r.glob.floatingKey !== undefined) {
      pushTo(byFloatingKey, r.glob.floatingKey, i);
      return;
    }
    const list = locatedByPrefix.get(r.glob.literalPrefix);
    if (list) list.push(r.glob.regex);
    else locatedByPrefix.set(r.glob.literalPrefix, [r.glob.regex]);
    pushTo(byPrefix, r.glob.literalPrefix, i);
    for (let d = r.glob.literalPrefix; d !== '/'; ) {
      d = dirnamePosix(d);
      pushTo(below, d, i);
    }
  });
  return { anywhere, byPrefix, below, byFloatingKey, floatingKeys: new Set(byFloatingKey.keys()), locatedByPrefix };
}

/**
 * The resources worth an exact test for these spellings, in list order (the first pattern of a
 * rule is the one reported): name-anywhere patterns, patterns whose literal directory is the
 * path or one of its parents, and for a recursive access those below the path.
 */
function candidates(spellings: string[], recursive: boolean, t: Table): number[] {
  const out = [...t.anywhere];
  for (const p of spellings) {
    // A `**`-pattern and its containers both need their key as a segment of the path.
    if (t.floatingKeys.size > 0)
      for (const seg of p.split('/')) {
        const keyed = t.byFloatingKey.get(seg);
        if (keyed) out.push(...keyed);
      }
    for (let d = p; ; d = dirnamePosix(d)) {
      const here = t.byPrefix.get(d);
      if (here) out.push(...here);
      if (d === '/') break;
    }
    if (recursive) {
      const under = t.below.get(p);
      if (under) out.push(...under);
    }
  }
  out.sort((a, b) => a - b);
  return out.filter((v, k) => k === 0 || out[k - 1] !== v);
}

function union(regexes: RegExp[]): RegExp {
  return regexes.length ? new RegExp(regexes.map((r) => `(?:${r.source})`).join('|')) : /(?!)/;
}

// The compiled table depends only on the config's patterns, the home spellings and the gate
// directories: cached per config object and that key, so a new review (new facts) reuses it.
const tablesByConfig = new WeakMap<PolicyConfig, Map<string, Table>>();

function tableFor(config: PolicyConfig, homes: string[], gates: string[], fold: boolean): Table {
  let byKey = tablesByConfig.get(config);
  if (!byKey) {
    byKey = new Map();
    tablesByConfig.set(config, byKey);
  }
  const sinkFiles = config.sinkCredentialFiles ?? [];
  const key = `${fold ? 'i' : 's'}${homes.join('\0')}\u0001${gates.join('\0')}\u0001${config.protectedPaths.join('\0')}\u0001${sinkFiles.join('\0')}`;
  let table = byKey.get(key);
  if (!table) {
    const resources = homes.flatMap((h) => protectedResources(h, config.protectedPaths, gates, fold, sinkFiles));
    table = {
      resources,
      places: placeTree(
        resources.filter((r) => !r.glob.anywhere && !r.glob.floating).map((r) => r.glob.literalPrefix),
        homes[0]!,
      ),
      anyName: union(resources.filter((r) => r.glob.anywhere).map((r) => r.glob.nameRegex!)),
      containersByPrefix: indexContainers(resources),
      ...indexResources(resources),
    };
    if (byKey.size > 16) byKey.clear(); // a long-lived process with many homes: stay bounded
    byKey.set(key, table);
  }
  return table;
}

// Per facts object (one review): home, gates and roots are resolved once even when the policy
// calls judgePaths several times. A new review brings new facts, so nothing goes stale.
const preparedByFacts = new WeakMap<
  HostFacts,
  { config: PolicyConfig; protectedPaths: string[]; roots: string[]; value: Prepared }
>();

function prepare(ctx: PathContext): Prepared {
  const cached = preparedByFacts.get(ctx.facts);
  const { config } = ctx;
  if (
    cached &&
    cached.config === config &&
    cached.protectedPaths === config.protectedPaths &&
    cached.roots === config.roots
  )
    return cached.value;
  // Where the file system ignores case every place compared is lower-cased, as are the spellings.
  const fold = ctx.facts.caseInsensitivePaths === true;
  const f = (list: string[]): string[] => (fold ? [...new Set(list.map((p) => p.toLowerCase()))] : list);
  const home = normalizePosix(ctx.facts.home);
  // A symlinked home (`/home -> /usr/home`) must not let a resolved path slip past `~/...`.
  const realHome = normalizePosix(ctx.facts.realpath(home));
  const homes = f(realHome === home ? [home] : [home, realHome]);
  const gates = [...defaultGatePaths(home), ...(ctx.facts.shimctlPaths ?? [])].map(normalizePosix);
  const allGates = f([...new Set([...gates, ...gates.map((g) => normalizePosix(ctx.facts.realpath(g)))])]);
  const roots = config.roots.map((r) => absolutize(expandTilde(r, home), '/'));
  const keep = f([...new Set([...roots, ...roots.map((r) => normalizePosix(ctx.facts.realpath(r))), realHome])]);
  const own = [
    ...new Set(
      [...defaultSelfPaths(home), ...(ctx.facts.shimctlPaths ?? []), ...(ctx.facts.shimctlFiles ?? [])].map(
        normalizePosix,
      ),
    ),
  ];
  const selfPaths = f([...new Set([...own, ...own.map((g) => normalizePosix(ctx.facts.realpath(g)))])]);
  const table = tableFor(config, homes, allGates, fold);
  let linked: LinkedPlace[] | undefined;
  const value: Prepared = {
    ...table,
    home: fold ? home.toLowerCase() : home,
    keep,
    selfPaths,
    workspaces: new Map(),
    linkedPlaces: () => (linked ??= findLinkedPlaces(table.places, homes.at(-1)!, ctx.facts)),
    repoPlaces: new Map(),
  };
  preparedByFacts.set(ctx.facts, { config, protectedPaths: config.protectedPaths, roots: config.roots, value });
  return value;
}

/**
 * A cheap first test for many paths at once (a repository's index, thousands of names): whether
 * any protected pattern may match the absolute path, by the index alone (no host facts per
 * path). A path it passes still needs judgePaths.
 */
export function protectedPatternTest(ctx: PathContext): { test(absPath: string): boolean } {
  const prepared = prepare(ctx);
  const fold = ctx.facts.caseInsensitivePaths === true;
  return {
    test: (p) => mightMatch(fold ? p.toLowerCase() : p, prepared),
  };
}

/**
 * `rm -rf ~/*` names each entry of the home directory, none of which is the home directory itself:
 * deleting all of them (two or more, dotfiles aside, as the glob expands) is deleting it (attack
 * pass 5: yolo lifted it as a high-risk delete). Only with the `listDir` fact.
 */
function everyEntryOf(deleted: ReadonlySet<string>, dirs: string[], ctx: PathContext): string | undefined {
  for (const dir of dirs) {
    // Listing costs a readdir: only for a directory one of the deleted paths sits directly in.
    if (![...deleted].some((p) => dirnamePosix(p) === dir)) continue;
    const visible = (ctx.facts.listDir?.(dir) ?? []).filter((e) => !e.name.startsWith('.'));
    const base = dir === '/' ? '' : dir;
    if (visible.length > 1 && visible.every((e) => deleted.has(`${base}/${e.name}`))) return dir;
  }
  return undefined;
}

/**
 * The directories whose project files may protect these paths: each path's directory, and a
 * recursive access's own directory (its project file guards what lies below). Special spellings
 * (streams, process paths) and the harmless devices have none.
 */
function reachedDirs(args: readonly PathArg[], spellings: ReadonlyArray<Spellings | undefined>): Set<string> {
  const dirs = new Set<string>();
  args.forEach((arg, i) => {
    const s = spellings[i];
    if (!s || s.special) return;
    for (const p of s.exact) if (!isHarmlessDevice(p)) dirs.add(arg.recursive === true ? p : dirnamePosix(p));
  });
  return dirs;
}

export function judgePaths(args: PathArg[], ctx: PathContext): PathJudgement {
  try {
    const home = normalizePosix(ctx.facts.home);
    const atHome = home === ctx.facts.home ? ctx : { ...ctx, facts: { ...ctx.facts, home } };
    const base = args.map((arg) => (arg.raw === '' ? undefined : spellingsOf(arg, atHome)));
    // Other projects' files the paths reach add what they protect (otherProjects.ts, P19-F6).
    const others = withOtherProjects(ctx.config, ctx.facts, reachedDirs(args, base));
    const inner = others.config === ctx.config ? atHome : { ...atHome, config: others.config };
    const prepared = prepare(others.config === ctx.config ? ctx : { ...ctx, config: others.config });
    const found: Verdict[] = [...others.problems];
    const paths: PathJudgement['paths'] = [];
    const deleted = new Set<string>();
    for (const [i, arg] of args.entries()) {
      const spelled = base[i];
      if (spelled === undefined) continue;
      const s = withLinkedPlaces(spelled, arg, prepared, inner);
      if (
        arg.ifExists === true &&
        s.special === undefined &&
        !s.exact.some((p) => inner.facts.entryExists?.(p) === true)
      )
        continue;
      paths.push({ raw: arg.raw, resolved: s.resolved });
      judgeOne(arg, s, inner, prepared, found);
      if (arg.access === 'read')
        for (const p of s.exact) {
          const printed = credentialedGitConfigRead(p, inner.facts);
          if (printed) {
            found.push(printed);
            break;
          }
        }
      if (arg.access === 'delete') for (const p of s.all) deleted.add(p);
    }
    const emptied = deleted.size > 1 ? everyEntryOf(deleted, [home, '/'], inner) : undefined;
    if (emptied)
      found.push(
        verdict(
          'block',
          'critical',
          'path.root_deletion',
          `This deletes every entry of ${emptied} (as \`rm -rf ${emptied === '/' ? '' : emptied}/*\` does).`,
          'paths:root-deletion',
        ),
      );
    return {
      verdict: found.length === 0 ? ALLOW_NOTHING_FOUND : found.length === 1 ? found[0]! : combineVerdicts(...found),
      paths,
    };
  } catch (err) {
    return { verdict: internalErrorVerdict(`path analysis failed: ${String(err)}`), paths: [] };
  }
}

/** The protected places under HOME that are links, and where they lead (linkedPlaces.ts), for this review. */
export function linkedPlacesOf(ctx: PathContext): readonly LinkedPlace[] {
  return prepare(ctx).linkedPlaces();
}

/** shimctl's own install, as written and resolved (selfProtection.ts), for this review. */
export function selfPathsOf(ctx: PathContext): readonly string[] {
  return prepare(ctx).selfPaths;
}

/**
 * The index as judgeOne uses it, for the property test that checks it never loses a pattern:
 * the protected resources, and for one path the prefilter's answer and the candidates it yields.
 */
export function protectedIndexFor(ctx: PathContext): {
  resources: readonly ProtectedResource[];
  mayMatch(path: string, recursive: boolean): boolean;
  candidates(path: string, recursive: boolean): number[];
} {
  const prepared = prepare(ctx);
  return {
    resources: prepared.resources,
    mayMatch: (p, recursive) => mightMatch(p, prepared) || (recursive && mightContain(p, prepared)),
    candidates: (p, recursive) => candidates([p], recursive, prepared),
  };
}
