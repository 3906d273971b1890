import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AgentWiring } from '../../../installers/agentWiring.js';
import type { ManifestFile } from '../../application/install/manifest.js';
import { shQuote } from '../../application/install/rcBlock.js';
import { SAVED_NODE_VARIABLES } from '../../application/intercept/nodeVariables.js';

export interface PlannedFile {
  path: string;
  /** Text for scripts; bytes for the compiled client. */
  content: string | Buffer;
  mode: number;
  kind: ManifestFile['kind'];
  /** Outside shimctl's directories and only useful, not required: someone else's file there is left alone (skipped), not a refusal. */
  optional?: boolean;
}

export interface RenderInput {
  templatesDir: string;
  launcherDir: string;
  shimDir: string;
  node: string;
  bundle: string;
  /** sha256 of `bundle`: the shim entry refuses (126) a bundle whose content differs. */
  bundleSha256: string;
  realShells: { bash: string; sh: string };
  /** The compiled fast-path client (see shims/client), when install could build one. */
  client?: string;
  /** The client built as the bash/sh shim itself (when the compiler could); otherwise shims/shim.sh. */
  compiledShims?: Partial<Record<'bash' | 'sh', Buffer>>;
  agents: Array<{ wiring: AgentWiring; realPath: string }>;
  /** The install's state directory: the shim entry keeps its V8 code cache there and nowhere else. Absent: no cache. */
  stateDir?: string;
  /** The full CLI bundle (dist/shimctl.cjs): the PreToolUse hooks run its `__hook` command. Defaults to `bundle`. */
  cliBundle?: string;
}

/** Agents whose own PreToolUse hook calls the review core (see docs/hooks.md). */
const HOOK_AGENTS = ['codex', 'cline', 'crush'] as const;

/** Where install writes an agent's PreToolUse hook script. */
export function hookScriptPath(shimDir: string, agent: string): string {
  return join(shimDir, 'hooks', `${agent}-pretooluse`);
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/@([A-Z_]+)@/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template placeholder ${whole} has no value`);
    return value;
  });
}

/** The Node entry the shims (and the compiled ones, as a constant) start the review core with. */
export function shimEntryPath(shimDir: string): string {
  return join(shimDir, 'shim-entry.cjs');
}

/** The small hot-path bundle (dist/shim.cjs) next to the full CLI, when the build made one. */
export function hotBundle(bundle: string): string {
  const hot = join(dirname(bundle), 'shim.cjs');
  return basename(bundle) === 'shimctl.cjs' && existsSync(hot) ? hot : bundle;
}

/** Every file install writes, fully rendered, so it can be checked before anything is touched. */
export function renderFiles(input: RenderInput): PlannedFile[] {
  const read = (name: string) => readFileSync(join(input.templatesDir, name), 'utf8');
  const entry = shimEntryPath(input.shimDir);
  const bashShim = join(input.shimDir, 'bash');
  const shShim = join(input.shimDir, 'sh');
  const guard = join(input.shimDir, 'bash_env_guard.bash');
  const nodeVars = {
    NODE_VARIABLES: SAVED_NODE_VARIABLES.join(' '),
    NODE_VARIABLES_CLEARED: SAVED_NODE_VARIABLES.map((n) => `${n}=`).join(' '),
  };
  const common = { NODE: shQuote(input.node), ENTRY: shQuote(entry), ...nodeVars };
  const client = shQuote(input.client ?? '');
  const files: PlannedFile[] = [
    {
      path: entry,
      kind: 'entry',
      mode: 0o644,
      content: fill(read('shim-entry.cjs'), {
        BUNDLE_JSON: JSON.stringify(input.bundle),
        BUNDLE_HASH_JSON: JSON.stringify(input.bundleSha256),
        STATE_DIR_JSON: JSON.stringify(input.stateDir ?? ''),
      }),
    },
    {
      path: bashShim,
      kind: 'shim',
      mode: 0o755,
      content:
        input.compiledShims?.bash ??
        fill(read('shim.sh'), {
          ...common,
          SHELL_NAME: 'bash',
          REAL_SHELL: shQuote(input.realShells.bash),
          CLIENT: client,
        }),
    },
    {
      path: shShim,
      kind: 'shim',
      mode: 0o755,
      content:
        input.compiledShims?.sh ??
        fill(read('shim.sh'), {
          ...common,
          SHELL_NAME: 'sh',
          REAL_SHELL: shQuote(input.realShells.sh),
          CLIENT: client,
        }),
    },
    {
      path: guard,
      kind: 'guard',
      mode: 0o644,
      content: fill(read('bash_env_guard.bash'), {
        ...common,
        REAL_SHELL: shQuote(input.realShells.bash),
        CLIENT: client,
        CODEX_HOOK_COMMAND: shQuote(shQuote(hookScriptPath(input.shimDir, 'codex'))),
        // Where the check leaves an expected end (commandEndStore.ts); no state directory, no end records.
        ENDS_DIR: shQuote(input.stateDir ? join(input.stateDir, 'ends') : '/dev/null/ends'),
        // By absolute path: the text the trap follows may have changed PATH.
        ENV_BIN: shQuote(existsSync('/usr/bin/env') ? '/usr/bin/env' : '/bin/env'),
      }),
    },
  ];
  for (const agent of HOOK_AGENTS) {
    const hookValues = {
      NODE: shQuote(input.node),
      CLI: shQuote(input.cliBundle ?? input.bundle),
      AGENT: agent,
      ...nodeVars,
    };
    files.push({
      path: hookScriptPath(input.shimDir, agent),
      kind: 'shim',
      mode: 0o755,
      content: fill(read('hooks/pretooluse.sh'), hookValues),
    });
  }
  const placeholders: Record<string, string> = {
    bashShim,
    shShim,
    bashEnvGuard: guard,
    // Codex runs a hook command through `$SHELL -lc`: the path is shell-quoted, then made a TOML string.
    codexHookToml: JSON.stringify(shQuote(hookScriptPath(input.shimDir, 'codex'))),
  };
  const expand = (v: string) => v.replace(/\{(\w+)\}/g, (whole, key: string) => placeholders[key] ?? whole);
  const launcher = read('launcher.sh');
  for (const { wiring, realPath } of input.agents) {
    if (!NAME.test(wiring.name)) throw new Error(`agent name '${wiring.name}' is not a plain command name`);
    const exports = Object.entries(wiring.env).map(([k, v]) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw new Error(`wiring variable '${k}' is not a variable name`);
      return `${k}=${shQuote(expand(v))}; export ${k}`;
    });
    files.push({
      path: join(input.launcherDir, wiring.name),
      kind: 'launcher',
      mode: 0o755,
      content: fill(launcher, {
        AGENT: wiring.name,
        REAL_AGENT: shQuote(realPath),
        LAUNCHER_DIR: shQuote(input.launcherDir),
        SHIM_DIR: shQuote(input.shimDir),
        WIRING: exports.join('\n') || '# no variables: the shim directory first on PATH is the wiring',
        EXTRA_ARGS: wiring.args.map((a) => `${shQuote(expand(a))} `).join(''),
      }),
    });
  }
  return files;
}
