/**
 * git config keys by what setting them does (`git -c KEY=V`, `--config-env`, `git config KEY V`,
 * `clone --config`): `runs` names a command git runs (core.pager, alias.*), `redirects` moves
 * where git finds code, repositories or trust (core.hooksPath, core.worktree, include.path),
 * `safe` only changes output or bookkeeping; any other key is `unknown` (asked, medium). Keys
 * are compared lower-cased, as git does for section and key names.
 */

const GIT_RUNS_VALUE =
  /^(core\.(pager|sshcommand|editor|gitproxy|askpass|alternaterefscommand)|alias\..+|diff\..+\.(textconv|command)|diff\.external|merge\..+\.driver|filter\..+\.(clean|smudge|process)|sequence\.editor|gpg\.(.+\.)?program|uploadpack\.packobjectshook|pager\..+|web\.browser|browser\..+\.cmd|man\..+\.cmd|difftool\..+\.cmd|mergetool\..+\.cmd|credential\.helper|credential\..+\.helper|trailer\..+\.(command|cmd)|remote\..+\.(uploadpack|receivepack|vcs)|sendemail\..*(cmd|command))$/;
const GIT_DANGEROUS_KEY =
  /^(core\.(fsmonitor|hookspath|worktree|sshcommand)|include\.path|includeif\..+|protocol\..+\.allow|url\..+\.insteadof|http\..*(proxy|sslverify|sslcainfo)|init\.templatedir|submodule\..+\.update|receive\..+|safe\.directory|core\.bare)$/;
const GIT_SAFE_KEY =
  /^(user\.(name|email|signingkey)|color\..+|core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|longpaths|abbrev|whitespace)|advice\..+|init\.defaultbranch|(commit|tag)\.gpgsign|log\..+|format\.pretty|pull\.(rebase|ff)|merge\.(ff|conflictstyle)|push\.(default|autosetupremote)|fetch\.prune|diff\.(noprefix|renames|algorithm|colormoved|mnemonicprefix)|status\..+|i18n\..+|gc\.auto|maintenance\.auto|rebase\.(autosquash|autostash)|protocol\.version|column\..+|branch\.sort|blame\..+|grep\..+|versionsort\..+|feature\..+|checkout\.defaultremote)$/;

export type GitConfigKeyKind = 'runs' | 'redirects' | 'safe' | 'unknown';

export function gitConfigKeyKind(lowerKey: string): GitConfigKeyKind {
  if (GIT_RUNS_VALUE.test(lowerKey)) return 'runs';
  if (GIT_DANGEROUS_KEY.test(lowerKey)) return 'redirects';
  return GIT_SAFE_KEY.test(lowerKey) ? 'safe' : 'unknown';
}
