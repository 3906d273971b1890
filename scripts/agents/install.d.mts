export interface AgentInstall { name: string; version?: string; ok: boolean; dir: string; binDir: string; bin: string; reason?: string; reported?: string }
export const AGENTS: Record<string, { package: string; version: string; bin: string; allowScripts: string[]; wiring?: string; gaps?: string }>;
export function agentCacheRoot(env?: Record<string, string | undefined>): string;
export function ensureAgent(name: string, env?: Record<string, string | undefined>): AgentInstall;
