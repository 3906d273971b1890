import { GIT_STDIN_PATCH } from '../toolModels/tools/git/subcommands.js';
import { classifyInterpreter, interpreterSpec } from './interpreters.js';
import { WRAPPERS, baseName, unwrapWith } from './wrappers.js';

/**
 * Which commands run what they read on stdin as a program: the one home of that fact. A here-
 * document or here-string fed to such a command is code, judged as code; fed to any other
 * command it is data (`cat`, `tee`, `grep`, `git commit -F -`). Shells and interpreters are read
 * from their arguments (`bash` reads stdin unless given `-c` or a script file; `python` unless
 * given `-c`, `-m` or a script); the rest of the table reads a program from stdin whatever its
 * arguments, and is asked.
 */
export type StdinReading =
  | { kind: 'data' }
  /** A shell reads the text as its script: judged as this argv (`sh -c TEXT`). */
  | { kind: 'shell'; argv: string[] }
  /** `source /dev/stdin`: the text runs in the current shell. */
  | { kind: 'source' }
  /** An interpreter reads the text as its program: judged as this argv (`python3 -c TEXT`). */
  | { kind: 'interpreter'; argv: string[] }
  /** Another program reads it as code or commands the review does not judge. */
  | { kind: 'program'; what: string };

/** Shells whose stdin script is bash-compatible text (judged with the same grammar). */
const SHELLS = new Set(['sh', 'bash', 'dash', 'ksh', 'mksh', 'ash', 'rbash', 'zsh', 'yash', 'posh']);

/** Paths that name the process's own stdin. */
export const STDIN_PATHS = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Programs that read commands, code or changes from stdin, with what they read. */
const STDIN_PROGRAMS: Readonly<Record<string, string>> = {
  xargs: 'the arguments of the command xargs runs',
  sqlite3: 'SQL',
  psql: 'SQL',
  mysql: 'SQL',
  mariadb: 'SQL',
  duckdb: 'SQL',
  sqlcmd: 'SQL',
  'clickhouse-client': 'SQL',
  cqlsh: 'CQL',
  'redis-cli': 'Redis commands',
  mongo: 'JavaScript',
  mongosh: 'JavaScript',
  bc: 'a bc program',
  dc: 'a dc program',
  gdb: 'debugger commands',
  lldb: 'debugger commands',
  expect: 'an expect script',
  fish: 'a fish script',
  busybox: 'a busybox applet script',
  tclsh: 'Tcl',
  wish: 'Tcl',
  ftp: 'ftp commands',
  sftp: 'sftp commands',
  lftp: 'lftp commands',
  telnet: 'remote commands',
  nc: 'network input',
  ncat: 'network input',
  socat: 'network input',
  ssh: 'a remote shell script',
  docker: 'input of a container process',
  podman: 'input of a container process',
  kubectl: 'input of a remote process',
  at: 'a job that runs later',
  batch: 'a job that runs later',
  crontab: 'a crontab',
  patch: 'a patch that changes files',
  ed: 'editor commands that change files',
  ex: 'editor commands that change files',
  vi: 'editor commands',
  vim: 'editor commands',
  nvim: 'editor commands',
};

/** `-f -`, `-f /dev/stdin`, `--file=-`: a program or manifest read from stdin (awk, sed, make, jq, kubectl, tar, …). */
function fileFromStdin(args: readonly string[]): boolean {
  const stdin = (v: string | undefined): boolean => v === '-' || (v !== undefined && STDIN_PATHS.has(v));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if ((a === '-f' || a === '--file' || a === '--from-file') && stdin(args[i + 1])) return true;
    if (/^--(?:file|from-file)=/.test(a) && stdin(a.slice(a.indexOf('=') + 1))) return true;
    // `-xf -`, `-f-`: a short cluster ending in f.
    if (/^-[A-Za-z]*f$/.test(a) && a !== '-f' && stdin(args[i + 1])) return true;
    if (/^-[A-Za-z]*f(?:-|\/dev\/stdin)$/.test(a)) return true;
  }
  return false;
}

/**
 * A shell's arguments: undefined when it runs `-c` text or a script file (stdin is that
 * program's data); else the argv that runs the same text with `-c`.
 */
