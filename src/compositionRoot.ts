// The one place where real adapters are wired into the ports. Tests wire fakes instead.
import { randomUUID } from 'node:crypto';
import type { AppPorts } from './application/ports/appPorts.js';
import type { Approver } from './application/ports/approver.js';
import type { Executor } from './application/ports/executor.js';
import type { PolicyEngine } from './application/ports/policyEngine.js';
import type { PolicyConfig } from './domain/policyConfig.js';
import type { ShellGrammarSource } from './domain/shell/grammar/syntaxTree.js';
import type { HostFactsProvider } from './application/ports/hostFactsProvider.js';
import { createAuditLog } from './infrastructure/audit/createAuditLog.js';
import { createConfigSource } from './infrastructure/config/createConfigSource.js';
import { createHostFactsProvider } from './infrastructure/hostFacts/createHostFactsProvider.js';
import { createHookPassStore } from './infrastructure/approvals/hookPassStore.js';
import { createCommandEndStore } from './infrastructure/approvals/commandEndStore.js';
import { createOwnScripts } from './infrastructure/install/ownScriptFiles.js';
import { statePaths } from './infrastructure/paths/statePaths.js';
import type { StatePaths } from './infrastructure/paths/statePaths.js';

export interface App extends AppPorts {
  env: Record<string, string | undefined>;
  paths: StatePaths;
}

// The executor (node:child_process, see createExecutor.ts for why not execa), the approval adapter and the Rego engine are loaded on first use: every
// command pays the module initialisation of what it imports, and a blocked command never runs
// anything, most commands are never asked about, and most configs have no Rego. A load failure
// rejects the call, which the use case turns into a block like any other adapter error.
function lazyExecutor(): Executor {
  let loaded: Promise<Executor> | undefined;
  return {
    run: (spec) =>
      (loaded ??= import('./infrastructure/exec/createExecutor.js').then((m) => m.createExecutor())).then((e) =>
        e.run(spec),
      ),
  };
}

function lazyApprover(paths: StatePaths, env: Record<string, string | undefined>): Approver {
  let loaded: Promise<Approver> | undefined;
  return {
    request: (req, timeoutMs) =>
      (loaded ??= import('./infrastructure/approvals/createApprover.js').then((m) =>
        m.createApprover(paths, env),
      )).then((a) => a.request(req, timeoutMs)),
  };
}

function lazyRegoEngine(config: PolicyConfig, env: Record<string, string | undefined>): PolicyEngine {
  let loaded: Promise<PolicyEngine> | undefined;
  return {
    name: 'rego',
    evaluate: (input, request) =>
      (loaded ??= import('./infrastructure/rego/createRegoEngine.js').then((m) =>
        m.createRegoEngine(config.rego, env),
      )).then((e) => e.evaluate(input, request)),
  };
}

/**
 * The shell grammar (WebAssembly, a bundle of its own: dist/grammar.cjs) is loaded the first time a
 * text that is not a plain simple command is reviewed, then kept for the life of the process.
 */
export function lazyShellGrammar(): ShellGrammarSource {
  let source: ShellGrammarSource | undefined;
  return {
    loaded: () => source?.loaded(),
    load: () =>
      import('./infrastructure/shellGrammar/treeSitterBash.js')
        .then((m) => {
          source = m.treeSitterBash;
          return source.load();
        })
        .catch(() => undefined),
  };
}

const sharedGrammar = lazyShellGrammar();

/**
 * Loads the grammar ahead of need. The resident process's review workers call it when they start,
 * so the first compound command a worker reviews does not pay the WebAssembly load (~115 ms CPU).
 */
export function preloadShellGrammar(): void {
  void sharedGrammar.load();
}

function withGrammar(provider: HostFactsProvider, grammar: ShellGrammarSource): HostFactsProvider {
  // Object.assign onto the fresh facts, not a spread: a spread reads every getter, and
  // `shimctlHttpPort` is one so that the server file is read only when a URL is judged.
  return { facts: (env) => Object.assign(provider.facts(env), { grammar }) };
}

/** Time and record ids, the same for every entry point (shim, hook, resident process). */
export const systemClock = { now: (): Date => new Date(), newId: (): string => randomUUID() };

export function createApp(env: Record<string, string | undefined>): App {
  const paths = statePaths(env);
  return {
    env,
    paths,
    configSource: createConfigSource(paths),
    hostFacts: withGrammar(createHostFactsProvider(paths), sharedGrammar),
    executor: lazyExecutor(),
    auditLog: (config) => createAuditLog(paths, config.audit),
    approver: lazyApprover(paths, env),
    regoEngine: (config) => lazyRegoEngine(config, env),
    hookPasses: createHookPassStore(paths),
    commandEnds: createCommandEndStore(paths),
    // Loaded when a command's end is reported: the reader pulls in zlib, which no review needs.
    findStartRecord: (path, id) =>
      import('./infrastructure/audit/findStartRecord.js').then((m) => m.findStartRecord(path, id)),
    ownScripts: createOwnScripts(paths),
  };
}
