import type { PolicyConfig } from '../policyConfig.js';

/**
 * The config as one request sees it: rules saved for another agent session are left out. The
 * session is fixed for the whole request (unlike the cwd, which a compound command can change),
 * so this is done once, before the review. Without session rules the config is returned as is.
 */
export function forSession(config: PolicyConfig, session: string | undefined): PolicyConfig {
  if (!config.rules.some((r) => r.session !== undefined)) return config;
  return { ...config, rules: config.rules.filter((r) => r.session === undefined || r.session === session) };
}
