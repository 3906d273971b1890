// The Rego / Open Policy Agent engine: `opa eval` as a subprocess, or an OPA server over HTTP.
// Every failure is a `block` + `critical` verdict with an `engine.*` reason: it fails closed.
import type { EngineInput, PolicyEngine } from '../../application/ports/policyEngine.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { Verdict } from '../../domain/verdict.js';
import type { EngineAnswer } from './engineFailure.js';
import { engineFailure } from './engineFailure.js';
import { locateOpa } from './locateOpa.js';
import { parseServerUrl } from './opaServerUrl.js';
import { parseRegoVerdict } from './parseRegoVerdict.js';
import { queryOpaServer } from './queryOpaServer.js';
import { isPlainDataQuery } from './regoQuery.js';
import { runOpaEval } from './runOpaEval.js';

type RegoConfig = PolicyConfig['rego'];
type Env = Record<string, string | undefined>;

const failure = (verdict: Verdict): EngineAnswer => ({ kind: 'failure', verdict });

/** Config mistakes found before OPA is asked anything; undefined when the config is usable. */
export function regoConfigProblem(config: RegoConfig): string | undefined {
  if (!isPlainDataQuery(config.query))
    return `rego.query '${config.query}' must be a plain reference like data.shimctl.verdict`;
  if (!Number.isFinite(config.timeoutMs) || config.timeoutMs <= 0)
    return `rego.timeoutMs must be a positive number, got ${config.timeoutMs}`;
  if (config.mode === 'eval') {
    if (config.policyPaths.length === 0) return 'rego.policyPaths is empty: no policy to evaluate';
    // A relative path would resolve against the agent's workspace, which is untrusted.
    const relative = config.policyPaths.find((p) => !p.startsWith('/'));
    if (relative !== undefined) return `rego.policyPaths entries must be absolute, got '${relative}'`;
  } else if (config.mode !== 'server') {
    return `rego.mode must be eval or server, got '${String(config.mode)}'`;
  }
  return undefined;
}

async function ask(config: RegoConfig, env: Env, input: EngineInput): Promise<EngineAnswer> {
  const problem = regoConfigProblem(config);
  if (problem) return failure(engineFailure('engine.failed', problem));
  if (config.mode === 'server') {
    const url = parseServerUrl(config.url);
    if (url.kind === 'bad') return failure(engineFailure('engine.failed', url.message));
    let token: string | undefined;
    if (config.tokenEnv) {
      token = env[config.tokenEnv];
      if (!token)
        return failure(engineFailure('engine.failed', `rego.tokenEnv names ${config.tokenEnv}, which is not set`));
    }
    return queryOpaServer(input, { base: url.base, query: config.query, timeoutMs: config.timeoutMs, token });
  }
  const opa = locateOpa(config.opaPath);
  if (opa.kind === 'missing') return failure(engineFailure('engine.opa_missing', opa.message));
  return runOpaEval(input, {
    opa: opa.path,
    policyPaths: config.policyPaths,
    query: config.query,
    timeoutMs: config.timeoutMs,
    env,
  });
}

/**
 * One evaluation, telling a policy's verdict (`value`) apart from an engine failure (`failure`,
 * already a fail-closed verdict). Never rejects.
 */
export async function evaluateRego(config: RegoConfig, env: Env, input: EngineInput): Promise<EngineAnswer<Verdict>> {
  try {
    const answer = await ask(config, env, input);
    return answer.kind === 'failure' ? { kind: 'failure', verdict: answer.verdict } : parseRegoVerdict(answer.value);
  } catch (err) {
    return { kind: 'failure', verdict: engineFailure('engine.failed', `Rego engine error: ${String(err)}`) };
  }
}

export function createRegoEngine(config: PolicyConfig['rego'], env: Record<string, string | undefined>): PolicyEngine {
  return {
    name: 'rego',
    async evaluate(input) {
      const answer = await evaluateRego(config, env, input);
      return answer.kind === 'failure' ? answer.verdict : answer.value;
    },
  };
}
