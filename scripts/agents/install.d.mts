export interface AgentInstall {
  name: string;
  agent?: string;
  version?: string;
  ok: boolean;
  dir: string;
  binDir: string;
  bin: string;
  nodeBinDir?: string;
  node?: string;
  reason?: string;
  reported?: string;
}
/** `agent`: the agent a suite entry runs when its key is not the agent's name (claude-current runs claude). `node`: the Node major it declares. */
export const AGENTS: Record<
  string,
  {
    package: string;
    version: string;
    bin: string;
    binPath?: string;
    agent?: string;
    node?: string;
    allowScripts: string[];
    wiring?: string;
    gaps?: string;
  }
>;
export function versionOverrides(env?: Record<string, string | undefined>): Record<string, string>;
export function newestVersion(pkg: string, env?: Record<string, string | undefined>): string;
export function wantedVersion(name: string, env?: Record<string, string | undefined>): string;
export function agentCacheRoot(env?: Record<string, string | undefined>): string;
export function ensureAgent(name: string, env?: Record<string, string | undefined>): AgentInstall;
