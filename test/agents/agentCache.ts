// Bridges the test suite to scripts/agents/install.mjs (the one place agent versions are pinned).
import { ensureAgent } from '../../scripts/agents/install.mjs';
import type { AgentName } from './agentSpecs.js';

export interface CachedAgent {
  name: AgentName;
  version: string;
  ok: boolean;
  dir: string;
  binDir: string;
  bin: string;
  /** The Node the agent declares, when newer than shimctl's (first on its PATH). */
  nodeBinDir?: string;
  reason?: string;
}

const memo = new Map<AgentName, CachedAgent>();

/** Installs (first time) or reuses the pinned agent from the cache outside the source tree. */
export function ensureAgentForTests(name: AgentName): CachedAgent {
  if (!memo.has(name)) memo.set(name, ensureAgent(name) as CachedAgent);
  return memo.get(name)!;
}
