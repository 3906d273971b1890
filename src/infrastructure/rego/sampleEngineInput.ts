import type { EngineInput } from '../../application/ports/policyEngine.js';
import { ENGINE_INPUT_VERSION } from '../../application/ports/policyEngine.js';

/**
 * The request `shimctl policy check` sends through the configured engine: `git status` in a
 * project, as an agent would send it. Any valid verdict passes the check; a failure does not.
 */
export function sampleEngineInput(cwd: string): EngineInput {
  return {
    input_version: ENGINE_INPUT_VERSION,
    request: { cwd, agent: 'claude', command: 'git status' },
    normalized: {
      command: 'git status',
      argv: ['git', 'status'],
      envAssignments: {},
      wrappers: [],
      effectiveArgv: ['git', 'status'],
      resolvedBinary: '/usr/bin/git',
      paths: [],
      urls: [],
    },
    native: {
      decision: 'allow',
      risk: 'low',
      reasons: [{ code: 'command.allowed', message: 'git status only reads' }],
      rule_ids: ['git:status'],
    },
  };
}
