import type { BuiltinRule } from '../ruleTypes.js';
import { all, any, arg, flag, not, noArgs, onlyArgs } from '../ruleTypes.js';
import { isCommandQuery } from '../commandQuery.js';

/** Read-only inspection and shell builtins that only print: allowed (paths are judged separately). */
export const READ_ONLY_COMMANDS = [
  'ls', 'cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'pwd', 'echo', 'printf', 'which', 'whereis',
  'type', 'stat', 'file', 'du', 'df', 'date', 'whoami', 'id', 'groups', 'uname', 'hostname', 'true', 'false', 'test', '[',
  'basename', 'dirname', 'realpath', 'readlink', 'sort', 'uniq', 'cut', 'tr', 'diff', 'cmp', 'comm', 'tree', 'nl', 'tac',
  'rev', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'b2sum', 'base64', 'xxd', 'od', 'hexdump', 'strings',
  'jq', 'column', 'fold', 'fmt', 'paste', 'join', 'seq', 'sleep', 'nproc', 'uptime', 'free', 'locale', 'getconf', 'expr',
  'cal', 'ps', 'lsblk', 'arch', 'tty', 'cd', 'hash', ':', 'dirs', 'pushd', 'popd', 'times', 'jobs', 'wait', 'shift',
  'unset', 'shopt', 'ulimit', 'umask', 'history', 'exit', 'return', 'read', 'getopts', 'let', 'mapfile', 'readarray',
  'help', 'logout', 'caller', 'compgen', 'complete', 'compopt', 'bind', 'disown', 'suspend', 'tsort', 'numfmt', 'factor',
  'sha224sum', 'sha384sum', 'look', 'lscpu', 'iconv', 'cmp', 'zcat', 'bzcat', 'xzcat', 'zgrep', 'pgrep', 'env_parallel_dummy',
];

export const corePack: BuiltinRule[] = [
  {
    id: 'core:read-only',
    commands: READ_ONLY_COMMANDS,
    decision: 'allow', risk: 'low', code: 'command.allowed',
    reason: 'read-only inspection; the files it reads are judged separately',
    examples: { match: ['ls -la', 'cat README.md', 'grep -rn "sudo rm" docs', 'echo "rm -rf /"', 'pwd', 'wc -l src/a.ts'], noMatch: ['rm -rf /', 'find . -delete', 'git status'] },
  },
  {
    id: 'core:find',
    commands: ['find'],
    when: not(arg('-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls')),
    decision: 'allow', risk: 'low', code: 'command.allowed',
    reason: 'find without actions that run, delete or write only lists files',
    examples: { match: ['find . -name "*.ts"', 'find src -type f'], noMatch: ['find . -delete', 'find . -exec rm {} \\;', 'find . -fprint /etc/x'] },
  },
  {
    id: 'core:find-actions',
    commands: ['find'],
    when: arg('-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'),
    decision: 'ask', risk: 'medium', code: 'command.escape_hatch',
    reason: 'find runs a command, deletes or writes for a set of files nobody has seen yet',
    examples: { match: ['find . -exec grep x {} \\;', 'find /tmp/x -delete', 'find . -fls out'], noMatch: ['find . -name x'] },
  },
  {
    id: 'core:command-query',
    commands: ['command'],
    when: (v) => isCommandQuery(v.args),
    decision: 'allow', risk: 'low', code: 'command.allowed',
    reason: '`command -v/-V` only looks a name up',
    final: true,
    examples: { match: ['command -v git', 'command -V docker', 'command -p -v ls'], noMatch: ['command git status', 'command rm -rf / -v', 'command -p rm -v x'] },
  },
  {
    id: 'core:print-environment',
    commands: ['env', 'printenv', 'export', 'declare', 'typeset', 'set', 'alias'],
    when: any(noArgs, onlyArgs('-p', '-x', '-0', '--null', '-o')),
    decision: 'ask', risk: 'medium', code: 'command.asked',
    reason: 'prints the environment, which often holds tokens and keys',
    examples: { match: ['env', 'printenv', 'export -p', 'declare -p', 'set'], noMatch: ['env git status', 'printenv HOME'] },
  },
  {
    id: 'core:printenv-name',
    commands: ['printenv'],
    when: not(noArgs),
    decision: 'allow', risk: 'low', code: 'command.allowed',
    reason: 'prints named variables; secrets in them are the user\'s to name',
    examples: { match: ['printenv HOME'], noMatch: ['printenv'] },
  },
  {
    id: 'core:shell-state',
    commands: ['set', 'alias', 'unalias', 'enable'],
    when: all(not(noArgs), not(flag('f'))),
    decision: 'allow', risk: 'low', code: 'command.allowed',
    reason: 'changes only this one-shot shell\'s own state',
    examples: { match: ['set -e', 'alias ll=ls', 'enable -n echo'], noMatch: ['set', 'enable -f ./x.so x'] },
  },
  {
    id: 'core:enable-loadable',
    commands: ['enable'],
    when: flag('f'),
    decision: 'ask', risk: 'high', code: 'command.escape_hatch',
    reason: '`enable -f` loads a shared object into the shell',
    examples: { match: ['enable -f ./evil.so evil'], noMatch: ['enable -n echo'] },
  },
  {
    id: 'core:source-script',
    commands: ['source', '.'],
    decision: 'ask', risk: 'high', code: 'invocation.script',
    reason: 'runs a script file the review core cannot see command by command',
    examples: { match: ['source ./env.sh', '. ~/.bashrc'], noMatch: ['cat env.sh'] },
  },
  {
    id: 'core:pager-or-editor',
    commands: ['less', 'more', 'most', 'man', 'vi', 'vim', 'nvim', 'view', 'emacs', 'nano', 'pico', 'ed', 'ex', 'joe', 'mcedit', 'fc'],
    decision: 'ask', risk: 'medium', code: 'command.escape_hatch',
    reason: 'pagers and editors can start a shell (`!cmd`, `:!cmd`) from their prompt',
    examples: { match: ['less README.md', 'vim x.ts', 'man rm'], noMatch: ['cat README.md'] },
  },
  {
    id: 'core:version-query',
    commands: ['git', 'node', 'npm', 'npx', 'pnpm', 'yarn', 'python', 'python3', 'pip', 'pip3', 'tsc', 'cargo', 'rustc',
      'go', 'java', 'javac', 'ruby', 'perl', 'php', 'deno', 'bun', 'docker', 'kubectl', 'make', 'gcc', 'clang', 'curl',
      'wget', 'ssh', 'rsync', 'tar', 'bash', 'sh', 'zsh', 'dash', 'rm', 'cp', 'mv', 'sed', 'awk', 'gawk', 'find', 'uv',
      'poetry', 'gem', 'bundle', 'lua', 'terraform', 'gh', 'jq', 'rg', 'openssl', 'sqlite3', 'psql'],
    // `ruby -v` and `perl -v`-style flags differ per tool; `ruby -v` also reads a program from stdin.
    when: (v) => onlyArgs('--version', '-V', '-v', 'version', '--help', '-h', 'help')(v) && !(v.command === 'ruby' && v.args[0] === '-v'),
    decision: 'allow', risk: 'low', code: 'command.allowed',
    reason: 'a version or help query of a known tool',
    final: true,
    examples: { match: ['node --version', 'git -v', 'python3 -V', 'cargo version', 'git --help', 'ruby --version'], noMatch: ['node x.js', 'python3 -c 1', 'ruby -v', 'vim -v'] },
  },
];
