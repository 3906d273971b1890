import type { AlwaysScope, AlwaysWhereName } from '../../../domain/approvals/alwaysRule.js';
import { ALWAYS_WHERE } from '../../../domain/approvals/alwaysRule.js';
import { UsageError } from '../runCommand.js';

export interface ApproveArgs {
  id: string;
  always: boolean;
  scope: AlwaysScope;
  where: AlwaysWhereName;
}
export interface DenyArgs {
  id: string;
  reason?: string;
}

export const APPROVE_USAGE =
  'usage: shimctl approve ID [--always] [--scope command|subcommand] [--for project|session|user]\n';
export const DENY_USAGE = 'usage: shimctl deny ID [--reason TEXT]\n';

export const APPROVE_OPTIONS = {
  always: { type: 'boolean' },
  scope: { type: 'string' },
  for: { type: 'string' },
} as const;
export const DENY_OPTIONS = { reason: { type: 'string' } } as const;

/** The one request id both answers take; throws UsageError. */
function requestId(positionals: string[]): string {
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  if (!positionals[0]) throw new UsageError('a request id is required (see: shimctl approvals --json)');
  return positionals[0];
}

/** Checks `approve`'s parsed options; throws UsageError. */
export function approveArgs(
  values: { always?: boolean; scope?: string; for?: string },
  positionals: string[],
): ApproveArgs {
  const { scope, for: where } = values;
  if (scope !== undefined && scope !== 'command' && scope !== 'subcommand')
    throw new UsageError(`--scope takes command or subcommand, not '${scope}'`);
  if (where !== undefined && !(ALWAYS_WHERE as readonly string[]).includes(where))
    throw new UsageError(`--for takes ${ALWAYS_WHERE.join(', ')}, not '${where}'`);
  const id = requestId(positionals);
  const always = values.always === true;
  if (scope !== undefined && !always) throw new UsageError('--scope only applies with --always');
  if (where !== undefined && !always) throw new UsageError('--for only applies with --always');
  return { id, always, scope: scope ?? 'command', where: (where as AlwaysWhereName | undefined) ?? 'project' };
}

/** Checks `deny`'s parsed options; throws UsageError. */
export function denyArgs(values: { reason?: string }, positionals: string[]): DenyArgs {
  const id = requestId(positionals);
  // The reason reaches the agent's stderr line and the audit: one short line.
  if (values.reason !== undefined && values.reason.length > 500)
    throw new UsageError('--reason is limited to 500 characters');
  return { id, reason: values.reason };
}
