import type { Reason } from '../../verdict.js';
import { REASON_CODES } from '../../reasonCodes.js';
import type { ReasonCode } from '../../reasonCodes.js';
import type { Expandable } from './wordPlan.js';
import { SPECIAL_PARAMS } from './wordPlan.js';
import { KNOWN_VARIABLES, isKnownVariable } from './knownVariables.js';
import type { GlobBudget, ListDir } from './expandGlob.js';
import { MAX_DIRS_READ, MAX_GLOB_WORDS, expandGlob } from './expandGlob.js';
import type { PatChar } from './globMatch.js';
import type { TextEdit } from './textEdits.js';
import { shellQuote } from './textEdits.js';

export interface ExpandContext {
  /** The one directory the command runs in (`$PWD`, relative globs); undefined: several are possible. */
  cwd: string | undefined;
  vars: Readonly<Record<string, string>> | undefined;
  /** Names set by earlier parts of the same text: their value here is not the environment's. */
  assigned: ReadonlySet<string>;
  listDir: ListDir | undefined;
  budget?: GlobBudget;
}

export type Expanded = { ok: true; words: string[]; edits: TextEdit[] } | { ok: false; reasons: Reason[] };

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** An unquoted expansion with one of these would be split or globbed by bash: refused, not modelled. */
const SPLIT_OR_GLOB = /[ \t\n*?[\\]/;
/** Commands whose arguments may hold `$?`/`$!`: they only print them. */
const PRINTERS = new Set(['echo', 'printf']);

export function newGlobBudget(): GlobBudget {
  return { dirs: MAX_DIRS_READ, words: MAX_GLOB_WORDS };
}

/**
 * The words bash will pass, after substituting known variables and expanding globs against the
 * file system, and the edits that write those words into the text (`offset`: where the tokenized
 * text starts in it). Each expanded word is replaced by its shell-quoted result, so the text that
 * runs holds no expansion left for the shell to do differently at run time.
 */
export function expandWords(x: Expandable, ctx: ExpandContext, offset: number): Expanded {
  const found = new Map<ReasonCode, string>();
  const refuse = (code: ReasonCode, detail: string): void => {
    if (!found.has(code)) found.set(code, `${REASON_CODES[code]} (${detail})`);
  };
  const planFor = new Map(x.plans.map((p) => [p.index, p]));
  let cmd = 0;
  while (
    cmd < x.words.length &&
    (planFor.get(cmd)?.assignment ?? (!planFor.has(cmd) && ASSIGNMENT.test(x.words[cmd]!)))
  )
    cmd++;
  const budget = ctx.budget ?? newGlobBudget();
  const words: string[] = [];
  const edits: TextEdit[] = [];
  for (let i = 0; i < x.words.length; i++) {
    const plan = planFor.get(i);
    if (!plan) {
      words.push(x.words[i]!);
      continue;
    }
    const vars = plan.pieces.filter((p) => p.kind === 'var');
    if (vars.some((v) => SPECIAL_PARAMS.has(v.name))) {
      // Only the running shell knows them; printed, they cannot change what a command does.
      if (i > cmd && PRINTERS.has(x.words[cmd] ?? '') && !planFor.has(cmd) && vars.length === 1 && !plan.glob) {
        words.push(plan.pieces.map((p) => (p.kind === 'var' ? '0' : p.text)).join(''));
      } else refuse('syntax.expansion', '$? and $! only as arguments of echo or printf');
      continue;
    }
    const chars: PatChar[] = [];
    let bad = false;
    for (const p of plan.pieces) {
      if (p.kind === 'text') {
        for (const c of Array.from(p.text)) chars.push({ c, quoted: p.quoted });
        continue;
      }
      const value = valueOf(p.name, ctx);
      if (typeof value !== 'string') {
        refuse('syntax.expansion', value.why);
        bad = true;
        continue;
      }
      if (!p.quoted && !plan.assignment && (value === '' || SPLIT_OR_GLOB.test(value))) {
        refuse(
          'syntax.expansion',
          `$${p.name} is empty or holds spaces or glob characters unquoted; write "$${p.name}"`,
        );
        bad = true;
        continue;
      }
      for (const c of Array.from(value)) chars.push({ c, quoted: true });
    }
    if (bad) continue;
    let out: string[];
    if (plan.glob) {
      if (ctx.cwd === undefined) {
        refuse('syntax.glob', 'the part may run in several directories');
        continue;
      }
      if (!ctx.listDir) {
        refuse('syntax.glob', 'the review cannot list directories here');
        continue;
      }
      const g = expandGlob(chars, ctx.cwd, ctx.listDir, budget);
      if (g.kind === 'refuse') {
        refuse('syntax.glob', g.detail);
        continue;
      }
      out = g.kind === 'match' ? g.words : [chars.map((c) => c.c).join('')];
    } else out = [chars.map((c) => c.c).join('')];
    // A newline or other control character in a file name would be refused in the text as written.
    if (out.some((o) => /[\x00-\x1f\x7f]/.test(o))) {
      refuse('syntax.glob', 'a matching file name holds a control character');
      continue;
    }
    words.push(...out);
    const [start, end] = x.spans[i]!;
    const replacement = plan.assignment
      ? `${out[0]!.slice(0, out[0]!.indexOf('=') + 1)}${shellQuote(out[0]!.slice(out[0]!.indexOf('=') + 1))}`
      : // The command word is always quoted: a bare `if` there would be a reserved word.
        out.map((w) => (i === cmd ? `'${w.replaceAll("'", "'\\''")}'` : shellQuote(w))).join(' ');
    edits.push({ start: offset + start, end: offset + end, replacement });
  }
  if (found.size) return { ok: false, reasons: [...found].map(([code, message]) => ({ code, message })) };
  return { ok: true, words, edits };
}

function valueOf(name: string, ctx: ExpandContext): string | { why: string } {
  if (!isKnownVariable(name)) return { why: `$${name} is not one the review knows (${KNOWN_VARIABLES.join(', ')})` };
  if (ctx.assigned.has(name)) return { why: `$${name} was set by an earlier part; run them as separate commands` };
  if (name === 'PWD') return ctx.cwd ?? { why: '$PWD: the part may run in several directories' };
  const v = ctx.vars?.[name];
  return v === undefined ? { why: `$${name} is not set in the request's environment` } : v;
}
