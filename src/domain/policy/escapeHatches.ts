import type { PathArg } from '../paths/judgePaths.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { awkProgramOf, awkRunsOrWrites } from './awkProgram.js';
import { scanSedScript, sedScripts } from './sedScript.js';

/** What an escape hatch makes a program run: verdicts, shell text and argv to review in turn, extra paths. */
export interface EscapeFindings {
  verdicts: Verdict[];
  shellTexts: Array<{ text: string; why: string }>;
  /** `viaExec`: the program execs a binary from PATH (no shell builtins), like `find -exec`. */
  commands: Array<{ argv: string[]; why: string; viaExec?: boolean }>;
  paths: PathArg[];
}

const hatch = (why: string, risk: 'medium' | 'high' = 'high'): Verdict => verdict('ask', risk, 'command.escape_hatch', why);

// git -c keys that name commands git runs, or move where it finds them.
const GIT_RUNS_VALUE = /^(core\.(pager|sshcommand|editor|gitproxy|askpass|alternaterefscommand)|alias\..+|diff\..+\.(textconv|command)|diff\.external|merge\..+\.driver|filter\..+\.(clean|smudge|process)|sequence\.editor|gpg\.(.+\.)?program|uploadpack\.packobjectshook|pager\..+|web\.browser|browser\..+\.cmd|man\..+\.cmd|difftool\..+\.cmd|mergetool\..+\.cmd|credential\.helper|credential\..+\.helper|trailer\..+\.(command|cmd)|remote\..+\.(uploadpack|receivepack|vcs)|sendemail\..*(cmd|command))$/;
const GIT_DANGEROUS_KEY = /^(core\.(fsmonitor|hookspath|worktree|sshcommand)|include\.path|includeif\..+|protocol\..+\.allow|url\..+\.insteadof|http\..*(proxy|sslverify|sslcainfo)|init\.templatedir|submodule\..+\.update|receive\..+|safe\.directory|core\.bare)$/;
const GIT_SAFE_KEY = /^(user\.(name|email|signingkey)|color\..+|core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|longpaths|abbrev|whitespace)|advice\..+|init\.defaultbranch|(commit|tag)\.gpgsign|log\..+|format\.pretty|pull\.(rebase|ff)|merge\.(ff|conflictstyle)|push\.(default|autosetupremote)|fetch\.prune|diff\.(noprefix|renames|algorithm|colormoved|mnemonicprefix)|status\..+|i18n\..+|gc\.auto|maintenance\.auto|rebase\.(autosquash|autostash)|protocol\.version|column\..+|branch\.sort|blame\..+|grep\..+|versionsort\..+|feature\..+|checkout\.defaultremote)$/;

function gitConfigPair(pair: string, out: EscapeFindings, where: string): void {
  const eq = pair.indexOf('=');
  const key = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? '' : pair.slice(eq + 1);
  if (GIT_RUNS_VALUE.test(key)) {
    if (key.startsWith('alias.') && !value.startsWith('!')) return;
    out.verdicts.push(hatch(`${where} ${key} makes git run a command`));
    const text = value.startsWith('!') ? value.slice(1) : value;
    if (text.trim()) out.shellTexts.push({ text, why: `git ${key}` });
  } else if (GIT_DANGEROUS_KEY.test(key)) {
    out.verdicts.push(hatch(`${where} ${key} changes where git finds code or trust`));
  } else if (!GIT_SAFE_KEY.test(key)) {
    out.verdicts.push(hatch(`${where} ${key} is not known to be safe`, 'medium'));
  }
}

