// The built-in list of protected resources. `~` stands for the home directory; a pattern without
// `/` matches that file name in any directory. Rule ids are stable: `paths:<name>`.
import { expandTilde, normalizePosix } from './posixPath.js';
import type { CompiledGlob } from './pathGlob.js';
import { compileGlob } from './pathGlob.js';
import { SHIMCTL_ONLY_CONFIG_FILES } from '../projectConfigFiles.js';

/**
 * `secret`: reading, naming or writing is refused (credentials, keys, password databases).
 * `gate`: shimctl's own state and files that run code later (see BUILTIN_CODE_CONFIG); reading
 * is fine, writing or deleting is refused, because an agent that can edit its config, audit log
 * or approvals can switch its own gate off, and one that edits `~/.bashrc` runs code unreviewed.
 * `project-config`: a shimctl project config file (`.shimctlrc`, ...); reading is fine, writing,
 * moving or deleting asks. A project may legitimately carry one, so this is not a block, but one
 * allowed write of a broken file would block every later command in that directory (issue 17),
 * and deleting one drops the user's stricter project rules.
 */
export type ProtectionKind = 'secret' | 'gate' | 'project-config';

export interface ProtectedResource {
  ruleId: string;
  kind: ProtectionKind;
  glob: CompiledGlob;
}

/** Templates committed to git by convention; they hold no secrets and agents must read them. */
export const ENV_TEMPLATE_NAMES = new Set(['.env.example', '.env.sample', '.env.template', '.env.dist', '.env.defaults']);

export const BUILTIN_SECRETS: ReadonlyArray<readonly [string, string[]]> = [
  ['paths:dotenv', ['.env', '.env.*', '.envrc']],
  ['paths:ssh', ['~/.ssh/**']],
  ['paths:private-key', ['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk',
    '*.key', '*.p12', '*.pfx', 'privkey*.pem', '*-key.pem', '*_key.pem', 'key.pem']],
  ['paths:aws', ['~/.aws/**']],
  ['paths:gnupg', ['~/.gnupg/**']],
  ['paths:git-credentials', ['.git-credentials', '~/.config/git/credentials']],
  ['paths:npmrc', ['.npmrc']],
  ['paths:netrc', ['.netrc', '_netrc']],
  ['paths:docker', ['~/.docker/config.json']],
  ['paths:kube', ['~/.kube/**']],
  // The local HTTP API's bearer token (src/infrastructure/http/serverFiles.ts TOKEN_FILE_NAME): an agent that
  // reads it could answer its own approvals through the API. By name, wherever it is.
  ['paths:shimctl-http-token', ['shimctl-http.token']],
  ['paths:gcloud', ['~/.config/gcloud/**']],
  ['paths:azure', ['~/.azure/**']],
  ['paths:gh', ['~/.config/gh/hosts.yml']],
  ['paths:pypirc', ['.pypirc']],
  ['paths:cargo', ['~/.cargo/credentials', '~/.cargo/credentials.toml']],
  ['paths:terraform', ['~/.terraform.d/credentials.tfrc.json', '~/.terraform.d/credentials*']],
  ['paths:vault', ['~/.vault-token']],
  ['paths:agent-credentials', ['~/.claude/.credentials.json', '~/.claude.json', '~/.codex/auth.json',
    '~/.gemini/oauth_creds.json', '~/.gemini/google_accounts.json', '~/.config/github-copilot/**',
    '~/.copilot/**', '~/.qwen/oauth_creds.json', '~/.local/share/opencode/auth.json', '~/.aider.conf.yml']],
  ['paths:pgpass', ['~/.pgpass', '~/.my.cnf']],
  // Another process's (or the agent's own) environment holds its API keys; raw disks and memory hold everything.
  ['paths:process-memory', ['/proc/*/environ', '/proc/*/mem', '/proc/*/task/*/environ', '/proc/kcore', '/dev/mem', '/dev/kmem', '/dev/port']],
  ['paths:system-secrets', ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', '/etc/sudoers',
    '/etc/sudoers.d/**', '/etc/security/opasswd', '/etc/ssh/ssh_host_*_key']],
];

/**
 * Files that run code later when written: shell start-up files (next shell), git config and
 * hooks (next git command), the agents' own settings (an agent rewriting its permissions) and
 * their shell snapshots (sourced by every later envelope). Reading them stays allowed.
 */