function shellReading(name: string, args: readonly string[], text: string): string[] | undefined {
  const opts: string[] = [];
  let fromStdin = false;
  let i = 0;
  while (i < args.length) {
    const a = args[i]!;
    if (a === '-' || a === '--') {
      i++;
      break;
    }
    if (a.startsWith('--')) {
      opts.push(a);
      if (a === '--rcfile' || a === '--init-file') {
        opts.push(args[i + 1] ?? '');
        i++;
      }
      i++;
      continue;
    }
    if (!/^[-+][A-Za-z]+$/.test(a)) break;
    const letters = a.slice(1);
    if (a[0] === '-' && letters.includes('c')) return undefined;
    if (a[0] === '-' && letters.includes('s')) fromStdin = true;
    const kept = a[0] === '-' ? a.replace(/s/g, '') : a;
    if (kept.length > 1) opts.push(kept);
    // `-o NAME`, `+O NAME`: the option name is the next word.
    if (/[oO]/.test(letters)) {
      opts.push(args[i + 1] ?? '');
      i++;
    }
    i++;
  }
  let operands = args.slice(i);
  if (operands.length && !fromStdin) {
    if (!STDIN_PATHS.has(operands[0]!)) return undefined;
    operands = operands.slice(1);
  }
  return [name, ...opts, '-c', text, ...(operands.length ? [name, ...operands] : [])];
}

/**
 * Whether shell text can run `exec`, however the word is spelled: quotes, backslashes and line
 * continuations are removed first (`e\xec`, `"ex"ec`, `eval 'ex''ec …'` all become `exec`). Other
 * ways to build the word (`$'…'`, `${…}`, `$(…)`) are refused by the review of the text itself.
 * Over-approximates on purpose: `echo exec` counts too.
 */
function mentionsExec(text: string): boolean {
  return /\bexec\b/.test(text.replace(/\\\n/g, '').replace(/[\\'"]/g, ''));
}

/** How the command in `words` (assignments and `builtin`/`command` prefixes already removed) uses `text` given on stdin. */
export function stdinReading(words: readonly string[], text: string): StdinReading {
  let inner = [...words];
  for (let hops = 0; hops < 8; hops++) {
    const name = inner[0];
    if (name === undefined) return { kind: 'data' };
    const base = baseName(name);
    const args = inner.slice(1);
    const prefix = words.slice(0, words.length - inner.length);
    if (Object.hasOwn(STDIN_PROGRAMS, base))
      return { kind: 'program', what: `${base} reads ${STDIN_PROGRAMS[base]} from it` };
    if (SHELLS.has(base)) {
      const argv = shellReading(name, args, text);
      // A shell reading its script from stdin reads the rest of the script from whatever stdin
      // becomes: `exec <FILE` in the body makes it run FILE, which `sh -c BODY` would not
      // (attack pass 3). Such a body is not judged as `-c` text.
      if (argv && mentionsExec(text))
        return {
          kind: 'program',
          what: `${base} reads its script from it, and \`exec\` there can make it read further commands from a file nobody reviewed`,
        };
      return argv ? { kind: 'shell', argv: [...prefix, ...argv] } : { kind: 'data' };
    }
    if ((base === 'source' || base === '.') && STDIN_PATHS.has(args[0] ?? '')) return { kind: 'source' };
    if (base === 'git' && args.some((a) => GIT_STDIN_PATCH.has(a)))
      return { kind: 'program', what: 'git applies the patch it reads from it' };
    const use = classifyInterpreter(base, args);
    if (use?.kind === 'repl') {
      const opt = interpreterSpec(base)?.codeOpts[0];
      if (!opt) return { kind: 'program', what: `${base} runs it as ${use.lang} code` };
      const cut = args.findIndex((a) => a === '-' || a === '--');
      const before = cut < 0 ? args : args.slice(0, cut);
      const after = cut < 0 ? [] : args.slice(cut + 1);
      return { kind: 'interpreter', argv: [...prefix, name, ...before, opt, text, ...after] };
    }
    if (use?.kind === 'script' && STDIN_PATHS.has(use.file))
      return { kind: 'program', what: `${base} runs it as ${use.lang} code` };
    if (fileFromStdin(args)) return { kind: 'program', what: `${base} reads a program or file from it (-f -)` };
    if (Object.hasOwn(WRAPPERS, base)) {
      const u = unwrapWith(WRAPPERS[base]!, args);
      if (u.unknownOptions.length) return { kind: 'program', what: `${base} has options the review does not know` };
      inner = u.inner;
      continue;
    }
    return { kind: 'data' };
  }
  return { kind: 'program', what: 'wrappers nested too deep' };
}
