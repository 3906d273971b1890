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
  /** Why the file is secret, when its pattern does not say (a config file named by its path); said before the pattern, so a long path does not cut it off the one-line block message. */
  why?: string;
}

/** The rule for shimctl's own files that hold the audit sinks' credentials (attack pass 12). */
export const SINK_CREDENTIALS_RULE = 'paths:audit-sink-credentials';
const SINK_CREDENTIALS_WHY = "it holds the audit sinks' credentials, a token or password in audit.ship";
const LEGACY_SHIP_WHY = "the old ship.json may hold the audit sinks' credentials";
/**
 * The old place for ship targets and what `audit ship --migrate` leaves of it (`ship.json.migrated`,
 * and an editor's backup beside them), in shimctl's config directory. Protected whatever they
 * hold: nothing but the shipper reads them, and judging their content would cost the review a read.
 */
const LEGACY_SHIP_FILES = 'ship.json*';

/** A file name as a glob that matches only itself (`*`, `?`, `[` bracketed). */
export function literalGlob(path: string): string {
  return path.replace(/[*?[]/g, (c) => `[${c}]`);
}

/** Templates committed to git by convention; they hold no secrets and agents must read them. */
export const ENV_TEMPLATE_NAMES = new Set([
  '.env.example',
  '.env.sample',
  '.env.template',
  '.env.dist',
  '.env.defaults',
]);

// Each entry says where the tool documents that the file holds a secret. A `**/` pattern matches
// the directory name anywhere (a backup of a home, another user's home, `sub/.aws/credentials`,
// a tool pointed elsewhere by its variable): the `~/` spelling stays first, because it is the one
// reported, and because a recursive access to a parent of HOME reaches it (a floating pattern is
// only contained by directories ending in its names).
/** The file name of the local HTTP API's bearer token (written by src/infrastructure/http/serverFiles.ts). */
export const SHIMCTL_HTTP_TOKEN_FILE = 'shimctl-http.token';

export const BUILTIN_SECRETS: ReadonlyArray<readonly [string, string[]]> = [
  ['paths:dotenv', ['.env', '.env.*', '.envrc']],
  // OpenSSH ssh(1) FILES: private keys, authorized_keys, config. The public halves are readable (PUBLIC_HALVES).
  ['paths:ssh', ['~/.ssh/**', '**/.ssh/**']],
  [
    'paths:private-key',
    [
      'id_rsa',
      'id_dsa',
      'id_ecdsa',
      'id_ed25519',
      'id_ecdsa_sk',
      'id_ed25519_sk',
      '*.key',
      '*.p12',
      '*.pfx',
      'privkey*.pem',
      '*-key.pem',
      '*_key.pem',
      'key.pem',
    ],
  ],
  // AWS CLI "Configuration and credential file settings": credentials and config (credential_process).
  ['paths:aws', ['~/.aws/**', '**/.aws/**']],
  // GnuPG: private-keys-v1.d, secring.gpg, the trust database.
  ['paths:gnupg', ['~/.gnupg/**', '**/.gnupg/**']],
  // git-credential-store(1): plain-text `https://user:token@host` lines.
  ['paths:git-credentials', ['.git-credentials', '~/.config/git/credentials']],
  // npm "npmrc": `_authToken`; Yarn berry keeps `npmAuthToken` in the home .yarnrc.yml.
  ['paths:npmrc', ['.npmrc', '~/.yarnrc.yml']],
  ['paths:netrc', ['.netrc', '_netrc']],
  // docker login: base64 `auth` entries in config.json.
  ['paths:docker', ['~/.docker/config.json', '**/.docker/config.json']],
  // kubectl: tokens, client keys, exec plugins in kubeconfig.
  ['paths:kube', ['~/.kube/**', '**/.kube/config']],
  // gcloud: credentials.db, access_tokens.db, legacy_credentials/; Azure CLI: msal_token_cache.json.
  ['paths:gcloud', ['~/.config/gcloud/**', '**/.config/gcloud/**']],
  ['paths:azure', ['~/.azure/**', '**/.azure/**']],
  // gh auth: `oauth_token` in hosts.yml; hub(1): the same in ~/.config/hub.
  ['paths:gh', ['~/.config/gh/hosts.yml', '**/.config/gh/hosts.yml', '~/.config/hub']],
  // The local HTTP API's bearer token: an agent that reads it could use the API. By name, wherever it is.
  ['paths:shimctl-http-token', [SHIMCTL_HTTP_TOKEN_FILE]],
  // Python packaging "The .pypirc file": repository passwords and API tokens.
  ['paths:pypirc', ['.pypirc']],
  // cargo login: the registry token; `gem signin`: ~/.gem/credentials (rubygems_api_key).
  ['paths:cargo', ['~/.cargo/credentials', '~/.cargo/credentials.toml']],
  ['paths:gem', ['~/.gem/credentials', '~/.local/share/gem/credentials']],
  // Maven "Password Encryption": the master password; settings.xml <server> passwords.
  ['paths:maven', ['~/.m2/settings-security.xml', '~/.m2/settings.xml']],
  // Composer "Authentication for privately hosted packages": auth.json tokens.
  ['paths:composer', ['~/.composer/auth.json', '~/.config/composer/auth.json']],
  // terraform login: credentials.tfrc.json. Terraform "Sensitive data in state": the state holds
  // every resource attribute, passwords and keys included, in plain text.
  [
    'paths:terraform',
    [
      '~/.terraform.d/credentials.tfrc.json',
      '~/.terraform.d/credentials*',
      'terraform.tfstate',
      'terraform.tfstate.backup',
      '*.tfstate',
      '*.tfstate.backup',
    ],
  ],
  // Vault "Token helpers": the default helper stores the token in ~/.vault-token.
  ['paths:vault', ['~/.vault-token']],
  // rclone config: remote tokens and (reversibly obscured) passwords in rclone.conf.
  ['paths:rclone', ['~/.config/rclone/**', '**/.config/rclone/rclone.conf']],
  // Kaggle API: kaggle.json holds the API key (newer clients read ~/.config/kaggle).
  ['paths:kaggle', ['~/.kaggle/**', '~/.config/kaggle/**', '**/.kaggle/kaggle.json']],
  // huggingface_hub "Environment variables": the token is $HF_HOME/token, HF_HOME defaulting to
  // ~/.cache/huggingface; stored_tokens holds every named token; ~/.huggingface/token is the legacy place.
  [
    'paths:huggingface',
    [
      '~/.cache/huggingface/token',
      '~/.cache/huggingface/stored_tokens',
      '~/.huggingface/token',
      '**/huggingface/token',
      '**/huggingface/stored_tokens',
    ],
  ],
  // pass(1): the gpg-encrypted password store (its file names alone list every account).
  ['paths:password-store', ['~/.password-store/**', '**/.password-store/**']],
  // 1Password CLI config (account and device secrets); GNOME Keyring's keyring files.
  ['paths:keyrings', ['~/.config/op/**', '~/.op/**', '~/.local/share/keyrings/**']],
  // Cloudflare wrangler: `.dev.vars` holds local secrets; the OAuth token sits in its config.
  ['paths:wrangler', ['.dev.vars', '.dev.vars.*', '~/.wrangler/config/**', '~/.config/.wrangler/config/**']],
  // s3cmd (~/.s3cfg access and secret keys), boto (~/.boto), DigitalOcean doctl, Oracle OCI (config and
  // API key), Databricks (~/.databrickscfg tokens), fly.io (access_token), ngrok (authtoken),
  // SOPS with age (keys.txt: the private keys).
  [
    'paths:cloud-cli',
    [
      '~/.s3cfg',
      '~/.boto',
      '~/.config/doctl/config.yaml',
      '~/.oci/**',
      '~/.databrickscfg',
      '~/.fly/config.yml',
      '~/.config/ngrok/ngrok.yml',
      '~/.ngrok2/ngrok.yml',
      '~/.config/sops/age/keys.txt',
    ],
  ],
  [
    'paths:agent-credentials',
    [
      '~/.claude/.credentials.json',
      '~/.claude.json',
      '~/.codex/auth.json',
      '~/.gemini/oauth_creds.json',
      '~/.gemini/google_accounts.json',
      '~/.config/github-copilot/**',
      '~/.copilot/**',
      '~/.qwen/oauth_creds.json',
      '~/.local/share/opencode/auth.json',
      '~/.aider.conf.yml',
    ],
  ],
  // libpq "The Password File": PGPASSFILE may name it anywhere; MySQL option files carry `password=`.
  ['paths:pgpass', ['~/.pgpass', '.pgpass', '~/.my.cnf', '~/.mylogin.cnf']],
  // Browsers' saved passwords and session cookies (Firefox logins.json + key4.db, Chromium "Login Data").
  [
    'paths:browser-secrets',
    [
      '~/.mozilla/firefox/*/logins.json',
      '~/.mozilla/firefox/*/key4.db',
      '~/.mozilla/firefox/*/cookies.sqlite',
      '~/.config/google-chrome/*/Login Data',
      '~/.config/google-chrome/*/Cookies',
      '~/.config/chromium/*/Login Data',
      '~/.config/chromium/*/Cookies',
    ],
  ],
  // Another process's (or the agent's own) environment holds its API keys; raw disks and memory hold everything.
  [
    'paths:process-memory',
    [
      '/proc/*/environ',
      '/proc/*/mem',
      '/proc/*/task/*/environ',
      '/proc/*/task/*/mem',
      '/proc/kcore',
      '/dev/mem',
      '/dev/kmem',
      '/dev/port',
    ],
  ],
  [
    'paths:system-secrets',
    [
      '/etc/shadow',
      '/etc/shadow-',
      '/etc/gshadow',
      '/etc/gshadow-',
      '/etc/sudoers',
      '/etc/sudoers.d/**',
      '/etc/security/opasswd',
      '/etc/ssh/ssh_host_*_key',
      '/etc/wireguard/**',
    ],
  ],
  // Shell and REPL histories: pasted tokens and `export KEY=…` lines (attack pass 19, F12).
  [
    'paths:shell-history',
    [
      '~/.bash_history',
      '~/.zsh_history',
      '~/.zhistory',
      '~/.histfile',
      '~/.local/share/fish/fish_history',
      '~/.psql_history',
      '~/.mysql_history',
      '~/.python_history',
      '~/.node_repl_history',
      '~/.sqlite_history',
      '~/.local/share/atuin/**',
      '~/.config/atuin/key',
    ],
  ],
  // Command-line tools' login stores (attack pass 19, F12), from each tool's documented place:
  // GitLab glab, Pulumi, Supabase, Netlify, Vercel, Firebase, Snowflake, dbt, MinIO mc, CircleCI,
  // Sentry, Gitea tea, Bitwarden CLI, cloudflared, WakaTime, Bundler, age keys, Ansible vault
  // password files.
  [
    'paths:cli-credentials',
    [
      '~/.config/glab-cli/**',
      '~/.pulumi/credentials.json',
      '~/.supabase/access-token',
      '~/.config/netlify/config.json',
      '~/.netlify/config.json',
      '~/.local/share/com.vercel.cli/auth.json',
      '~/.vercel/auth.json',
      '~/.config/configstore/firebase-tools.json',
      '~/.snowflake/connections.toml',
      '~/.snowflake/config.toml',
      '~/.dbt/profiles.yml',
      '~/.mc/config.json',
      '~/.circleci/cli.yml',
      '~/.sentryclirc',
      '~/.config/tea/config.yml',
      '~/.config/Bitwarden CLI/data.json',
      '~/.cloudflared/*.pem',
      '~/.cloudflared/*.json',
      '~/.wakatime.cfg',
      '~/.bundle/config',
      '~/.age/**',
      '~/.config/age/**',
      '~/.ansible/vault*',
      '~/.vault_pass*',
    ],
  ],
];

/**
 * Files inside a protected directory that are public or metadata: reading them is allowed
 * (writing stays refused: a written `known_hosts` or `config` redirects ssh). ssh-keygen(1)
 * writes the public half next to the key as `KEY.pub`; `known_hosts` lists host keys; `config`
 * names hosts, users and key paths, never key material.
 */
export const PUBLIC_HALVES: ReadonlyMap<string, RegExp> = new Map([
  ['paths:ssh', /\/\.ssh\/(?:[^/]+\.pub|known_hosts|known_hosts\.old|config)$/],
]);

/**
 * Rules whose file may be *created* by a write when nothing exists at the path yet: a new key
 * (`openssl genrsa -out server.key`) or a `.env` from its template holds no secret the agent did
 * not just make. Overwriting an existing one is still refused; `.envrc` is excluded (direnv runs it).
 */
export const CREATABLE_RULES: ReadonlySet<string> = new Set(['paths:dotenv', 'paths:private-key', 'paths:wrangler']);

/** Gate rules whose files only matter when written: deleting one makes git ignore nothing it would run. */
export const GATE_WRITES_ONLY: ReadonlySet<string> = new Set(['paths:gitfile', 'paths:git-internals']);

/**
 * Files inside `.git` that only hold a ref, text for people or ignore patterns, never a command: the
 * `paths:git-internals` rule leaves writing them alone (`echo build/ >> .git/info/exclude`).
 */
export const GIT_INTERNALS_WRITABLE =
  /\/\.git\/(?:HEAD|info\/exclude|COMMIT_EDITMSG|MERGE_MSG|SQUASH_MSG|TAG_EDITMSG|description)$/;

/**
 * Files that run code later when written: shell start-up files (next shell), git config and
 * hooks (next git command), the agents' own settings (an agent rewriting its permissions) and
 * their shell snapshots (sourced by every later envelope). Reading them stays allowed.
 */
export const BUILTIN_CODE_CONFIG: ReadonlyArray<readonly [string, string[]]> = [
  [
    'paths:shell-startup',
    [
      '~/.bashrc',
      '~/.bash_profile',
      '~/.bash_login',
      '~/.bash_logout',
      '~/.profile',
      '~/.zshrc',
      '~/.zprofile',
      '~/.zshenv',
      '~/.zlogin',
      '~/.zlogout',
      '~/.kshrc',
      '~/.config/fish/**',
      '~/.inputrc',
    ],
  ],
  [
    'paths:git-config',
    ['~/.gitconfig', '~/.config/git/config', '~/.config/git/attributes', '.git/config', '.git/hooks/**'],
  ],
  // `.git` itself: a gitfile (`gitdir: ../elsewhere`) points git at a repository whose config the
  // names above do not cover (attack pass 3); `commondir` and `config.worktree` do the same from
  // inside. Writing them is refused; deleting them (`rm -rf .git`) plants nothing (GATE_WRITES_ONLY).
  [
    'paths:gitfile',
    [
      '.git',
      '.git/commondir',
      '.git/config.worktree',
      '.git/worktrees/*/commondir',
      '.git/worktrees/*/config.worktree',
      '.git/worktrees/*/gitdir',
    ],
  ],
  // Everything else git keeps in `.git`: the rebase todo and the sequencer's (`exec` lines run on
  // --continue), their saved strategy, submodules' repositories under modules/ (config, hooks),
  // objects/info/alternates, info/attributes (attack pass 8, P8-04). Only git writes there;
  // deleting stays allowed (`rm -rf .git/rebase-merge` after a broken rebase), as do the message
  // and exclude files (GIT_INTERNALS_WRITABLE).
  ['paths:git-internals', ['.git/**']],
  // Client config that a later allowed command obeys (issue 12): curl's `.curlrc` (`--config` lines:
  // `-o ~/.bashrc`, `--upload-file ~/.ssh/id_rsa`, a proxy), wget's `.wgetrc` (`post_file =`,
  // `output_document =`), pip's `index-url` and npm/yarn's registry and `script-shell`, cargo's
  // `rustc-wrapper`, gh's shell aliases, gradle init scripts, Python's user site `*.pth` and
  // `usercustomize.py` (run by every python), and the rc files of REPLs that can run shell
  // commands (psql `\!`, sqlite `.shell`, gdb, irb). `~/.npmrc` and `~/.netrc` are secrets (above).
  [
    'paths:client-config',
    [
      '~/.curlrc',
      '~/.config/.curlrc',
      '~/.config/curlrc',
      '~/.wgetrc',
      '~/.config/wget/wgetrc',
      '~/.config/pip/pip.conf',
      '~/.pip/pip.conf',
      '~/.pydistutils.cfg',
      '~/.local/lib/python*/site-packages/*.pth',
      '~/.local/lib/python*/site-packages/usercustomize.py',
      '~/.yarnrc',
      '~/.bunfig.toml',
      '~/.config/yarn/config',
      '~/.cargo/config',
      '~/.cargo/config.toml',
      '~/.config/gh/config.yml',
      '~/.gradle/init.gradle',
      '~/.gradle/init.d/**',
      '~/.gradle/gradle.properties',
      '~/.gemrc',
      '~/.condarc',
      '~/.terraformrc',
      '~/.psqlrc',
      '~/.sqliterc',
      '~/.irbrc',
      '~/.gdbinit',
      '~/.config/gdb/gdbinit',
      '~/.docker/cli-plugins/**',
      '~/.config/direnv/**',
      '~/.ipython/profile_*/startup/**',
    ],
  ],
  // Hook sources a repository points git at (attack pass 18, F3): husky's `.husky/` (through
  // `core.hooksPath`), a `.githooks/` directory, and the pre-commit and lefthook configs whose
  // `local` hooks name commands. A plain `git commit` runs them, as it runs `.git/hooks`.
  [
    'paths:git-hook-sources',
    [
      '.husky/**',
      '.githooks/**',
      '.pre-commit-config.yaml',
      'lefthook.yml',
      'lefthook.yaml',
      '.lefthook.yml',
      '.lefthook.yaml',
      'lefthook-local.yml',
      '.lefthook/**',
      // Configs those hooks read when they run (attack pass 19): lint-staged (husky's usual
      // pre-commit), husky 4's own hook table, overcommit, simple-git-hooks.
      '.lintstagedrc',
      '.lintstagedrc.*',
      'lint-staged.config.*',
      '.huskyrc',
      '.huskyrc.*',
      '.overcommit.yml',
      '.simple-git-hooks.*',
      'simple-git-hooks.*',
    ],
  ],
  // Version-manager pins a proxy obeys on every call (attack pass 19, F7): rustup runs
  // `[toolchain] path = DIR`'s `bin/cargo` for a plain `cargo --version`; asdf and mise take
  // `path:` versions the same way.
  [
    'paths:toolchain-pins',
    [
      'rust-toolchain',
      'rust-toolchain.toml',
      '.tool-versions',
      'mise.toml',
      '.mise.toml',
      'mise.local.toml',
      '.mise.local.toml',
      '.mise/config.toml',
      '.config/mise.toml',
      '.config/mise/config.toml',
    ],
  ],
  [
    'paths:agent-settings',
    [
      '.claude/settings*.json',
      '.claude/hooks/**',
      '~/.codex/config.toml',
      '.codex/config.toml',
      '.codex/hooks.json',
      '.codex/rules/**',
      '.gemini/settings*.json',
      '.gemini/extensions/**',
      '~/.qwen/settings.json',
      '.qwen/settings*.json',
      '.qwen/extensions/**',
      // Project files other agents and editors read at start and that name commands, MCP servers,
      // hooks, plugins or permissions (attack passes 18 and 19): Claude Code's `.mcp.json`,
      // OpenCode, Cursor, VS Code, Kilo, Crush, Factory's Droid, Continue, Kiro, Amazon Q, Roo,
      // Windsurf. Not `.github/` (workflows and the like are everyday writes there).
      '.mcp.json',
      'opencode.json',
      'opencode.jsonc',
      '.opencode/plugin/**',
      '.opencode/plugins/**',
      '.cursor/mcp.json',
      '.cursor/hooks.json',
      '.cursor/cli.json',
      '.vscode/mcp.json',
      '.vscode/tasks.json',
      'kilo.json',
      '.kilo/kilo.json',
      '.kilocode/mcp.json',
      '.crush.json',
      'crush.json',
      '.factory/mcp.json',
      '.factory/settings.json',
      '.factory/hooks.json',
      '.continue/mcpServers/**',
      '.kiro/settings/**',
      '.amazonq/mcp.json',
      '.roo/mcp.json',
      '.windsurf/mcp.json',
    ],
  ],
  ['paths:agent-snapshots', ['~/.claude/shell-snapshots/**', '~/.codex/shell_snapshots/**']],
  [
    'paths:autostart',
    [
      '~/.config/systemd/user/**',
      '~/.local/share/systemd/user/**',
      '~/.config/autostart/**',
      '~/.config/environment.d/**',
      '~/Library/LaunchAgents/**',
      '~/.xprofile',
      '~/.xsessionrc',
      '~/.xinitrc',
    ],
  ],
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
    // `**/.ssh/**`-style patterns stay out: a workspace directory of that name holds no gate.
    .map((p) => p.slice(0, p.indexOf('/')))
    .filter((name) => !/[*?[]/.test(name)),
);

/** Project config names, matched in any directory; derived from the loader's own list. */
export const PROJECT_CONFIG_RULE: readonly [string, readonly string[]] = [
  'paths:shimctl-project-config',
  SHIMCTL_ONLY_CONFIG_FILES,
];

/** Where shimctl keeps its state when the XDG variables are unset (mirrors statePaths.ts). */
export function defaultGatePaths(home: string): string[] {
  return ['~/.config/shimctl', '~/.local/state/shimctl', '~/.local/share/shimctl'].map((p) => expandTilde(p, home));
}

function toAbsolutePattern(pattern: string, home: string): string {
  const expanded = expandTilde(pattern, home);
  if (!expanded.includes('/') || expanded.startsWith('**/')) return expanded;
  // A relative pattern with a directory part (`secrets/*.json`) may sit anywhere.
  return expanded.startsWith('/') ? expanded : `**/${expanded}`;
}

function compile(pattern: string, home: string, fold: boolean): CompiledGlob {
  // On a case-insensitive file system the caller folds the paths too (judgePaths.ts).
  const abs = toAbsolutePattern(fold ? pattern.toLowerCase() : pattern, home);
  return compileGlob(abs.startsWith('/') ? normalizePosix(abs) : abs);
}

// Compiling ~70 patterns costs more than a whole review, and the inputs rarely change between
// reviews, so the last list is kept (a pure memo: same inputs, same output).
let memoKey = '';
let memoValue: ProtectedResource[] = [];

/**
 * Built-in secrets, the user's extra `protectedPaths`, and shimctl's own state directories.
 * `fold`: the file system ignores case, so patterns are lower-cased (home and gates come folded).
 */
export function protectedResources(
  home: string,
  extraPatterns: string[],
  gatePaths: string[],
  fold = false,
  sinkCredentialFiles: readonly string[] = [],
): ProtectedResource[] {
  const key = JSON.stringify([home, extraPatterns, gatePaths, fold, sinkCredentialFiles]);
  if (key === memoKey) return memoValue;
  const out: ProtectedResource[] = [];
  for (const [ruleId, patterns] of BUILTIN_SECRETS) {
    for (const p of patterns) out.push({ ruleId, kind: 'secret', glob: compile(p, home, fold) });
  }
  for (const [ruleId, patterns] of BUILTIN_CODE_CONFIG) {
    for (const p of patterns) out.push({ ruleId, kind: 'gate', glob: compile(p, home, fold) });
  }
  for (const p of PROJECT_CONFIG_RULE[1])
    out.push({ ruleId: PROJECT_CONFIG_RULE[0], kind: 'project-config', glob: compile(p, home, fold) });
  for (const p of extraPatterns)
    out.push({ ruleId: 'paths:config-protected', kind: 'secret', glob: compile(p, home, fold) });
  // The resident review process's socket, token, lock and start stamp (daemonFiles.ts, in the state
  // directory's run/): with the token a command can talk to it as a shim, and by reading, replacing
  // or removing them it can take its place. Secret, not merely self-protected: reading them is refused too.
  for (const dir of gatePaths) {
    out.push({
      ruleId: 'paths:shimctl-daemon',
      kind: 'secret',
      glob: compile(`${normalizePosix(dir)}/run/**`, home, fold),
    });
    // The HTTP API's token and address (serverFiles.ts): with the token a command could answer its own approvals.
    out.push({
      ruleId: 'paths:shimctl-http-token',
      kind: 'secret',
      glob: compile(`${normalizePosix(dir)}/http/**`, home, fold),
    });
  }
  // The trusted config files whose audit.ship holds a sink's token or password (the loader says
  // which, from what it parsed: shipCredentials.ts), and the legacy ship.json files: reading them
  // is refused like ~/.netrc. A config without credentials stays readable.
  // With a `*` after the name: the copies beside it (`config.json.bak`, `config.json~`) hold the same secret.
  for (const file of sinkCredentialFiles)
    out.push({
      ruleId: SINK_CREDENTIALS_RULE,
      kind: 'secret',
      glob: compile(`${literalGlob(normalizePosix(file))}*`, home, fold),
      why: SINK_CREDENTIALS_WHY,
    });
  for (const dir of gatePaths)
    out.push({
      ruleId: SINK_CREDENTIALS_RULE,
      kind: 'secret',
      glob: compile(`${literalGlob(normalizePosix(dir))}/${LEGACY_SHIP_FILES}`, home, fold),
      why: LEGACY_SHIP_WHY,
    });
  // shimctl's own directories (`gatePaths`) are judged by their own rule, selfProtection.ts:
  // any change there is block/critical, not a protected write.
  memoKey = key;
  memoValue = out;
  return out;
}
