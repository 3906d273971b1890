import { execa } from 'execa';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import { evaluateRego, regoConfigProblem } from './createRegoEngine.js';
import { oneLine } from './engineFailure.js';
import { locateOpa } from './locateOpa.js';
import { parseServerUrl } from './opaServerUrl.js';
import { sampleEngineInput } from './sampleEngineInput.js';

export interface SetupCheck {
  ok: boolean;
  /** One line saying what works, or what is wrong. */
  line: string;
}

type Env = Record<string, string | undefined>;

/** `opa check` compiles every policy; on a big bundle that takes longer than one evaluation. */
const MIN_TOOL_TIMEOUT_MS = 5000;

async function runOpaTool(opa: string, args: string[], timeoutMs: number, env: Env) {
  return execa(opa, args, {
    env: { PATH: env.PATH ?? '', HOME: env.HOME ?? '' },
    extendEnv: false,
    cwd: '/',
    reject: false,
    timeout: Math.max(timeoutMs, MIN_TOOL_TIMEOUT_MS),
    killSignal: 'SIGKILL',
    stdin: 'ignore',
  });
}

function firstLine(text: unknown): string {
  return oneLine(
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '',
  );
}

async function sample(config: PolicyConfig['rego'], env: Env, what: string): Promise<SetupCheck> {
  const answer = await evaluateRego(config, env, sampleEngineInput('/tmp'));
  if (answer.kind === 'failure') {
    const reason = answer.verdict.reasons[0];
    return { ok: false, line: `${what}: the sample request failed (${reason?.code}): ${reason?.message}` };
  }
  return {
    ok: true,
    line: `${what}: the sample request \`git status\` got a valid verdict: ${answer.value.decision} (${answer.value.risk})`,
  };
}

/** Validates the configured engine end to end, for `shimctl policy check`. */
export async function checkRegoSetup(config: PolicyConfig, env: Env): Promise<SetupCheck> {
  if (config.engine === 'native') return { ok: true, line: 'engine native: built in, nothing else to check' };
  const rego = config.rego;
  const problem = regoConfigProblem(rego);
  if (problem) return { ok: false, line: `engine ${config.engine}: ${problem}` };
  if (rego.mode === 'server') {
    const url = parseServerUrl(rego.url);
    if (url.kind === 'bad') return { ok: false, line: `engine ${config.engine}: ${url.message}` };
    return sample(rego, env, `engine ${config.engine}, OPA server ${url.base.origin}`);
  }
  const opa = locateOpa(rego.opaPath);
  if (opa.kind === 'missing') return { ok: false, line: `engine ${config.engine}: ${opa.message}` };
  const version = await runOpaTool(opa.path, ['version'], rego.timeoutMs, env);
  if (version.failed)
    return {
      ok: false,
      line: `engine ${config.engine}: '${opa.path} version' failed: ${firstLine(version.stderr) || version.shortMessage}`,
    };
  const versionText = firstLine(version.stdout).replace(/^Version:\s*/i, '') || 'unknown version';
  const bundles = rego.policyPaths.filter((p) => p.endsWith('.tar.gz'));
  const files = rego.policyPaths.filter((p) => !p.endsWith('.tar.gz'));
  for (const args of [files.length ? ['check', ...files] : [], ...bundles.map((b) => ['check', '--bundle', b])]) {
    if (!args.length) continue;
    const check = await runOpaTool(opa.path, args, rego.timeoutMs, env);
    if (check.failed) {
      const why = firstLine(check.stderr) || firstLine(check.stdout) || check.shortMessage;
      return { ok: false, line: `engine ${config.engine}: the policy does not load (opa check): ${why}` };
    }
  }
  return sample(rego, env, `engine ${config.engine}, opa ${versionText} at ${opa.path}, policy loads`);
}
