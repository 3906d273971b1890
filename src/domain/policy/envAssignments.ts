import type { Verdict } from '../verdict.js';
import { combineVerdicts, verdict, ALLOW_NOTHING_FOUND } from '../verdict.js';
import { judgeLocaleAssignment } from '../shell/locale.js';
import { variableEffect } from './envVariables.js';
import {
  GIT_ENVIRONMENT_NAMES,
  GIT_ENVIRONMENT_PREFIXES,
  gitVariableAsks,
} from '../toolModels/tools/git/environment.js';

/** Variables that make a program (or the shell, or a child) load or run code. */
const CODE_RUNNING = new Set([
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'LD_DEBUG_OUTPUT',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'DYLD_FRAMEWORK_PATH',
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'BASHOPTS',
  'PS1',
  'PS2',
  'PS4',
  'BASH_LOADABLES_PATH',
  'BASH_XTRACEFD',
  'CDPATH',
  'GLOBIGNORE',
  // git's repository-redirecting and program-running variables: tools/git/environment.ts.
  ...GIT_ENVIRONMENT_NAMES,
  // SSH_ASKPASS and SSH_SK_*: tools/sshKeygen.ts; SUDO_ASKPASS, resolver, D-Bus, version managers: envVariables.ts.
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'BROWSER',
  'LESSOPEN',
  'LESSCLOSE',
  'LESSKEY',
  // gh starts these (a browser for --web, a pager, an editor) and GH_CONFIG_DIR's config can
  // name them too, or define `!shell` aliases.
  'GH_BROWSER',
  'GH_PAGER',
  'GH_EDITOR',
  'GH_CONFIG_DIR',
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_REPL_EXTERNAL_MODULE',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONINSPECT',
  'PYTHONBREAKPOINT',
  'PYTHONUSERBASE',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'PERL5DB',
  'RUBYOPT',
  'RUBYLIB',
  'IFS',
  'PATH',
  'MAKEFLAGS',
  'MFLAGS',
  'CC',
  'CXX',
  'LDFLAGS',
  'CFLAGS',
  'TAR_OPTIONS',
  'ZIPOPT',
  'GZIP',
  'GREP_OPTIONS',
  'RSYNC_RSH',
  'RSYNC_CONNECT_PROG',
  'CVS_RSH',
  'TERMINFO',
  'LOCPATH',
  'GCONV_PATH',
  'NPM_CONFIG_SCRIPT_SHELL',
  'npm_config_script_shell',
  'npm_config_node_options',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'CLASSPATH',
  'GEM_PATH',
  'GEM_HOME',
  'BUNDLE_GEMFILE',
  'LUA_PATH',
  'LUA_CPATH',
  'LUA_INIT',
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  'R_PROFILE',
  'R_PROFILE_USER',
  'OPENSSL_CONF',
  'OPENSSL_ENGINES',
  'HOME',
  'XDG_CONFIG_HOME',
  'XDG_STATE_HOME',
  'XDG_DATA_HOME',
  'XDG_RUNTIME_DIR',
  'ZDOTDIR',
  'INPUTRC',
  'HISTFILE',
  'TMPDIR',
  'SHELL',
  'KUBECONFIG',
  'DOCKER_HOST',
  'DOCKER_CONFIG',
  // Option files of HTTP clients: an unseen `upload-file = ~/.ssh/id_rsa` or `url = http://169.254.169.254/`.
  'CURL_HOME',
  'WGETRC',
  'SYSTEM_WGETRC',
  // Option files and option variables of modelled tools: an unseen `--pre=./x` for rg, `--files=LIST` for xz.
  'RIPGREP_CONFIG_PATH',
  'XZ_DEFAULTS',
  'XZ_OPT',
  'BZIP2',
  'BZIP',
  // UnZip's and ZipInfo's option variables (an unseen `-d DIR` or `-o`), APT's configuration file
  // (whose items run programs: apt -c asks).
  'UNZIP',
  'UNZIPOPT',
  'ZIPINFO',
  'ZIPINFOOPT',
  'APT_CONFIG',
  // Build tools' own ways to run another program or load plugins (review pass of 1 Dec 2026:
  // acceptEdits refused the options but not these).
  'RUSTC',
  'RUSTC_WRAPPER',
  'RUSTC_WORKSPACE_WRAPPER',
  'RUSTFLAGS',
  'RUSTDOCFLAGS',
  'PYTEST_ADDOPTS',
  'PYTEST_PLUGINS',
  'MAKEFILES',
  'GOFLAGS',
  'MAVEN_OPTS',
  'MAVEN_ARGS',
  'GRADLE_OPTS',
  // Files written or read on a program's behalf (TLS keys, coverage data, jq modules, a GnuPG home
  // whose gpg.conf runs programs); attack pass 5 left them open.
  // SHLVL 0 or unset with a socket for stdin: bash sources ~/.bashrc instead of BASH_ENV, the guard (launcher.sh).
  'SHLVL',
  'SSLKEYLOGFILE',
  'SSL_KEYLOGFILE',
  'GNUPGHOME',
  'JQ_LIBRARY_PATH',
  'COVERAGE_FILE',
  'COVERAGE_RCFILE',
  'COVERAGE_PROCESS_START',
]);

