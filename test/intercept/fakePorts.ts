// FAKES for unit tests of the intercept flow only: every port is a small in-memory stand-in.
// The end-to-end tests (test/e2e) run the real adapters.
import type { ApprovalOutcome, ApprovalRequest } from '../../src/application/ports/approver.js';
import type { AuditRecord } from '../../src/application/ports/auditLog.js';
import { AuditUnavailableError } from '../../src/application/ports/auditLog.js';
import type { ConfigOutcome } from '../../src/application/ports/configSource.js';
import type { ExecResult, ExecSpec } from '../../src/application/ports/executor.js';
import type { InterceptDeps } from '../../src/application/intercept/interceptDeps.js';
import { defaultConfig } from '../../src/domain/defaultConfig.js';
import type { PolicyConfig } from '../../src/domain/policyConfig.js';
import type { ReviewResult } from '../../src/domain/review/reviewCommand.js';
import type { ShellInvocation } from '../../src/domain/shell/parseInvocation.js';

export interface FakeWorld {
  deps: InterceptDeps;
  records: AuditRecord[];
  runs: ExecSpec[];
  asked: ApprovalRequest[];
  stderr: string[];
  reviewed: Array<{ command?: string; hop?: string }>;
}

export interface FakeOptions {
  config?: Partial<PolicyConfig>;
  configOutcome?: ConfigOutcome;
  invocation?: ShellInvocation;
  review?: (command: string) => ReviewResult;
  approval?: ApprovalOutcome | 'throw';
  auditOpenFails?: boolean;
  /** The audit opens but every write rejects (a full disk after the open). */
  auditWriteFails?: boolean;
  /** Only the end record's write rejects (the start record was written, then the disk filled). */
  auditEndWriteFails?: boolean;
  exec?: Partial<ExecResult> | 'throw';
}

export function fakeWorld(opts: FakeOptions = {}): FakeWorld {
  const w: FakeWorld = {
    records: [],
    runs: [],
    asked: [],
    stderr: [],
    reviewed: [],
    deps: undefined as unknown as InterceptDeps,
  };
  const config = { ...defaultConfig(), ...opts.config };
  let n = 0;
  w.deps = {
    configSource: { load: () => opts.configOutcome ?? { kind: 'ok', config, sources: [], warnings: [] } },
    hostFacts: {
      facts: () => ({ home: '/home/u', realpath: (p) => p, resolveCommand: () => undefined, fileId: () => undefined }),
    },
    executor: {
      run: async (spec) => {
        if (opts.exec === 'throw') throw new Error('executor exploded');
        w.runs.push(spec);
        return {
          exitCode: 0,
          signal: null,
          durationMs: 1,
          stdoutBytes: 3,
          stderrBytes: 0,
          truncated: false,
          timedOut: false,
          ...opts.exec,
        };
      },
    },
    auditLog: () => ({
      path: '/fake/audit.jsonl',
      open: async () => {
        if (opts.auditOpenFails) throw new AuditUnavailableError('disk full (fake)');
        return {
          write: async (r) => {
            if (opts.auditWriteFails) throw new AuditUnavailableError('write failed (fake)');
            if (opts.auditEndWriteFails && r.phase === 'end')
              throw new AuditUnavailableError('end write failed (fake)');
            w.records.push(r);
          },
          close: async () => undefined,
        };
      },
    }),
    approver: {
      request: async (req) => {
        w.asked.push(req);
        if (opts.approval === 'throw') throw new Error('approval channel broke');
        return opts.approval ?? { granted: false, by: 'timeout' };
      },
    },
    regoEngine: () => ({
      name: 'fake',
      evaluate: async () => ({ decision: 'block', risk: 'high', reasons: [], rule_ids: [] }),
    }),
    writeStderr: (t) => void w.stderr.push(t),
    now: () => new Date('2026-01-01T00:00:00Z'),
    newId: () => `id-${++n}`,
    parseInvocation: () => opts.invocation ?? { kind: 'unsupported', reason: 'no invocation given to the fake' },
    review: async (req) => {
      w.reviewed.push({ command: req.command, hop: req.hop });
      if (!opts.review) throw new Error('no review given to the fake');
      return opts.review(req.command ?? '');
    },
  };
  return w;
}

export function cmd(
  script: string,
  extra: Partial<Extract<ShellInvocation, { kind: 'command' }>> = {},
): ShellInvocation {
  return { kind: 'command', script, login: false, interactive: false, positional: [], flags: ['-c'], ...extra };
}
