import type { Reason, Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { absolutize, expandTilde, isStrictAncestor, isWithin, resolvePhysically } from '../paths/posixPath.js';
import type { Mode } from './mode.js';
import {
  BUILD_RULES,
  NEUTRAL_CODES,
  READ_RULES,
  changedPaths,
  isBuildCommand,
  writesByRedirection,
} from './commandClasses.js';
import { byNature } from './byNature.js';

/** One simple command of the request, as the review saw it. */
export interface ModeUnit {
  argv: readonly string[];
  /** Its source text (redirections included), when the review had one. */
  text?: string;
  /** Where it ran; a compound part judged in several directories has them ` | `-separated. */
  cwd: string;
  /** The part's own verdict (compound commands); agent bookkeeping parts are recognised by it. */
  verdict?: Verdict;
}

export interface ModeRequest {
  mode: Mode;
  verdict: Verdict;
  /** The simple commands; empty when the text never became commands the review could list. */
  units: readonly ModeUnit[];
  /**
   * Where acceptEdits trusts writes and build tooling: the launch directory (SHIMCTL_WORKSPACE).
   * Absent (a hook, a session not started by a launcher): acceptEdits lifts nothing, since the
   * request's cwd is wherever the agent went (review pass of 1 Dec 2026: `cd ~` then `rm -rf …`).
   */
  workspace?: string;
  /** The text was an agent bookkeeping call recognised by its exact shape (its env probe, its snapshot). */
  bookkeeping?: boolean;
  home: string;
  realpath(absPath: string): string;
}

export interface ModeOutcome {
  verdict: Verdict;
  /** What the mode did, for the trace (`explain`); absent when it changed nothing. */
  effect?: string;
}

const codes = (v: Verdict): string[] => v.reasons.map((r) => r.code);
const isBookkeeping = (u: ModeUnit): boolean => u.verdict?.reasons.some((r) => r.code.startsWith('envelope.')) === true;
const cwdsOf = (u: ModeUnit): string[] => u.cwd.split(' | ');

/**
 * Plan mode runs a command only when its whole effect is reading (docs/modes.md): the review
 * allowed it, every rule that judged it is a read rule, nothing but neutral reasons were found,
 * and no simple command writes a path (by its options, as the review's option models say) or
 * redirects output to a file. Unknowns are not reads.
 */
export function isReadOnly(req: ModeRequest): boolean {
  const v = req.verdict;
  // The agent's own start-up calls, recognised by exact shape, are not the model's commands.
  if (req.bookkeeping && v.decision === 'allow' && codes(v).every((c) => c === 'envelope.bookkeeping')) return true;
  if (v.decision !== 'allow' || req.units.length === 0) return false;
  if (!v.rule_ids.every((id) => READ_RULES.has(id))) return false;
  if (!codes(v).every((c) => NEUTRAL_CODES.has(c))) return false;
  return req.units.every(
    (u) =>
      isBookkeeping(u) || (!(u.text !== undefined && writesByRedirection(u.text)) && changedPaths(u.argv).length === 0),
  );
}

function insideWorkspace(req: ModeRequest & { workspace: string }, u: ModeUnit): boolean {
  const ws = resolvePhysically(req.workspace, req.realpath);
  return cwdsOf(u).every((c) => isWithin(resolvePhysically(c, req.realpath), ws));
}

/**
 * acceptEdits lifts an ask (never a block) when every simple command that is not plainly allowed
 * is either the project's own build/test tooling run from inside the workspace, or a recursive
 * delete whose every target lies strictly inside the workspace; and the review found nothing
 * else (no path, URL, environment or inline-code finding, no other rule asking).
 */
function acceptEditsLifts(req: ModeRequest): string | undefined {
  const v = req.verdict;
  if (v.decision !== 'ask' || req.units.length === 0 || req.workspace === undefined) return undefined;
  const launched = { ...req, workspace: req.workspace };
  const ws = resolvePhysically(req.workspace, req.realpath);
  let build = false;
  let edit = false;
  for (const u of req.units) {
    if (isBookkeeping(u) || (u.verdict && u.verdict.decision === 'allow')) continue;
    if (!insideWorkspace(launched, u)) return undefined;
    if (isBuildCommand(u.argv)) {
      build = true;
      continue;
    }
    const targets = cwdsOf(u).flatMap((c) =>
      changedPaths(u.argv).map((p) => resolvePhysically(absolutize(expandTilde(p, req.home), c), req.realpath)),
    );
    // A repository's history (`.git`) is not an edit: deleting it cannot be undone.
    if (targets.length === 0 || !targets.every((t) => isStrictAncestor(ws, t) && !t.split('/').includes('.git')))
      return undefined;
    edit = true;
  }
  const allowedRules = new Set([
    ...READ_RULES,
    ...(build ? BUILD_RULES : []),
    ...(edit ? ['fs:rm-recursive', 'fs:rm-files', 'fs:workspace-write'] : []),
  ]);
  const allowedCodes = new Set([...NEUTRAL_CODES, 'command.asked', ...(edit ? ['command.destructive'] : [])]);
  if (!v.rule_ids.every((id) => allowedRules.has(id))) return undefined;
  if (!codes(v).every((c) => allowedCodes.has(c))) return undefined;
  return build && edit
    ? 'build tooling and edits inside the workspace'
    : build
      ? "the project's build/test tooling, run from the workspace"
      : 'edits inside the workspace';
}

function lifted(v: Verdict, code: 'mode.accept_edits' | 'mode.yolo', message: string): Verdict {
  // The review's risk, reasons and rule ids stay: the record shows what was let through and why.
  const reason: Reason = { code, message };
  return { decision: 'allow', risk: v.risk, reasons: [reason, ...v.reasons], rule_ids: [...v.rule_ids] };
}

/** The mode's effect on the review's verdict (docs/modes.md). Pure; `default` changes nothing. */
export function applyMode(req: ModeRequest): ModeOutcome {
  const v = req.verdict;
  switch (req.mode) {
    case 'default':
      return { verdict: v };
    case 'plan': {
      if (isReadOnly(req)) return { verdict: v, effect: 'plan: reads only, runs' };
      if (v.decision === 'block') return { verdict: v, effect: 'plan: blocked by the review already' };
      const blocked = verdict(
        'block',
        v.risk,
        'mode.plan',
        'shimctl is in plan mode: only commands that just read run; this one writes, runs code or is not known to be read-only. Plan first; the user leaves plan mode to make changes.',
      );
      return {
        verdict: { ...blocked, reasons: [...blocked.reasons, ...v.reasons], rule_ids: [...v.rule_ids] },
        effect: 'plan: blocked (not read-only)',
      };
    }
    case 'acceptEdits': {
      const why = acceptEditsLifts(req);
      return why
        ? { verdict: lifted(v, 'mode.accept_edits', `acceptEdits: ${why}`), effect: `acceptEdits: allowed (${why})` }
        : { verdict: v };
    }
    case 'yolo': {
      if (v.decision === 'allow') return { verdict: v };
      if (byNature(v)) return { verdict: v, effect: 'yolo: not lifted (blocked by nature)' };
      return {
        verdict: lifted(v, 'mode.yolo', `yolo mode lets this ${v.decision} run`),
        effect: `yolo: ${v.decision} lifted`,
      };
    }
  }
}