/** Name prefixes that always run code, however they continue. */
const CODE_RUNNING_PREFIXES = [
  'LD_',
  'DYLD_',
  ...GIT_ENVIRONMENT_PREFIXES,
  'BASH_FUNC_',
  'NODE_',
  'PYTHON',
  'PERL',
  'RUBY',
  'npm_config_',
  'NPM_CONFIG_',
  'CARGO_',
  // Package managers' settings as variables: an index, proxy or config file of the agent's choosing
  // (`PIP_INDEX_URL=http://169.254.169.254/ pip list -o`, attack pass 5), where code comes from.
  'PIP_',
  // dpkg's DPKG_ADMINDIR, DPKG_ROOT (the options' values) and DPKG_PAGER (a program).
  'DPKG_',
  'UV_',
  'POETRY_',
  'PIPENV_',
  'YARN_',
  'BUNDLE_',
  'GEM_',
  'CONDA_',
  'COMPOSER_',
];

/** The names listed above (for the one-home check in the tests). */
export const CODE_RUNNING_NAMES: readonly string[] = [...CODE_RUNNING];

/** Harmless well-known names, checked before the prefixes (`NODE_ENV` is not `NODE_OPTIONS`). */
const KNOWN_HARMLESS = new Set([
  'CARGO_TERM_COLOR',
  'CARGO_INCREMENTAL',
  'NODE_ENV',
  'NODE_NO_WARNINGS',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
  'PYTHONIOENCODING',
  'PYTHONHASHSEED',
  'PYTHONWARNINGS',
  'NODE_DEBUG',
]);

export function isCodeRunningVariable(name: string): boolean {
  if (KNOWN_HARMLESS.has(name)) return false;
  if (CODE_RUNNING.has(name) || CODE_RUNNING.has(name.toUpperCase())) return true;
  for (const p of CODE_RUNNING_PREFIXES) if (name.startsWith(p)) return true;
  return false;
}

const GATE_PREFIX = 'SHIMCTL_';

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

export function parseAssignment(word: string): { name: string; value: string } | undefined {
  const m = ASSIGNMENT.exec(word);
  return m ? { name: m[1]!, value: m[2]! } : undefined;
}

/**
 * Judges leading `NAME=value` words: code-running names ⇒ ask high `env.code_injection`; names
 * that redirect the resolver or the message bus ⇒ ask high `env.redirect` (envVariables.ts); a
 * multibyte locale that shells started with it would parse in ⇒ ask `env.locale`.
 */
export function judgeAssignments(assignments: Record<string, string>): Verdict {
  const parts: Verdict[] = [];
  let modelled: ReturnType<typeof variableEffect>;
  for (const name of Object.keys(assignments)) {
    if (name.startsWith(GATE_PREFIX)) {
      // shimctl's own markers (depth, agent, session, daemon mode, saved Node variables) steer
      // how the next review treats the command: only the launcher and the shims set them.
      parts.push(
        verdict(
          'block',
          'high',
          'env.code_injection',
          `${name}=… would change how shimctl reviews the commands this one starts`,
          'env:shimctl-markers',
        ),
      );
    } else if (isCodeRunningVariable(name)) {
      parts.push(verdict('ask', 'high', 'env.code_injection', `${name}=… can make the program load or run other code`));
    } else if ((modelled = variableEffect(name, assignments[name]!)) && modelled.effect === 'network') {
      parts.push(verdict('ask', 'high', 'env.redirect', `${name}=… ${modelled.why}`));
    } else if (modelled && modelled.effect !== 'read' && modelled.effect !== 'write') {
      // `read`/`write` values are paths, judged where they lie (review/assignmentEffects.ts).
      parts.push(verdict('ask', 'high', 'env.code_injection', `${name}=… ${modelled.why}`));
    } else if (gitVariableAsks(name, assignments[name]!)) {
      // Any GIT_* variable not proven harmless (tools/git/environment.ts, attack pass 8).
      parts.push(verdict('ask', 'high', 'env.code_injection', `${name}=… is a git variable not known to be harmless`));
    } else {
      const locale = judgeLocaleAssignment(name, assignments[name]!);
      if (locale) parts.push(locale);
    }
  }
  return parts.length === 0 ? ALLOW_NOTHING_FOUND : combineVerdicts(...parts);
}
