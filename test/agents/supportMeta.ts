// Tags a test with the agent and the support-table column it proves; supportReporter.ts reads the tags.
import type { TestContext } from 'vitest';

export type SupportCheck = 'plain-shell' | 'fixture-shape' | 'allow' | 'block' | 'startup' | 'uninstall';

declare module 'vitest' {
  interface TaskMeta {
    agent?: string;
    agentVersion?: string;
    check?: SupportCheck;
    skipReason?: string;
  }
}

export function tag(ctx: TestContext, agent: string, version: string, check: SupportCheck): void {
  Object.assign(ctx.task.meta, { agent, agentVersion: version, check });
}

/** Skips with a reason that is printed and lands in support.json: never a silent pass. */
export function skipBecause(ctx: TestContext, reason: string): never {
  ctx.task.meta.skipReason = reason;
  console.warn(`SKIPPED ${ctx.task.name}: ${reason}`);
  return ctx.skip(reason) as never;
}
