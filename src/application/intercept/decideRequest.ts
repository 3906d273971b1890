import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { ReviewResult } from '../../domain/review/reviewCommand.js';
import type { ShellInvocation } from '../../domain/shell/parseInvocation.js';
import { verdict } from '../../domain/verdict.js';
import { reviewUseCase } from '../review.js';
import type { InterceptDeps } from './interceptDeps.js';
import { ENV_MODE, ENV_SESSION, ENV_WORKSPACE } from './interceptRequest.js';
import { MODES, isMode } from '../../domain/modes/mode.js';

export interface HopContext {
  hop: 'agent' | 'nested';
  agent?: string;
  cwd: string;
  env: Record<string, string | undefined>;
}

/**
 * The verdict for one parsed invocation. Policy for what cannot be reviewed command by command:
 * - interactive shells are refused at every hop (nothing to review up front);
 * - script files are refused at the agent hop, and need a human at a nested hop under `review`;
 * - with `nested = "passthrough"` every nested shell runs unreviewed and is recorded.
 */
export async function decideRequest(
  inv: ShellInvocation,
  ctx: HopContext,
  config: PolicyConfig,
  deps: InterceptDeps,
): Promise<ReviewResult> {
  if (inv.kind === 'unsupported') {
    return { verdict: verdict('block', 'medium', 'invocation.unsupported', inv.reason), trace: [] };
  }
  if (inv.kind === 'info') {
    // `--version` / `--help`: the shell prints text and runs nothing.
    return {
      verdict: { decision: 'allow', risk: 'low', reasons: [], rule_ids: [] },
      trace: [{ stage: 'invocation', detail: 'shell info request' }],
    };
  }
  if (ctx.hop === 'nested' && config.nested === 'passthrough') {
    return {
      verdict: verdict(
        'allow',
        'medium',
        'invocation.nested_passthrough',
        'nested shell ran unreviewed (nested = passthrough)',
      ),
      trace: [{ stage: 'nested', detail: 'passthrough' }],
    };
  }
  if (inv.kind === 'interactive') {
    return {
      verdict: verdict(
        'block',
        'high',
        'invocation.interactive',
        'an interactive shell cannot be reviewed; run one command at a time',
      ),
      trace: [],
    };
  }
  if (inv.kind === 'script') {
    // shimctl's own hook, exactly as installed (Cline 3 runs it as `sh FILE`): it is the reviewer
    // itself, reading its JSON on stdin. No flags or arguments, and verified on the disk each time.
    if (
      inv.args.length === 0 &&
      inv.flags.length === 0 &&
      deps.ownScripts?.isOwnScript(inv.file.startsWith('/') ? inv.file : `${ctx.cwd}/${inv.file}`)
    )
      return {
        verdict: { decision: 'allow', risk: 'low', reasons: [], rule_ids: [] },
        trace: [{ stage: 'invocation', detail: `shimctl's own installed hook ${inv.file}` }],
      };
    return ctx.hop === 'agent'
      ? {
          verdict: verdict(
            'block',
            'high',
            'invocation.script',
            `the agent ran the script file '${inv.file}' directly; run its commands instead`,
          ),
          trace: [],
        }
      : {
          verdict: verdict('ask', 'medium', 'invocation.script', `a nested shell runs the script file '${inv.file}'`),
          trace: [],
        };
  }
  const launchMode = ctx.env[ENV_MODE] || undefined;
  if (launchMode !== undefined && !isMode(launchMode)) {
    // Fail closed: a mode nobody can name must not fall back to a looser one.
    return {
      verdict: verdict(
        'block',
        'high',
        'config.invalid',
        `${ENV_MODE}='${launchMode}' is not a mode (${MODES.join(', ')}); fix the launch`,
      ),
      trace: [],
    };
  }
  return (deps.review ?? reviewUseCase)(
    {
      command: inv.script,
      cwd: ctx.cwd,
      agent: ctx.agent,
      hop: ctx.hop,
      ...(inv.argv0 !== undefined ? { args: { argv0: inv.argv0, positional: inv.positional } } : {}),
      session: ctx.env[ENV_SESSION] || undefined,
      mode: launchMode,
      workspace: ctx.env[ENV_WORKSPACE]?.startsWith('/') ? ctx.env[ENV_WORKSPACE] : undefined,
    },
    {
      config,
      facts: deps.hostFacts.facts(ctx.env),
      rego: config.engine === 'native' ? undefined : deps.regoEngine(config),
    },
  );
}
