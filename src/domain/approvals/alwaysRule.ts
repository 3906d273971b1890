import type { ConfigRule } from '../policyConfig.js';
import { makeArgView } from '../policy/argView.js';

/** `command`: the exact argv (the default, as narrow as the request); `subcommand`: the command and its first sub-command word, any arguments. */
export type AlwaysScope = 'command' | 'subcommand';

export type NarrowedRule = { ok: true; rule: ConfigRule } | { ok: false; message: string };

/**
 * Where an approve-always rule applies (docs/rules.md): `project` (the default) the repository
 * root the request ran in (its directory when there is no repository) and everything below it;
 * `session` one agent session; `user` everywhere, as before.
 */
export type AlwaysWhere = { kind: 'project'; root: string } | { kind: 'session'; session: string } | { kind: 'user' };
export const ALWAYS_WHERE = ['project', 'session', 'user'] as const;
export type AlwaysWhereName = (typeof ALWAYS_WHERE)[number];

function whereFields(where: AlwaysWhere): Pick<ConfigRule, 'cwd' | 'session'> {
  if (where.kind === 'project') return { cwd: where.root === '/' ? '/**' : `${where.root}/**` };
  if (where.kind === 'session') return { session: where.session };
  return {};
}

function whereText(where: AlwaysWhere): string {
  return where.kind === 'project'
    ? ` in ${where.root}`
    : where.kind === 'session'
      ? ` in session ${where.session}`
      : ' everywhere';
}

/** FNV-1a, 32 bits: a short stable suffix so two different approvals never share an id. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Rule ids accept letters, digits and `. _ : -` only. */
function idPart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'command';
}

/**
 * The allow rule "approve always" saves for a request whose innermost command is `argv`:
 * as narrow as the request by default. The rule names the command as the policy names it
 * (the bare word), so `args` must hold every remaining word exactly, in order.
 */
export function narrowRule(
  argv: readonly string[],
  scope: AlwaysScope,
  approvedOn: string,
  where: AlwaysWhere = { kind: 'user' },
): NarrowedRule {
  const [command, ...args] = argv;
  if (command === undefined || command === '')
    return { ok: false, message: 'the request has no command word to build a rule from' };
  // An agent running shimctl itself (approve, deny, install…) is never made routine.
  if (command === 'shimctl' || command.endsWith('/shimctl'))
    return { ok: false, message: 'an agent running shimctl itself is never approved always' };
  if (scope === 'subcommand') {
    const sub = makeArgView(command, args).sub[0];
    if (sub === undefined) return { ok: false, message: `'${command}' has no sub-command here; use --scope command` };
    const rule: ConfigRule = {
      id: `approved:${idPart(command)}-${idPart(sub)}-${fnv1a(JSON.stringify(where.kind === 'user' ? [command, sub] : [command, sub, where]))}`,
      command,
      subcommand: [sub.replace(/\*/g, '\\*')],
      ...whereFields(where),
      decision: 'allow',
      reason: `approved always by the user on ${approvedOn}: ${command} ${sub} with any arguments${whereText(where)}`,
    };
    return { ok: true, rule };
  }
  const rule: ConfigRule = {
    id: `approved:${idPart(command)}-${fnv1a(JSON.stringify(where.kind === 'user' ? argv : [argv, where]))}`,
    command,
    // A `*` in an approved word is the word itself, never a wildcard (docs/rules.md).
    args: args.map((a) => a.replace(/\*/g, '\\*')),
    ...whereFields(where),
    decision: 'allow',
    reason: `approved always by the user on ${approvedOn}: exactly this command${whereText(where)}`,
  };
  return { ok: true, rule };
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/** Same match and same decision: saving `candidate` next to `existing` would add nothing. */
export function sameRule(existing: ConfigRule, candidate: ConfigRule): boolean {
  const sub = (r: ConfigRule) => (r.subcommand && r.subcommand.length > 0 ? r.subcommand : undefined);
  return (
    existing.command === candidate.command &&
    existing.decision === candidate.decision &&
    sameList(sub(existing), sub(candidate)) &&
    sameList(existing.args, candidate.args) &&
    sameList(existing.argsContain, candidate.argsContain) &&
    existing.cwd === candidate.cwd &&
    existing.session === candidate.session &&
    existing.agent === candidate.agent
  );
}
