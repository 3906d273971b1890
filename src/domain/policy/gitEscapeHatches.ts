import type { EscapeFindings } from './escapeFindings.js';
import { hatch } from './escapeFindings.js';

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

/** `git -c`, `--config-env`, `--exec-path`, `--upload-pack`, `rebase --exec`, `config KEY VALUE`, `--output`, ... */
export function gitEscapeHatches(args: readonly string[], out: EscapeFindings): void {
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
