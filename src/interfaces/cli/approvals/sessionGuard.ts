import { ENV_AGENT, ENV_DEPTH, ENV_SESSION } from '../../../application/intercept/interceptRequest.js';
import { gatedAncestor } from '../../../infrastructure/approvals/gatedAncestor.js';

/**
 * Why this process must not answer approvals, or undefined when it may. Answers come from the
 * human's own terminal, never from inside an agent session: the launcher's session marker, the
 * shims' depth marker, the shim directory on PATH, or any of those in an ancestor's environment.
 * There is deliberately no override: anything the agent could set, the agent could set.
 */
export function refuseInsideSession(env: Record<string, string | undefined>, shimDir: string): string | undefined {
  for (const name of [ENV_SESSION, ENV_DEPTH, ENV_AGENT]) {
    if (env[name] !== undefined && env[name] !== '') return `${name} is set: this runs inside a gated agent session`;
  }
  if ((env.PATH ?? '').split(':').includes(shimDir)) return 'the shim directory is on PATH: this runs inside a gated agent session';
  const ancestor = gatedAncestor(shimDir);
  if (ancestor) return `an ancestor process (pid ${ancestor.pid}) runs inside a gated agent session (${ancestor.marker})`;
  return undefined;
}

export function sessionRefusalMessage(command: string, why: string): string {
  return `shimctl ${command}: refused: ${why}. Answer approvals from your own terminal, outside the agent.\n`;
}