function git(args: readonly string[], out: EscapeFindings): void {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c') gitConfigPair(args[++i] ?? '', out, 'git -c');
    else if (a.startsWith('-c') && a.length > 2) gitConfigPair(a.slice(2), out, 'git -c');
    else if (a === '--config-env' || a.startsWith('--config-env=')) { if (a === '--config-env') i++; out.verdicts.push(hatch('git --config-env takes a config value from the environment, unseen')); }
    else if (a.startsWith('--exec-path=') || a === '--exec-path' && args[i + 1] && !args[i + 1]!.startsWith('-')) { out.verdicts.push(hatch('git --exec-path runs git-* programs from another directory')); }
    else if (a === '-C' || a === '--git-dir' || a === '--work-tree' || a === '--namespace') { out.paths.push({ raw: args[++i] ?? '', access: 'mention' }); }
    else if (!a.startsWith('-')) break;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  for (let k = 0; k < rest.length; k++) {
    // `git log/diff/show --output=FILE`, `format-patch -o DIR`: git writes there.
    const a = rest[k]!;
    if (a.startsWith('--output=') || a.startsWith('--output-directory=')) out.paths.push({ raw: a.slice(a.indexOf('=') + 1), access: 'write' });
    else if ((a === '--output' || a === '--output-directory' || a === '-o' && sub === 'format-patch') && rest[k + 1]) out.paths.push({ raw: rest[++k]!, access: 'write' });
  }
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    if (/^--(upload-pack|receive-pack|exec|template)(=|$)/.test(a) || (sub === 'clone' || sub === 'fetch' || sub === 'pull' || sub === 'ls-remote') && a === '-u') {
      out.verdicts.push(hatch(`git ${sub} ${a.split('=')[0]} runs a program of the caller's choosing`));
    }
    if ((sub === 'clone' || sub === 'submodule') && (a === '-c' || a === '--config')) gitConfigPair(rest[++k] ?? '', out, `git ${sub} --config`);
    else if ((sub === 'clone') && a.startsWith('--config=')) gitConfigPair(a.slice(9), out, 'git clone --config');
    if ((sub === 'rebase') && (a === '-x' || a === '--exec')) out.shellTexts.push({ text: rest[++k] ?? '', why: 'git rebase --exec' });
    else if (sub === 'rebase' && a.startsWith('--exec=')) out.shellTexts.push({ text: a.slice(7), why: 'git rebase --exec' });
  }
  if (sub === 'config') {
    const pos = rest.filter((a) => !a.startsWith('-'));
    if (pos.length >= 2) gitConfigPair(`${pos[0]}=${pos.slice(1).join(' ')}`, out, 'git config');
  }
  if (sub === 'bisect' && rest[0] === 'run') out.commands.push({ argv: rest.slice(1), why: 'git bisect run' });
  if (sub === 'submodule' && rest.includes('foreach')) out.shellTexts.push({ text: rest.slice(rest.indexOf('foreach') + 1).filter((a) => !a.startsWith('--')).join(' '), why: 'git submodule foreach' });
}

function optionValues(args: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    for (const n of names) {
      if (a === n) out.push(args[i + 1] ?? '');
      else if (n.startsWith('--') && a.startsWith(n + '=')) out.push(a.slice(n.length + 1));
      else if (!n.startsWith('--') && a.startsWith(n) && a.length > n.length && n.length === 2) out.push(a.slice(2));
    }
  }
  return out;
}

function tar(args: readonly string[], out: EscapeFindings): void {
  for (const v of optionValues(args, ['--checkpoint-action'])) {
    out.verdicts.push(hatch('tar --checkpoint-action runs an action at checkpoints'));
    if (v.startsWith('exec=')) out.shellTexts.push({ text: v.slice(5), why: 'tar --checkpoint-action=exec' });
  }
  for (const v of optionValues(args, ['--to-command', '--use-compress-program', '-I', '--info-script', '-F', '--new-volume-script', '--rsh-command', '--rmt-command'])) {
    out.verdicts.push(hatch('tar runs a helper program given in its options'));
    if (v) out.shellTexts.push({ text: v, why: 'tar helper program' });
  }
}

function sshLike(name: string, args: readonly string[], out: EscapeFindings): void {
  for (const v of optionValues(args, ['-o'])) {
    const m = /^\s*(\w+)\s*[= ]\s*([\s\S]*)$/.exec(v);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    if (key === 'proxycommand' || key === 'localcommand' || key === 'knownhostscommand' || key === 'remotecommand' && name !== 'ssh') {
      out.verdicts.push(hatch(`${name} -o ${m[1]} runs a local command`));
      if (m[2]!.trim() && m[2]!.trim() !== 'none') out.shellTexts.push({ text: m[2]!, why: `${name} -o ${m[1]}` });
    } else if (key === 'permitlocalcommand' || key === 'proxyjump' || key === 'match' || key === 'include' || key === 'sendenv' || key === 'setenv') {
      out.verdicts.push(hatch(`${name} -o ${m[1]} changes what ssh runs or sends`, 'medium'));
    }
  }
  if (optionValues(args, ['-F']).length > 0) out.verdicts.push(hatch(`${name} -F loads a config that can set ProxyCommand`, 'medium'));
  if (name === 'scp' || name === 'sftp') for (const v of optionValues(args, ['-S'])) { out.verdicts.push(hatch(`${name} -S runs another program as ssh`)); if (v) out.commands.push({ argv: [v], why: `${name} -S`, viaExec: true }); }
}

