import type { StoredRequest } from '../../../application/approvals/approvalStore.js';
import { hasHiddenCharacters, showControls } from '../../../domain/approvals/showControls.js';
import type { PendingRequest } from '../../../domain/approvals/pendingRequest.js';

/** `12s`, `3m05s`, `2h10m`: how long a request has waited. */
export function age(createdAt: string, now: Date): string {
  const s = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 1000));
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Reasons that explain why something may run; the one that asked is what the human needs first. */
const PERMISSIVE = new Set(['command.allowed', 'command.wrapper', 'envelope.bookkeeping']);

export function firstReason(r: PendingRequest): string {
  const first = r.verdict.reasons.find((x) => !PERMISSIVE.has(x.code)) ?? r.verdict.reasons[0];
  return first ? `${first.code}: ${first.message}` : '(no reason recorded)';
}

const v = showControls;

/** One request in the list: every field made visible, the command in full (approval is never blind). */
export function listEntry(s: StoredRequest, index: number, selected: boolean, now: Date): string[] {
  const r = s.request;
  const mark = selected ? '>' : ' ';
  return [
    `${mark} ${index + 1}. ${v(r.id.slice(0, 8))}  ${v(r.agent ?? '?')}  ${age(r.createdAt, now)} ago  risk ${v(r.verdict.risk)}  in ${v(r.cwd)}`,
    ...(r.envelope && r.reviewed !== undefined
      ? [
          `     $ ${v(r.reviewed)}`,
          `       (the model's command inside the ${v(r.envelope)} envelope; i shows the full text)`,
        ]
      : [`     $ ${v(r.command)}`]),
    `     why: ${v(firstReason(r))}`,
    ...([r.command, r.cwd, r.agent ?? '', r.reviewed ?? ''].some(hasHiddenCharacters)
      ? ['     ! hidden or control characters in this request are shown escaped (\\e, \\xNN, \\u{NNNN})']
      : []),
  ];
}

/** Everything known about one request, for the details view and the pre-approval check. */
export function detailLines(r: PendingRequest, now: Date): string[] {
  return [
    `id:       ${v(r.id)}`,
    `agent:    ${v(r.agent ?? '?')}    session: ${v(r.session ?? '?')}    hop: ${r.hop}    pid: ${r.pid}`,
    `cwd:      ${v(r.cwd)}`,
    `asked:    ${v(r.createdAt)} (${age(r.createdAt, now)} ago)`,
    `decision: ${v(r.verdict.decision)}    risk: ${v(r.verdict.risk)}    rules: ${v(r.verdict.rule_ids.join(', ') || '-')}`,
    ...(r.envelope && r.reviewed !== undefined
      ? [`reviewed: ${v(r.reviewed)}    (inside the ${v(r.envelope)} envelope)`]
      : []),
    `command:  ${v(r.command)}`,
    'reasons:',
    ...r.verdict.reasons.map((x) => `  - ${v(x.code)}: ${v(x.message)}`),
  ];
}

/** What `--json` prints for one request: the documented fields, raw (JSON escapes controls itself). */
export function jsonEntry(r: PendingRequest): Record<string, unknown> {
  return {
    id: r.id,
    agent: r.agent ?? null,
    cwd: r.cwd,
    command: r.command,
    reasons: r.verdict.reasons,
    risk: r.verdict.risk,
    createdAt: r.createdAt,
    ...(r.envelope ? { reviewed: r.reviewed ?? null, envelope: r.envelope } : {}),
  };
}
