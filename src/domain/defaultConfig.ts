import type { PolicyConfig } from './policyConfig.js';

export const DEFAULT_ENV_ALLOW = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'TMPDIR',
  'PWD',
  'TZ',
  'SHIMCTL_*',
  'XDG_CONFIG_HOME',
  'XDG_STATE_HOME',
  'XDG_DATA_HOME',
  'XDG_RUNTIME_DIR',
];

export function defaultConfig(): PolicyConfig {
  return {
    engine: 'native',
    rules: [],
    protectedPaths: [],
    roots: [],
    disabledRules: [],
    urls: { allowSchemes: ['https', 'http', 'ssh', 'git'], allowHosts: [], loopback: 'allow-reads', private: 'ask' },
    approvals: { enabled: true, timeoutSeconds: 120 },
    http: { serveInDaemon: false, port: 7819 },
    execution: {
      timeoutSeconds: 600,
      graceSeconds: 5,
      maxOutputBytes: 10 * 1024 * 1024,
      envAllow: [...DEFAULT_ENV_ALLOW],
    },
    audit: { maxBytes: 50 * 1024 * 1024, keep: 5, retentionDays: 7, warnMiBPerHour: 64 },
    nested: 'review',
    syntax: 'structured',
    rego: {
      mode: 'eval',
      policyPaths: [],
      query: 'data.shimctl.verdict',
      url: 'http://127.0.0.1:8181',
      timeoutMs: 2000,
    },
  };
}
