import { describeAgentChange } from '../../application/config/agentChange.js';
import type { ConfigReport } from '../../infrastructure/config/projectConfigReport.js';

/**
 * The config lines `status` and `doctor` share: whether agent commands in this directory are
 * reviewed or all blocked, which file is at fault and how to get out, and which project files
 * changed while an agent was running (see application/config/agentChange.ts for the limits).
 */
export function configStatusLines(r: ConfigReport): string[] {
  const head = r.failure
    ? [
        `config:       BLOCKED — every agent command in ${r.cwd} is refused (config.${r.state})`,
        `  file:       ${r.failure.file}`,
        `  why:        ${r.failure.field ? `${r.failure.field}: ` : ''}${r.failure.message.replace(/\s+/g, ' ')}`,
        `  recover:    ${r.failure.recovery}`,
      ]
    : [
        `config:       ok for ${r.cwd} (${r.files.length === 0 ? 'built-in defaults only' : `${r.files.length} file${r.files.length === 1 ? '' : 's'}`}${r.ignored ? `, ${r.ignored} loosening${r.ignored === 1 ? '' : 's'} ignored` : ''})`,
      ];
  const files = r.files
    .filter((f) => f.file !== r.failure?.file || f.agentChange)
    .flatMap((f) => [
      `  ${f.layer.padEnd(8)}  ${f.file}${f.changedAt ? `  (changed ${f.changedAt})` : ''}`,
      ...(f.agentChange ? [`            AGENT-WRITTEN? ${describeAgentChange(f.agentChange)}`] : []),
    ]);
  return [...head, ...files];
}
