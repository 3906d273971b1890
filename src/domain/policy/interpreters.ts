/** How an interpreter invocation runs code: inline text, a script file, a module, a REPL, or only a query. */
export type InterpreterUse =
  | { kind: 'inline'; lang: string; code: string }
  | { kind: 'script'; lang: string; file: string }
  | { kind: 'module'; lang: string; name: string }
  | { kind: 'repl'; lang: string }
  | { kind: 'query'; lang: string };

interface InterpreterSpec {
  lang: string;
  /** Options whose value is inline code (several may appear, e.g. `perl -e a -e b`). */
  codeOpts: readonly string[];
  /** Short letters that take code even inside a cluster (`perl -ne`, `ruby -pe`). */
  codeLetters?: string;
  moduleOpts?: readonly string[];
  valueOpts: readonly string[];
  queryOpts: readonly string[];
  /** A subcommand that takes code as its next word (`deno eval CODE`). */
  evalSub?: string;
}

const PY: InterpreterSpec = {
  lang: 'python',
  codeOpts: ['-c'],
  codeLetters: 'c',
  moduleOpts: ['-m'],
  valueOpts: ['-W', '-X', '--check-hash-based-pycs'],
  queryOpts: ['-V', '--version', '-h', '--help', '-VV'],
};
const NODE: InterpreterSpec = {
  lang: 'javascript',
  codeOpts: ['-e', '--eval', '-p', '--print'],
  codeLetters: 'ep',
  valueOpts: [
    '-r',
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '-C',
    '--conditions',
    '--input-type',
    '--env-file',
    '--title',
    '--stack-size',
  ],
  queryOpts: ['-v', '--version', '-h', '--help'],
};
const PERL: InterpreterSpec = {
  lang: 'perl',
  codeOpts: ['-e', '-E'],
  codeLetters: 'eE',
  moduleOpts: [],
  valueOpts: ['-I', '-m', '-M', '-x', '-0', '-i', '-l'],
  queryOpts: ['-v', '-V', '--version', '-h'],
};
const RUBY: InterpreterSpec = {
  lang: 'ruby',
  codeOpts: ['-e'],
  codeLetters: 'e',
  valueOpts: ['-I', '-r', '-C', '-E', '-F', '-x'],
  queryOpts: ['-v', '--version', '-h', '--help'],
};

const SPECS: Readonly<Record<string, InterpreterSpec>> = {
  node: NODE,
  nodejs: NODE,
  bun: { ...NODE, codeOpts: ['-e', '--eval', '-p', '--print'] },
  perl: PERL,
  ruby: RUBY,
  irb: { ...RUBY, codeOpts: [] },
  php: {
    lang: 'php',
    codeOpts: ['-r', '-B', '-R', '-E', '-F'],
    valueOpts: ['-d', '-c', '-z', '-t', '-S'],
    queryOpts: ['-v', '--version', '-h', '-m', '-i'],
  },
  lua: { lang: 'lua', codeOpts: ['-e'], valueOpts: ['-l'], queryOpts: ['-v'] },
  luajit: { lang: 'lua', codeOpts: ['-e'], valueOpts: ['-l', '-j', '-O'], queryOpts: ['-v'] },
  osascript: { lang: 'applescript', codeOpts: ['-e'], valueOpts: ['-l', '-s'], queryOpts: [] },
  Rscript: { lang: 'r', codeOpts: ['-e'], valueOpts: [], queryOpts: ['--version'] },
  R: { lang: 'r', codeOpts: ['-e'], valueOpts: ['-f'], queryOpts: ['--version'] },
  julia: {
    lang: 'julia',
    codeOpts: ['-e', '-E', '--eval', '--print'],
    valueOpts: ['-p', '-t', '-L', '--project'],
    queryOpts: ['-v', '--version'],
  },
  elixir: {
    lang: 'elixir',
    codeOpts: ['-e', '--eval'],
    valueOpts: ['-r', '-pa', '-pz'],
    queryOpts: ['-v', '--version'],
  },
  pwsh: {
    lang: 'powershell',
    codeOpts: ['-c', '-Command', '-command', '-EncodedCommand', '-e', '-ec'],
    valueOpts: ['-File', '-f', '-ExecutionPolicy'],
    queryOpts: ['-v', '-Version', '--version'],
  },
  powershell: {
    lang: 'powershell',
    codeOpts: ['-c', '-Command', '-command', '-EncodedCommand', '-e', '-ec'],
    valueOpts: ['-File', '-f', '-ExecutionPolicy'],
    queryOpts: ['-Version'],
  },
  deno: {
    lang: 'javascript',
    codeOpts: [],
    evalSub: 'eval',
    valueOpts: [],
    queryOpts: ['-V', '--version', '-h', '--help'],
  },
  groovy: { lang: 'groovy', codeOpts: ['-e'], valueOpts: ['-cp', '--classpath'], queryOpts: ['-v', '--version'] },
  tclsh: { lang: 'tcl', codeOpts: [], valueOpts: [], queryOpts: [] },
};

