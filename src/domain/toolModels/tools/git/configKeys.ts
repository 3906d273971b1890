/**
 * git config keys by what setting them does (`git -c KEY=V`, `--config-env`, `git config KEY V`,
 * `clone --config`): `runs` names a command git runs (core.pager, alias.*), `redirects` moves
 * where git finds code, repositories or trust (core.hooksPath, core.worktree, include.path),
 * `reads` names a file git opens and may print (its value is judged as a read), `safe` only
 * changes output or bookkeeping; any other key is `unknown` (asked, medium). Keys are compared
 * lower-cased, as git does for section and key names. blame.* and grep.* are listed key by key:
 * blame.ignoreRevsFile reads a file and prints its first line on error, grep.fallbackToNoIndex
 * turns grep outside a repository into a tree walk (attack pass 8, P8-05/P8-06).
 */

const GIT_RUNS_VALUE =
  /^(core\.(pager|sshcommand|editor|gitproxy|askpass|alternaterefscommand)|alias\..+|diff\..+\.(textconv|command)|diff\.external|merge\..+\.driver|filter\..+\.(clean|smudge|process)|sequence\.editor|gpg\.(.+\.)?program|uploadpack\.packobjectshook|pager\..+|web\.browser|browser\..+\.cmd|man\..+\.cmd|difftool\..+\.cmd|mergetool\..+\.cmd|credential\.helper|credential\..+\.helper|trailer\..+\.(command|cmd)|remote\..+\.(uploadpack|receivepack|vcs)|sendemail\..*(cmd|command))$/;
const GIT_DANGEROUS_KEY =
  /^(core\.(fsmonitor|hookspath|worktree|sshcommand)|include\.path|includeif\..+|protocol\..+\.allow|url\..+\.insteadof|http\..*(proxy|sslverify|sslcainfo)|init\.templatedir|submodule\..+\.update|receive\..+|safe\.directory|core\.bare)$/;
const GIT_SAFE_KEY =
  /^(user\.(name|email|signingkey)|color\..+|core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|longpaths|abbrev|whitespace)|advice\..+|init\.defaultbranch|(commit|tag)\.gpgsign|log\..+|format\.pretty|pull\.(rebase|ff)|merge\.(ff|conflictstyle)|push\.(default|autosetupremote)|fetch\.prune|diff\.(noprefix|renames|algorithm|colormoved|mnemonicprefix)|status\..+|i18n\..+|gc\.auto|maintenance\.auto|rebase\.(autosquash|autostash)|protocol\.version|column\..+|branch\.sort|blame\.(blankboundary|coloring|date|showemail|showroot|markunblamablelines|markignoredlines)|grep\.(linenumber|column|patterntype|extendedregexp|threads|fullname)|versionsort\..+|feature\..+|checkout\.defaultremote)$/;

const GIT_READS_FILE = /^blame\.ignorerevsfile$/;

export type GitConfigKeyKind = 'runs' | 'redirects' | 'reads' | 'safe' | 'unknown';

export function gitConfigKeyKind(lowerKey: string): GitConfigKeyKind {
  if (GIT_RUNS_VALUE.test(lowerKey)) return 'runs';
  if (GIT_DANGEROUS_KEY.test(lowerKey)) return 'redirects';
  if (GIT_READS_FILE.test(lowerKey)) return 'reads';
  return GIT_SAFE_KEY.test(lowerKey) ? 'safe' : 'unknown';
}
