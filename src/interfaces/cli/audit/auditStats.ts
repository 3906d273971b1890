import { countRecords } from '../../../application/auditQuery/selectRecords.js';
import type { AuditStats } from '../../../application/auditQuery/selectRecords.js';
import { makeVisible } from '../../../domain/audit/makeVisible.js';
import { auditLinesNewestFirst } from '../../../infrastructure/audit/readLinesBackward.js';
import { EXIT } from '../exitCodes.js';
import type { CliContext } from '../cliContext.js';
import type { TailArgs } from './auditArgs.js';

/** `shimctl audit stats`: counts by decision, risk, agent and reason code. */
export function auditStats(path: string, args: TailArgs, ctx: CliContext): number {
  const stats = countRecords(auditLinesNewestFirst(path), args.filter);
  ctx.stdout.write(args.json ? `${JSON.stringify(stats)}\n` : renderStats(stats));
  return EXIT.OK;
}

function renderStats(stats: AuditStats): string {
  // A command that ran has a start and an end record; it counts once.
  const out = [
    `records: ${stats.total}${stats.unreadable ? ` (${stats.unreadable} unreadable lines skipped)` : ''}`,
    `not ended (a start record and no end record): ${stats.notEnded}`,
  ];
  const table = (title: string, counts: Record<string, number>): void => {
    out.push('', `${title}:`);
    const rows = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [key, n] of rows) out.push(`  ${String(n).padStart(8)}  ${makeVisible(key)}`);
  };
  table('by decision', stats.byDecision);
  table('by risk', stats.byRisk);
  table('by agent', stats.byAgent);
  table('by reason code', stats.byReason);
  return `${out.join('\n')}\n`;
}