const PYTHON_NAME = /^(python|pypy)[0-9.]*$/;

export function interpreterSpec(name: string): InterpreterSpec | undefined {
  // Own properties only: `constructor` or `__proto__` as a command name must not reach Object.prototype.
  if (Object.hasOwn(SPECS, name)) return SPECS[name];
  return PYTHON_NAME.test(name) ? PY : undefined;
}

export function classifyInterpreter(name: string, args: readonly string[]): InterpreterUse | undefined {
  const spec = interpreterSpec(name);
  if (!spec) return undefined;
  const code: string[] = [];
  if (spec.evalSub && args[0] === spec.evalSub)
    return {
      kind: 'inline',
      lang: spec.lang,
      code: args
        .slice(1)
        .filter((a) => !a.startsWith('-'))
        .join(' '),
    };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      const f = args[i + 1];
      return code.length
        ? inline(spec, code)
        : f
          ? { kind: 'script', lang: spec.lang, file: f }
          : { kind: 'repl', lang: spec.lang };
    }
    if (!a.startsWith('-') || a === '-') {
      if (code.length) return inline(spec, code);
      return a === '-'
        ? { kind: 'repl', lang: spec.lang }
        : spec.evalSub
          ? { kind: 'script', lang: spec.lang, file: args[i + 1] ?? a }
          : { kind: 'script', lang: spec.lang, file: a };
    }
    const eq = a.indexOf('=');
    const name0 = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (spec.codeOpts.includes(name0)) {
      code.push(eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : (args[++i] ?? ''));
      continue;
    }
    if (spec.moduleOpts?.includes(a)) return { kind: 'module', lang: spec.lang, name: args[i + 1] ?? '' };
    if (spec.queryOpts.includes(a) && args.length === 1) return { kind: 'query', lang: spec.lang };
    if (spec.valueOpts.includes(name0)) {
      if (eq < 0 && a.length === name0.length) i++;
      continue;
    }
    if (!a.startsWith('--') && spec.codeLetters) {
      // A cluster such as `-ne`, `-lpe`, `-cprint(1)`: the first code letter takes the rest or the next word.
      let taken = false;
      for (let k = 1; k < a.length; k++) {
        if (spec.codeLetters.includes(a[k]!)) {
          const attached = a.slice(k + 1);
          code.push(attached || (args[++i] ?? ''));
          taken = true;
          break;
        }
        if (spec === PY && a[k] === 'm')
          return { kind: 'module', lang: spec.lang, name: a.slice(k + 1) || (args[i + 1] ?? '') };
      }
      if (taken) continue;
    }
  }
  if (code.length) return inline(spec, code);
  return { kind: 'repl', lang: spec.lang };
}

function inline(spec: InterpreterSpec, code: string[]): InterpreterUse {
  return { kind: 'inline', lang: spec.lang, code: code.join('\n') };
}

/** Words in inline code that may be paths: quoted strings and path-looking bare words. */
export function codeLiterals(code: string): string[] {
  const out: string[] = [];
  const quoted = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
  for (const m of code.matchAll(quoted)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  for (const w of code.split(/[\s(),;[\]{}'"`=+]+/))
    if (w.startsWith('/') || w.startsWith('~') || w.startsWith('./') || w.startsWith('../')) out.push(w);
  return out;
}

/** Code that deletes files (so its path literals count as recursive deletes). */
export const CODE_DELETES =
  /rmtree|rm_rf|rmSync|rmdirSync|unlink|\bremove\s*\(|\brmdir\b|\brm\s+-|\bFileUtils\.rm|Remove-Item|deleteSync|\bremoveSync/;
/** Code that starts processes (so its string literals are reviewed as commands). */
export const CODE_SPAWNS =
  /\bsystem\b|\bexec\w*\b|\bspawn\w*\b|\bpopen\b|subprocess|child_process|Deno\.(run|Command)|\bopen3\b|%x|`|\bBun\.spawn|\bos\.exec|Start-Process|do shell script|IO\.popen|\bsh\b/;
