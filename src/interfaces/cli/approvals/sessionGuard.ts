import { refuseAnswerer } from '../../../application/approvals/answererCheck.js';
import { ENV_AGENT, ENV_DEPTH, ENV_SESSION } from '../../../application/intercept/interceptRequest.js';
import { liveAgents } from '../../../infrastructure/approvals/agentRegistry.js';
import { answererFacts } from '../../../infrastructure/approvals/answererFacts.js';
import { gatedAmong, gatedAncestor } from '../../../infrastructure/approvals/gatedAncestor.js';

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
  if ((env.PATH ?? '').split(':').includes(shimDir))
    return 'the shim directory is on PATH: this runs inside a gated agent session';
  const ancestor = gatedAncestor(shimDir);
  if (ancestor)
    return `an ancestor process (pid ${ancestor.pid}) runs inside a gated agent session (${ancestor.marker})`;
  return undefined;
}

export interface AnswerGuardInputs {
  shimDir: string;
  stateDir: string;
  /** Read lazily: only a process without a terminal needs the user's config. */
  answerWithoutTerminal(): boolean;
}

/**
 * The full check for approve, deny and the view: not inside a session (above), and a terminal
 * the agents' process trees do not share (answererCheck). A process reparented with `setsid`,
 * `nohup` or a double fork has left the ancestor walk but not its lack of a terminal, the
 * launcher's mark, or (for a pty it opened) a session leader that descends from the agent.
 */
export function refuseToAnswer(env: Record<string, string | undefined>, inputs: AnswerGuardInputs): string | undefined {
  const inside = refuseInsideSession(env, inputs.shimDir);
  if (inside) return inside;
  const me = answererFacts();
  const marked = gatedAmong(inputs.shimDir, me.lineage);
  if (marked)
    return `process ${marked.pid}, an ancestor of this process or of its terminal's session, runs inside a gated agent session (${marked.marker})`;
  const allow = me.terminal ? false : inputs.answerWithoutTerminal();
  return refuseAnswerer(me, liveAgents(inputs.stateDir), { answerWithoutTerminal: allow });
}

export function sessionRefusalMessage(command: string, why: string): string {
  return `shimctl ${command}: refused: ${why}. Answer approvals from your own terminal, outside the agent.\n`;
}
