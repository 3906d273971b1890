import type { AlwaysScope, AlwaysWhereName } from '../../../domain/approvals/alwaysRule.js';
import { ALWAYS_WHERE } from '../../../domain/approvals/alwaysRule.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export interface ApproveArgs { id: string; always: boolean; scope: AlwaysScope; where: AlwaysWhereName }
export interface DenyArgs { id: string; reason?: string }

export const APPROVE_USAGE = 'usage: shimctl approve ID [--always] [--scope command|subcommand] [--for project|session|user]\n';
export const DENY_USAGE = 'usage: shimctl deny ID [--reason TEXT]\n';

export function parseApproveArgs(args: string[]): Parsed<ApproveArgs> {
  let id: string | undefined;
  let always = false;
  let scope: AlwaysScope = 'command';
  let scopeGiven = false;
  let where: AlwaysWhereName = 'project';
  let whereGiven = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--always') always = true;
    else if (a === '--scope' || a.startsWith('--scope=')) {
      const v = a === '--scope' ? args[++i] : a.slice('--scope='.length);
      if (v !== 'command' && v !== 'subcommand') return { ok: false, message: `--scope takes command or subcommand, not '${v ?? ''}'` };
      scope = v;
      scopeGiven = true;
    } else if (a === '--for' || a.startsWith('--for=')) {
      const v = a === '--for' ? args[++i] : a.slice('--for='.length);
      if (!(ALWAYS_WHERE as readonly string[]).includes(v ?? '')) return { ok: false, message: `--for takes ${ALWAYS_WHERE.join(', ')}, not '${v ?? ''}'` };
      where = v as AlwaysWhereName;
      whereGiven = true;
    } else if (a.startsWith('-')) return { ok: false, message: `unknown option '${a}'` };
    else if (id === undefined) id = a;
    else return { ok: false, message: `unexpected argument '${a}'` };
  }
  if (!id) return { ok: false, message: 'a request id is required (see: shimctl approvals --json)' };
  if (scopeGiven && !always) return { ok: false, message: '--scope only applies with --always' };
  if (whereGiven && !always) return { ok: false, message: '--for only applies with --always' };
  return { ok: true, value: { id, always, scope, where } };
}

export function parseDenyArgs(args: string[]): Parsed<DenyArgs> {
  let id: string | undefined;
  let reason: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--reason' || a.startsWith('--reason=')) {
      reason = a === '--reason' ? args[++i] : a.slice('--reason='.length);
      if (reason === undefined) return { ok: false, message: '--reason needs a text' };
    } else if (a.startsWith('-')) return { ok: false, message: `unknown option '${a}'` };
    else if (id === undefined) id = a;
    else return { ok: false, message: `unexpected argument '${a}'` };
  }
  if (!id) return { ok: false, message: 'a request id is required (see: shimctl approvals --json)' };
  // The reason reaches the agent's stderr line and the audit: one short line.
  if (reason !== undefined && reason.length > 500) return { ok: false, message: '--reason is limited to 500 characters' };
  return { ok: true, value: { id, reason } };
}