function findActions(args: readonly string[], out: EscapeFindings): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-exec' || a === '-execdir' || a === '-ok' || a === '-okdir') {
      const argv: string[] = [];
      let j = i + 1;
      while (j < args.length && args[j] !== ';' && !(args[j] === '+' && args[j - 1] === '{}')) argv.push(args[j++]!);
      if (argv.length) out.commands.push({ argv, why: `find ${a}`, viaExec: true });
      i = j;
    }
  }
  if (args.includes('-delete')) out.verdicts.push(verdict('ask', 'high', 'command.destructive', 'find -delete deletes every file it matches'));
}

/** Escape hatches of well-known programs, judged as what they would run. */
export function findEscapeHatches(name: string, args: readonly string[]): EscapeFindings | undefined {
  const out: EscapeFindings = { verdicts: [], shellTexts: [], commands: [], paths: [] };
  switch (name) {
    case 'git': git(args, out); break;
    case 'tar': case 'gtar': case 'bsdtar': tar(args, out); break;
    case 'ssh': case 'scp': case 'sftp': sshLike(name, args, out); break;
    case 'find': findActions(args, out); break;
    case 'rsync':
      for (const v of optionValues(args, ['--rsh', '-e'])) { out.verdicts.push(hatch('rsync -e runs a remote shell program')); if (v) out.shellTexts.push({ text: v, why: 'rsync -e' }); }
      for (const a of args) if (/^-[a-zA-Z]*e$/.test(a) && a !== '-e' && !/^-[a-zA-Z]*e[a-zA-Z]/.test(a)) { const v = args[args.indexOf(a) + 1]; out.verdicts.push(hatch('rsync -e runs a remote shell program')); if (v) out.shellTexts.push({ text: v, why: 'rsync -e' }); }
      if (optionValues(args, ['--rsync-path']).length) out.verdicts.push(hatch('rsync --rsync-path runs a program on the remote side'));
      break;
    case 'zip':
      for (const v of optionValues(args, ['-TT', '--unzip-command'])) { out.verdicts.push(hatch('zip -TT runs a test command')); if (v) out.shellTexts.push({ text: v, why: 'zip -TT' }); }
      break;
    case 'tcpdump':
      if (optionValues(args, ['-z']).length) out.verdicts.push(hatch('tcpdump -z runs a program on each saved file'));
      break;
    case 'gdb': case 'lldb':
      if (args.some((a) => /^(-ex|--eval-command|-x|--command|-ix|-iex|-o|--one-line|-s|--source)(=|$)/.test(a))) out.verdicts.push(hatch(`${name} runs debugger commands, which include shell`));
      break;
    case 'make': case 'gmake':
      if (args.some((a) => /^(--eval|-E|-f|--file|--makefile)(=|$)/.test(a) || /^-f./.test(a))) out.verdicts.push(hatch('make --eval/-f runs recipes from text or a file the policy has not seen'));
      break;
    case 'sed': case 'gsed': {
      const { scripts, scriptFiles } = sedScripts(args);
      if (scriptFiles.length) out.verdicts.push(hatch('sed -f runs a script file the review cannot see', 'medium'));
      for (const s of scripts) {
        const f = scanSedScript(s);
        if (f.executes) out.verdicts.push(hatch('the sed script runs a shell command (`e`)'));
        for (const w of f.writes) { out.verdicts.push(hatch('the sed script writes a file (`w`)', 'medium')); out.paths.push({ raw: w, access: 'write' }); }
        for (const r of f.reads) out.paths.push({ raw: r, access: 'read' });
      }
      break;
    }
    case 'awk': case 'gawk': case 'mawk': case 'nawk': {
      const p = awkProgramOf(args);
      if (p.fromFile) out.verdicts.push(hatch('awk -f runs a program file the review cannot see', 'medium'));
      else if (p.program !== undefined && awkRunsOrWrites(p.program)) out.verdicts.push(hatch('the awk program runs commands or writes files (system, pipes, print >)'));
      break;
    }
    case 'vim': case 'vi': case 'nvim': case 'view':
      if (args.some((a) => a === '-c' || a.startsWith('+') || a === '--cmd' || a === '-S')) out.verdicts.push(hatch(`${name} runs editor commands given on the command line`));
      break;
    case 'npm': case 'pnpm': case 'yarn':
      if (args.some((a) => a.startsWith('--script-shell') || a.startsWith('--node-options'))) out.verdicts.push(hatch(`${name} --script-shell/--node-options changes what scripts run`));
      break;
    default:
      return undefined;
  }
  return out;
}