export const BUILTIN_CODE_CONFIG: ReadonlyArray<readonly [string, string[]]> = [
  ['paths:shell-startup', ['~/.bashrc', '~/.bash_profile', '~/.bash_login', '~/.bash_logout', '~/.profile', '~/.zshrc',
    '~/.zprofile', '~/.zshenv', '~/.zlogin', '~/.zlogout', '~/.kshrc', '~/.config/fish/**', '~/.inputrc']],
  ['paths:git-config', ['~/.gitconfig', '~/.config/git/config', '~/.config/git/attributes', '.git/config', '.git/hooks/**']],
  ['paths:agent-settings', ['.claude/settings*.json', '~/.codex/config.toml', '.gemini/settings.json', '~/.qwen/settings.json']],
  ['paths:agent-snapshots', ['~/.claude/shell-snapshots/**', '~/.codex/shell_snapshots/**']],
  ['paths:autostart', ['~/.config/systemd/user/**', '~/.local/share/systemd/user/**', '~/.config/autostart/**', '~/.config/environment.d/**',
    '~/Library/LaunchAgents/**', '~/.xprofile', '~/.xsessionrc', '~/.xinitrc']],
];

/**
 * Directory names under which built-in patterns match in any directory (`.git` for `.git/config`
 * and `.git/hooks/**`, `.claude`, `.gemini`): a copy, move or link that creates one of these may
 * lay a whole tree of protected files there (or, for `.git`, a gitfile pointing elsewhere).
 */
export const PROTECTED_DIR_NAMES: ReadonlySet<string> = new Set(
  [...BUILTIN_SECRETS, ...BUILTIN_CODE_CONFIG]
    .flatMap(([, patterns]) => patterns)
    .filter((p) => !p.startsWith('/') && !p.startsWith('~') && p.includes('/'))
    .map((p) => p.slice(0, p.indexOf('/')))
    .filter((name) => !/[*?[]/.test(name)),
);

/** Project config names, matched in any directory; derived from the loader's own list. */
export const PROJECT_CONFIG_RULE: readonly [string, readonly string[]] = ['paths:shimctl-project-config', SHIMCTL_ONLY_CONFIG_FILES];

/** Where shimctl keeps its state when the XDG variables are unset (mirrors statePaths.ts). */
export function defaultGatePaths(home: string): string[] {
  return ['~/.config/shimctl', '~/.local/state/shimctl', '~/.local/share/shimctl'].map((p) => expandTilde(p, home));
}

function toAbsolutePattern(pattern: string, home: string): string {
  const expanded = expandTilde(pattern, home);
  if (!expanded.includes('/')) return expanded;
  // A relative pattern with a directory part (`secrets/*.json`) may sit anywhere.
  return expanded.startsWith('/') ? expanded : `**/${expanded}`;
}

function compile(pattern: string, home: string): CompiledGlob {
  const abs = toAbsolutePattern(pattern, home);
  return compileGlob(abs.startsWith('/') ? normalizePosix(abs) : abs);
}

// Compiling ~70 patterns costs more than a whole review, and the inputs rarely change between
// reviews, so the last list is kept (a pure memo: same inputs, same output).
let memoKey = '';
let memoValue: ProtectedResource[] = [];

/** Built-in secrets, the user's extra `protectedPaths`, and shimctl's own state directories. */
export function protectedResources(home: string, extraPatterns: string[], gatePaths: string[]): ProtectedResource[] {
  const key = JSON.stringify([home, extraPatterns, gatePaths]);
  if (key === memoKey) return memoValue;
  const out: ProtectedResource[] = [];
  for (const [ruleId, patterns] of BUILTIN_SECRETS) {
    for (const p of patterns) out.push({ ruleId, kind: 'secret', glob: compile(p, home) });
  }
  for (const [ruleId, patterns] of BUILTIN_CODE_CONFIG) {
    for (const p of patterns) out.push({ ruleId, kind: 'gate', glob: compile(p, home) });
  }
  for (const p of PROJECT_CONFIG_RULE[1]) out.push({ ruleId: PROJECT_CONFIG_RULE[0], kind: 'project-config', glob: compile(p, home) });
  for (const p of extraPatterns) out.push({ ruleId: 'paths:config-protected', kind: 'secret', glob: compile(p, home) });
  // The resident review process's socket, token, lock and start stamp (daemonFiles.ts, in the state
  // directory's run/): with the token a command can talk to it as a shim, and by reading, replacing
  // or removing them it can take its place. Secret, not merely self-protected: reading them is refused too.
  for (const dir of gatePaths) {
    out.push({ ruleId: 'paths:shimctl-daemon', kind: 'secret', glob: compile(`${normalizePosix(dir)}/run/**`, home) });
    // The HTTP API's token and address (serverFiles.ts): with the token a command could answer its own approvals.
    out.push({ ruleId: 'paths:shimctl-http-token', kind: 'secret', glob: compile(`${normalizePosix(dir)}/http/**`, home) });
  }
  // shimctl's own directories (`gatePaths`) are judged by their own rule, selfProtection.ts:
  // any change there is block/critical, not a protected write.
  memoKey = key;
  memoValue = out;
  return out;
}
