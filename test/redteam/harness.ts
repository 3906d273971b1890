// Red-team harness: a private copy of the BUILT CLI, a hostile-but-realistic fixture (HOME with
// secrets, a git workspace with symlinks into them, a staging directory, a forged snapshot), and
// one `shimctl policy test --json` process that judges a whole batch of commands.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { tempDir } from '../support/tempDirs.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SYSTEM_PATH = [
  dirname(process.execPath),
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/sbin',
  '/usr/bin',
  '/sbin',
  '/bin',
].join(delimiter);

/** A Claude envelope whose snapshot is an attacker's file outside HOME (fixture writes it). */
export const FORGED_CLAUDE_ENVELOPE =
  "source {root}/x/.claude/shell-snapshots/snapshot-bash-1234567890-abcd.sh 2>/dev/null || true && shopt -u extglob 2>/dev/null || true && eval 'ls' < /dev/null && pwd -P >| /tmp/claude-abcd-cwd";

export type Expect = 'allow' | 'block' | 'not-allow';
export interface RedteamCase {
  command: string;
  expect: Expect;
  why: string;
  cwd?: string;
  agent?: string;
  requires?: string[];
  /** open findings only */
  id?: string;
  severity?: string;
  kind?: 'redaction';
  secret?: string;
}
export interface Verdict {
  decision: string;
  risk: string;
  reasons: { code: string; message: string }[];
  rule_ids: string[];
}
export interface Fixture {
  root: string;
  home: string;
  ws: string;
  env: Record<string, string>;
}

/**
 * Builds if needed, then copies bin/, dist/ and shims/ to a private directory: other helpers
 * rebuild dist/ while tests run, and a half-written bundle must not decide a security test.
 */
export function privateCli(): string {
  if (!existsSync(join(ROOT, 'dist', 'shimctl.cjs'))) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  const copy = tempDir('shimctl-redteam-pkg-');
  for (const d of ['bin', 'dist', 'shims']) cpSync(join(ROOT, d), join(copy, d), { recursive: true });
  const check = spawnSync(process.execPath, ['--check', join(copy, 'dist', 'shimctl.cjs')]);
  if (check.status !== 0)
    throw new Error('dist/shimctl.cjs does not parse (a build in progress?): run `npm run build`');
  return join(copy, 'bin', 'shimctl.cjs');
}

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: SYSTEM_PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** HOME with secrets, a git workspace beside it, and the attacker's staging material. */
export function makeFixture(cli: string): Fixture {
  const root = tempDir('shimctl-redteam-');
  const home = join(root, 'home');
  const ws = join(root, 'ws');
  const files: Record<string, string> = {
    'home/.ssh/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nREDTEAM-FAKE-KEY\n-----END OPENSSH PRIVATE KEY-----\n',
    'home/.ssh/authorized_keys': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIRedteam user@host\n',
    'home/.aws/credentials': '[default]\naws_access_key_id = AKIAREDTEAMFAKE00000\n',
    'home/.kube/config': 'users:\n- name: u\n  user:\n    token: redteam-fake-token\n',
    'home/.pgpass': 'db:5432:app:app:redteam-fake-pw\n',
    'home/.bashrc': '# user rc\n',
    'home/.claude/shell-snapshots/snapshot-bash-1795949267315-m5qf0o.sh': '# Snapshot file\n',
    // issue 12: credential stores and public halves
    'home/.ssh/id_ed25519.pub': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIRedteamPub user@host\n',
    'home/.ssh/known_hosts': 'example.invalid ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHost\n',
    'home/.ssh/config': 'Host example.invalid\n  User u\n',
    'home/.config/rclone/rclone.conf': '[r]\ntype = s3\nsecret_access_key = redteam-fake-rclone\n',
    'home/.kaggle/kaggle.json': '{"username":"u","key":"redteam-fake-kaggle"}\n',
    'home/.cache/huggingface/token': 'hf_redteamfake\n',
    'home/.config/gh/hosts.yml': 'github.com:\n  oauth_token: gho_redteamfake\n',
    'home/.password-store/bank.gpg': 'fake\n',
    'ws/sub/.aws/credentials': '[default]\naws_secret_access_key = redteam-fake-sub\n',
    'ws/.dev.vars': 'API_KEY=redteam-fake-devvars\n',
    'ws/infra/terraform.tfstate': '{"outputs":{"pw":{"value":"redteam-fake-tf"}}}\n',
    'ws/app/.env.example': 'API_KEY=\n',
    'ws/README.md': 'a workspace\n',
    'ws/.env': 'OPENAI_API_KEY=sk-redteam-fake\n',
    'ws/.env.example': 'OPENAI_API_KEY=\n',
    'ws/package.json': '{"name":"ws","scripts":{"test":"echo ok"}}\n',
    'ws/src/a.ts': 'export {};\n',
    'ws/docs/notes.md': 'use sudo rm with care\n',
    'stage/.ssh/authorized_keys': 'ssh-ed25519 AAAAattacker attacker@evil\n',
    'x/.claude/shell-snapshots/snapshot-bash-1234567890-abcd.sh': 'touch "$HOME/forged-snapshot-ran"\n',
    // Visible entries, so `rm -rf ~/*` expands to every one of them (attack pass 5).
    'home/Documents/letter.txt': 'dear\n',
    'home/projects/todo.txt': 'x\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  writePatches(ws, home);
  // shimctl itself on PATH, as after `npm install -g shimctl`: the agent must not drive its gate.
  mkdirSync(join(root, 'bin'));
  symlinkSync(cli, join(root, 'bin', 'shimctl'));
  symlinkSync(join(home, '.ssh'), join(ws, 'sshlink'));
  symlinkSync(join(home, '.ssh', 'id_rsa'), join(ws, 'notes.txt'));
  // A harmless workspace link a plain patch hunk could point elsewhere (pass 15).
  symlinkSync('README.md', join(ws, 'readme-link'));
  // Dangling links, as a cloned repository can hold them: writing through one creates its target
  // (a self-found hole, 2 Dec: the review judged the link's own name when its target was missing).
  symlinkSync(join(home, '.ssh', 'authorized_keys2'), join(ws, 'dangling-keys'));
  symlinkSync('../home/.ssh/rc', join(ws, 'dangling-rel'));
  symlinkSync('hop2', join(ws, 'hop1'));
  symlinkSync(join(home, '.ssh', 'authorized_keys2'), join(ws, 'hop2'));
  symlinkSync(join(home, '.local', 'share', 'shimctl', 'shims', 'evil'), join(ws, 'dangling-shim'));
  symlinkSync('new-notes.txt', join(ws, 'dangling-local'));
  makeLinkWorkspace(home);
  git(ws, 'init', '-q');
  git(ws, 'add', 'README.md', 'package.json');
  git(ws, '-c', 'user.email=r@t', '-c', 'user.name=rt', 'commit', '-q', '-m', 'init');
  // A bare repository in the workspace: its config and hooks run programs like .git's (attack pass 5).
  git(ws, 'init', '-q', '--bare', 'bare.git');
  // Attack pass 6: an empty directory (`diff -rN EMPTY .` prints the tree) and a repository
  // whose .env is tracked (git reads it from objects, not from the working tree).
  mkdirSync(join(root, 'empty'));
  const ws2 = join(root, 'ws2');
  mkdirSync(ws2);
  writeFileSync(join(ws2, '.env'), 'OPENAI_API_KEY=sk-redteam-fake-tracked\n');
  git(ws2, 'init', '-q');
  git(ws2, 'add', '.env');
  git(ws2, '-c', 'user.email=r@t', '-c', 'user.name=rt', 'commit', '-q', '-m', 'init');
  return { root, home, ws, env: hermeticEnv(home, { PATH: `${join(root, 'bin')}${delimiter}${SYSTEM_PATH}` }) };
}

/**
 * Attack pass 16: a second workspace, HOME/ws16 (a git repository), whose links send `..` where
 * their spelling does not: Q -> . (so Q/.. is HOME), links through Q and through .git/info, a
 * link to /proc/self/cwd. A cloned repository can hold every one of them.
 */
function makeLinkWorkspace(home: string): void {
  const ws16 = join(home, 'ws16');
  mkdirSync(ws16);
  writeFileSync(join(ws16, 'README.md'), 'links\n');
  writeFileSync(join(ws16, 'pay.sh'), '#!/bin/sh\necho payload\n');
  mkdirSync(join(ws16, 'sub'));
  git(ws16, 'init', '-q');
  symlinkSync('.', join(ws16, 'Q'));
  symlinkSync('Q/../.bash_profile', join(ws16, 'pq'));
  symlinkSync('Q/../.local/share/shimctl/bin/git', join(ws16, 'gitl'));
  symlinkSync('.git/info', join(ws16, 'gl'));
  symlinkSync('gl/../hooks/pre-commit', join(ws16, 'hookl'));
  symlinkSync('Q9/../.bash_profile', join(ws16, 'later'));
  symlinkSync('/proc/self/cwd', join(ws16, 'pcx'));
  writeFileSync(join(home, '.vault-token'), 'hvs.redteam-fake-vault\n');
  // A dotfiles repository the user config is a link into (P16-09).
  mkdirSync(join(home, 'dotfiles', 'shimctl'), { recursive: true });
  writeFileSync(join(home, 'dotfiles', 'shimctl', 'config.json'), '{}\n');
  mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
  symlinkSync('../../dotfiles/shimctl/config.json', join(home, '.config', 'shimctl', 'config.json'));
  // Open findings of pass 16 (open-findings.json): a directory link up the tree, a protected home
  // file that is a link into the dotfiles, a nested repository under a stricter project config.
  mkdirSync(join(home, 'wsup'));
  writeFileSync(join(home, 'wsup', 'z.txt'), 'z\n');
  symlinkSync('..', join(home, 'wsup', 'up'));
  writeFileSync(join(home, 'dotfiles', 'ssh_environment'), 'LANG=C\n');
  symlinkSync('../dotfiles/ssh_environment', join(home, '.ssh', 'environment'));
  // Attack pass 17: links inside the directories a tree walk skips, and a directory a nested
  // shell turns into a link.
  const ws17 = join(home, 'ws17');
  mkdirSync(join(ws17, 'node_modules'), { recursive: true });
  mkdirSync(join(ws17, 'src', 'a', 'b'), { recursive: true });
  mkdirSync(join(ws17, 'Q'));
  writeFileSync(join(ws17, 'src', 'index.ts'), 'export {};\n');
  symlinkSync(join(home, '.aws'), join(ws17, 'node_modules', 'awsx'));
  // A dotfiles repository managed by links, as GNU stow leaves it (P16-09b): a start-up file, a
  // credential directory and one inside ~/.config are links into it.
  const stow = join(home, 'stow');
  mkdirSync(join(stow, 'docker'), { recursive: true });
  mkdirSync(join(stow, 'gcloud'));
  writeFileSync(join(stow, 'README.md'), 'my dotfiles\n');
  writeFileSync(join(stow, 'zshrc'), 'export EDITOR=vi\n');
  writeFileSync(join(stow, 'docker', 'config.json'), '{"auths":{"r.invalid":{"auth":"cmVkdGVhbTpmYWtl"}}}\n');
  writeFileSync(join(stow, 'gcloud', 'access_tokens.db'), 'ya29.redteamfake\n');
  git(stow, 'init', '-q');
  symlinkSync('stow/zshrc', join(home, '.zshrc'));
  symlinkSync('stow/docker', join(home, '.docker'));
  symlinkSync('../stow/gcloud', join(home, '.config', 'gcloud'));
  // Links inside a searched tree, for readers that do not follow them (they read nothing through
  // them) against readers that do.
  const ws18 = join(home, 'ws18');
  mkdirSync(join(ws18, 'tree'), { recursive: true });
  mkdirSync(join(ws18, 'src'));
  writeFileSync(join(ws18, 'tree', 'a.txt'), 'KEY=placeholder\n');
  writeFileSync(join(ws18, 'src', 'a.txt'), 'other\n');
  symlinkSync(join(home, '.aws'), join(ws18, 'tree', 'awsl'));
  symlinkSync(join(home, '.ssh', 'id_rsa'), join(ws18, 'tree', 'keyl'));
  // A repository that tracks its shimctl project config (attack pass 18, F9): moving the work
  // tree to other commits can remove it.
  const tracked = join(home, 'wsT');
  mkdirSync(tracked);
  writeFileSync(join(tracked, 'a.txt'), 'a\n');
  git(tracked, 'init', '-q');
  git(tracked, 'add', 'a.txt');
  git(tracked, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-qm', 'a');
  writeFileSync(join(tracked, '.shimctlrc.json'), '{"protectedPaths":["secrets/**"]}\n');
  git(tracked, 'add', '.shimctlrc.json');
  git(tracked, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-qm', 'config');
  // A repository whose config points git at a hooks directory in the work tree (attack pass 19, F8).
  const hooked = join(home, 'wsH');
  mkdirSync(join(hooked, 'scripts'), { recursive: true });
  git(hooked, 'init', '-q');
  git(hooked, 'config', 'core.hooksPath', 'scripts/git-hooks');
  // A repository whose hooks directory and .claude are links, and whose config includes a work
  // tree file (attack pass 19, F8); the dotfiles repository holding shimctl's config as a git repo.
  const wsL = join(home, 'wsL');
  mkdirSync(join(wsL, 'tools', 'hooks'), { recursive: true });
  mkdirSync(join(wsL, 'shared-claude'));
  git(wsL, 'init', '-q');
  rmSync(join(wsL, '.git', 'hooks'), { recursive: true, force: true });
  symlinkSync('../tools/hooks', join(wsL, '.git', 'hooks'));
  symlinkSync('shared-claude', join(wsL, '.claude'));
  git(wsL, 'config', 'include.path', '../.gitconfig');
  git(join(home, 'dotfiles'), 'init', '-q');
  const strict = join(home, 'wsP');
  mkdirSync(join(strict, 'secrets'), { recursive: true });
  writeFileSync(join(strict, '.shimctlrc'), '{"protectedPaths":["secrets/**"]}\n');
  writeFileSync(join(strict, 'secrets', 'prod.txt'), 'redteam-fake-prod\n');
  git(strict, 'init', '-q');
  mkdirSync(join(strict, 'sub'));
  git(join(strict, 'sub'), 'init', '-q');
  writeFileSync(join(strict, 'notes.md'), 'notes\n');
  symlinkSync('wsP', join(home, 'linkP'));
  // Attack pass 19, F6 in other shapes: a project nested in the one the command runs in, and
  // other projects whose file cannot be read (invalid, or a code config that is never loaded).
  const outer = join(home, 'wsN');
  mkdirSync(join(outer, 'inner', 'keys'), { recursive: true });
  mkdirSync(join(outer, 'inner', 'data'));
  git(outer, 'init', '-q');
  writeFileSync(join(outer, 'inner', '.shimctlrc.json'), '{"protectedPaths":["keys/**"],"roots":["data"]}\n');
  writeFileSync(join(outer, 'inner', 'keys', 'deploy.txt'), 'redteam-fake-deploy\n');
  writeFileSync(join(outer, 'inner', 'README.md'), 'inner\n');
  // A checkout as CI leaves it (attack pass 18, F11): actions/checkout's token in an http
  // extraHeader, and a remote URL holding a token. Both fake.
  const ci = join(home, 'wsC');
  mkdirSync(ci);
  git(ci, 'init', '-q');
  git(ci, 'remote', 'add', 'origin', 'https://x-access-token:ghs_redteamFAKEredteamFAKE0123@github.com/a/b.git');
  git(ci, 'config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic cmVkdGVhbTpGQUtF');
  pass20Projects(join(home, 'w20'));
  pass21Projects(join(home, 'w21'), home);
  historyRepos(home);
  for (const [name, file, text] of [
    ['wsBad', '.shimctlrc.json', '{"protectedPaths": [\n'],
    ['wsJs', '.shimctlrc.js', 'module.exports = {};\n'],
  ] as const) {
    mkdirSync(join(home, name));
    writeFileSync(join(home, name, file), text);
    writeFileSync(join(home, name, 'notes.txt'), 'notes\n');
  }
}

/** Stages and commits everything in a fixture repository. */
function commit(dir: string): void {
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.name=r', '-c', 'user.email=r@x.invalid', 'commit', '-qm', 'init');
}

/** Writes a fixture file, making its directories. */
function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * Secrets in history (attack passes 18 F6, 22 F2): `wsY` committed a `.env` and a key, then
 * removed them (`git rm`), and a commit holding `id_rsa` left only in the reflog (`reset --hard`),
 * its HEAD a commit of README alone; `wsZ` has `.env` in HEAD, just unstaged (`git rm --cached`);
 * `wsX` holds secrets in objects no ref reaches.
 */
function historyRepos(home: string): void {
  const y = join(home, 'wsY');
  put(join(y, 'README.md'), 'y\n');
  put(join(y, '.env'), 'OPENAI_API_KEY=sk-redteam-fake-history\n');
  put(join(y, 'certs', 'server.key'), '-----BEGIN PRIVATE KEY-----\nREDTEAM-FAKE\n-----END PRIVATE KEY-----\n');
  git(y, 'init', '-q');
  commit(y);
  git(y, 'rm', '-q', '.env', 'certs/server.key');
  commit(y);
  put(
    join(y, 'id_rsa'),
    '-----BEGIN OPENSSH PRIVATE KEY-----\nREDTEAM-FAKE-REFLOG\n-----END OPENSSH PRIVATE KEY-----\n',
  );
  commit(y);
  git(y, 'reset', '-q', '--hard', 'HEAD~1');
  put(join(y, 'README.md'), 'y2\n');
  commit(y);
  const z = join(home, 'wsZ');
  put(join(z, 'README.md'), 'z\n');
  put(join(z, '.env'), 'OPENAI_API_KEY=sk-redteam-fake-unstaged\n');
  git(z, 'init', '-q');
  commit(z);
  git(z, 'rm', '-q', '--cached', '.env');
  // `wsX`'s history holds nothing protected, but its object store does: a blob staged, then
  // unstaged (17456c93…), and wsY's history behind FETCH_HEAD alone (fetched without a ref).
  const x = join(home, 'wsX');
  put(join(x, 'README.md'), 'x\n');
  git(x, 'init', '-q');
  commit(x);
  put(join(x, '.env.local'), 'OPENAI_API_KEY=sk-redteam-fake-dangling\n');
  git(x, 'add', '.env.local');
  git(x, 'reset', '-q', '--', '.env.local');
  git(x, 'fetch', '-q', y);
  // A tag naming that blob: `notes add -C leak` copies it into a note (attack pass 25, F1).
  git(x, 'tag', 'leak', '17456c93dabaf87c7edf33c8633d8a365b6d6aa1');
  // `wsS`: a superproject whose history holds nothing protected, with wsY as a submodule checked
  // out at a commit that holds `.env`: `git diff --submodule=diff` prints it from wsY's history.
  const sup = join(home, 'wsS');
  put(join(sup, 'README.md'), 's\n');
  git(sup, 'init', '-q');
  git(sup, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', y, 'sub');
  commit(sup);
  git(join(sup, 'sub'), 'checkout', '-q', 'HEAD~2');
  // Attack pass 23: `wsR` replaces the commit that added `.env` with its parent (F1); `wsW` has a
  // tracked file named like a branch, deleted from the work tree (F4); `yb.git` is wsY bare (F2).
  const r = join(home, 'wsR');
  put(join(r, 'README.md'), 'r\n');
  git(r, 'init', '-q');
  commit(r);
  put(join(r, '.env'), 'OPENAI_API_KEY=sk-redteam-fake-replaced\n');
  commit(r);
  git(r, 'rm', '-q', '.env');
  put(join(r, 'README.md'), 'r2\n');
  commit(r);
  git(r, 'replace', 'HEAD~1', 'HEAD~2');
  const w = join(home, 'wsW');
  put(join(w, '.env'), 'OPENAI_API_KEY=sk-redteam-fake-branchname\n');
  git(w, 'init', '-q');
  commit(w);
  git(w, 'rm', '-q', '--cached', '.env');
  rmSync(join(w, '.env'));
  put(join(w, 'feature'), 'x\n');
  commit(w);
  git(w, 'branch', 'feature');
  rmSync(join(w, 'feature'));
  git(home, 'clone', '-q', '--bare', y, join(home, 'yb.git'));
  // `wsV`: HEAD changes README only, and the deletion of a committed `.env` is staged: a commit in
  // the same text makes HEAD the commit that shows it.
  const v = join(home, 'wsV');
  put(join(v, 'README.md'), 'v\n');
  put(join(v, '.env'), 'OPENAI_API_KEY=sk-redteam-fake-staged-deletion\n');
  git(v, 'init', '-q');
  commit(v);
  put(join(v, 'README.md'), 'v2\n');
  commit(v);
  git(v, 'rm', '-q', '--cached', '.env');
  // Attack pass 24: `wsU`'s HEAD removes `.env` (F2: `HEAD^!`, `HEAD^@`); `wsF` renamed `.env` to
  // `sample.cfg` and redacted it (F4: `--follow`, `-L`); `wsK` keeps a redacted copy of a `.env`
  // it then removed (F5: copy detection).
  const envText = 'A=1\nB=2\nC=3\nD=4\nOPENAI_API_KEY=sk-redteam-fake-moved\n';
  const u = join(home, 'wsU');
  put(join(u, 'README.md'), 'u\n');
  put(join(u, '.env'), envText);
  git(u, 'init', '-q');
  commit(u);
  git(u, 'rm', '-q', '.env');
  commit(u);
  const f = join(home, 'wsF');
  put(join(f, '.env'), envText);
  git(f, 'init', '-q');
  commit(f);
  git(f, 'mv', '.env', 'sample.cfg');
  put(join(f, 'sample.cfg'), envText.replace('sk-redteam-fake-moved', 'changeme'));
  commit(f);
  const k = join(home, 'wsK');
  put(join(k, '.env'), envText);
  put(join(k, 'README.md'), 'k\n');
  git(k, 'init', '-q');
  commit(k);
  put(join(k, 'env.sample'), envText.replace('sk-redteam-fake-moved', 'changeme'));
  commit(k);
  git(k, 'rm', '-q', '.env');
  commit(k);
}

/**
 * Attack pass 20's projects (its report's fixture): a workspace `app` with a project nested in
 * it, a sibling `other` whose file and secret are committed, `svc` committing a `.env`, `priv`
 * with a local file over committed secrets, `mono` (no git) whose file names a place inside its
 * repository `pkgA`, and `plain2` (no git) protecting `vault/*.txt`.
 */
function pass20Projects(w: string): void {
  put(join(w, 'app', 'README'), 'hi\n');
  git(join(w, 'app'), 'init', '-q');
  commit(join(w, 'app'));
  put(join(w, 'other', '.shimctlrc.json'), '{"protectedPaths":["secrets/**"],"roots":["."]}\n');
  put(join(w, 'other', 'secrets', 'token.txt'), 'FAKE_OTHER_SECRET\n');
  put(join(w, 'other', 'src', 'main.c'), 'int main;\n');
  git(join(w, 'other'), 'init', '-q');
  commit(join(w, 'other'));
  const inner = join(w, 'app', 'vendor', 'inner');
  put(join(inner, '.shimctlrc.json'), '{"protectedPaths":["keys/**"],"roots":["."]}\n');
  put(join(inner, 'keys', 'k.txt'), 'FAKE_INNER_SECRET\n');
  git(inner, 'init', '-q');
  commit(inner);
  put(join(w, 'svc', '.env'), 'API_KEY=FAKE_DOTENV\n');
  put(join(w, 'svc', 'a'), 'x\n');
  git(join(w, 'svc'), 'init', '-q');
  commit(join(w, 'svc'));
  put(join(w, 'priv', 'secrets', 'db.txt'), 'FAKE_PRIV_SECRET\n');
  git(join(w, 'priv'), 'init', '-q');
  commit(join(w, 'priv'));
  put(join(w, 'priv', '.shimctlrc.json'), '{"protectedPaths":["secrets/**"]}\n');
  put(join(w, 'mono', '.shimctlrc.json'), '{"protectedPaths":["pkgA/secrets/**"]}\n');
  put(join(w, 'mono', 'pkgA', 'secrets', 's.txt'), 'FAKE_MONO_A\n');
  mkdirSync(join(w, 'mono', 'pkgB'));
  git(join(w, 'mono', 'pkgA'), 'init', '-q');
  git(join(w, 'mono', 'pkgB'), 'init', '-q');
  put(join(w, 'plain2', '.shimctlrc.json'), '{"protectedPaths":["vault/*.txt"]}\n');
  put(join(w, 'plain2', 'vault', 'a.txt'), 'FAKE_PLAIN2\n');
  mkdirSync(join(w, 'plain2', 'vault', '.git'));
  // A fixture directory with a broken package.json (no shimctl key can be in it).
  put(join(w, 'app', 'test', 'fixtures', 'broken', 'package.json'), '{ "name": \n');
  put(join(w, 'app', 'test', 'fixtures', 'broken', 'index.js'), 'x\n');
}

/**
 * Attack pass 21's shapes: `ws21`, a checkout holding a CI token (extraHeader) that tracks a
 * project file over `pkg/keys`, with a submodule whose own config holds a token and a linked
 * worktree `wt21`; `outrepo`, a repository outside any workspace; and `~/.config/git`.
 */
function pass21Projects(w: string, home: string): void {
  mkdirSync(join(home, '.config', 'git'), { recursive: true });
  put(join(w, 'subsrc', 'lib.c'), 'int x;\n');
  git(join(w, 'subsrc'), 'init', '-q');
  commit(join(w, 'subsrc'));
  const ws = join(w, 'ws21');
  put(join(ws, 'pkg', '.shimctlrc.json'), '{"protectedPaths":["keys/**"]}\n');
  put(join(ws, 'pkg', 'keys', 'k'), 'PKG-SECRET\n');
  put(join(ws, 'README'), 'hi\n');
  git(ws, 'init', '-q');
  git(ws, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', '../subsrc', 'sub');
  commit(ws);
  git(ws, 'config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic cmVkdGVhbTIxOkZBS0U=');
  git(join(ws, 'sub'), 'config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic c3VibW9kdWxlOkZBS0U=');
  git(ws, 'worktree', 'add', '-q', join(w, 'wt21'));
  put(join(w, 'outrepo', 'README'), 'out\n');
  git(join(w, 'outrepo'), 'init', '-q');
  commit(join(w, 'outrepo'));
}

/** A git diff that creates the symbolic link NAME -> TARGET (mode 120000, the target as content). */
const linkPatch = (name: string, target: string, mode = '120000'): string =>
  `diff --git a/${name} b/${name}\nnew file mode ${mode}\nindex 0000000..1111111\n--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+${target}\n\\ No newline at end of file\n`;

/** Patches `git apply` and `git am` are given (review/gitPatches.ts), under ws/patches. */
function writePatches(ws: string, home: string): void {
  const patches: Record<string, string> = {
    'link-home.patch': linkPatch('k', join(home, '.bashrc')),
    'link-rel.patch': linkPatch('docs/k', '../../home/.bashrc'),
    'link-local.patch': linkPatch('docs/latest', 'notes.md'),
    // git keeps only a mode's type: any 120xxx (or 0120000) is a link (pass 15).
    'link-mode-120644.patch': linkPatch('k', join(home, '.bashrc'), '120644'),
    'link-mode-0120000.patch': linkPatch('k', join(home, '.bashrc'), '0120000'),
    // No mode lines: a hunk on a name that is a link now rewrites where it points (pass 15).
    'link-retarget.patch': `diff --git a/readme-link b/readme-link\n--- a/readme-link\n+++ b/readme-link\n@@ -1 +1 @@\n-README.md\n\\ No newline at end of file\n+${join(home, '.bashrc')}\n\\ No newline at end of file\n`,
    'mode-only.patch': 'diff --git a/README.md b/README.md\nold mode 100644\nnew mode 120000\n',
    'link-modify.patch':
      'diff --git a/l b/l\nindex 1111111..2222222 120000\n--- a/l\n+++ b/l\n@@ -1 +1 @@\n-notes.md\n\\ No newline at end of file\n+/etc/cron.d/x\n\\ No newline at end of file\n',
    'rename-aws.patch':
      'diff --git a/README.md b/sub/.aws/credentials\nsimilarity index 100%\nrename from README.md\nrename to sub/.aws/credentials\n',
    // A copy carries its source's contents to a readable name (attack pass 25, F2).
    'copy-env.patch': 'diff --git a/.env b/leak.txt\nsimilarity index 100%\ncopy from .env\ncopy to leak.txt\n',
    'copy-readme.patch':
      'diff --git a/README.md b/readme-copy.md\nsimilarity index 100%\ncopy from README.md\ncopy to readme-copy.md\n',
    'copy-env.mbox':
      'From 1 Mon Sep 17 00:00:00 2001\nFrom: a <a@x.invalid>\nSubject: [PATCH] x\n\n---\ndiff --git a/.env b/leak2.txt\nsimilarity index 100%\ncopy from .env\ncopy to leak2.txt\n',
    'ok.patch':
      'diff --git a/src/b.ts b/src/b.ts\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/src/b.ts\n@@ -0,0 +1 @@\n+export {};\n',
    'encoded.mbox':
      'From 1 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] x\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\nZGlmZiAtLWdpdA==\n',
  };
  mkdirSync(join(ws, 'patches'));
  for (const [name, text] of Object.entries(patches)) writeFileSync(join(ws, 'patches', name), text);
}

/** Fresh HOME, no XDG_*, a PATH we choose; CI so nobody is asked. */
export function hermeticEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: home, PATH: SYSTEM_PATH, LANG: 'C.UTF-8', CI: 'true', ...extra };
}

export function expand(text: string, fx: Fixture): string {
  return text.replaceAll('{home}', fx.home).replaceAll('{ws}', fx.ws).replaceAll('{root}', fx.root);
}

export function hasTool(name: string): boolean {
  return SYSTEM_PATH.split(delimiter).some((d) => {
    try {
      accessSync(join(d, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export function missingTools(c: RedteamCase): string[] {
  return (c.requires ?? []).filter((t) => !hasTool(t));
}

/** Judges every case in ONE `shimctl policy test --json` process (same path as `decide`). */
export function judgeBatch(cli: string, cases: RedteamCase[], fx: Fixture): Verdict[] {
  const file = join(fx.root, `batch-${process.pid}-${Date.now()}.jsonl`);
  const lines = cases.map((c) => {
    const req: Record<string, unknown> = {
      command: expand(c.command, fx),
      cwd: expand(c.cwd ?? '{ws}', fx),
      expect: 'allow',
    };
    if (c.agent) req.agent = c.agent;
    return JSON.stringify(req);
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  const r = spawnSync(process.execPath, [cli, 'policy', 'test', '--json', file], {
    env: fx.env,
    cwd: fx.ws,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`policy test failed (${r.status}): ${r.stderr}`);
  const results = JSON.parse(r.stdout) as { line: number; verdict: Verdict }[];
  const byLine = new Map(results.map((x) => [x.line, x.verdict]));
  return cases.map((_, i) => {
    const v = byLine.get(i + 1);
    if (!v) throw new Error(`policy test returned no verdict for line ${i + 1}`);
    return v;
  });
}

/** One `decide --json` process: the public API the batch must agree with. */
export function decide(
  cli: string,
  request: object,
  fx: Fixture,
): { status: number | null; body: Record<string, unknown> } {
  const r = spawnSync(process.execPath, [cli, 'decide', '--json'], {
    input: JSON.stringify(request),
    env: fx.env,
    cwd: fx.ws,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, body: JSON.parse(r.stdout) as Record<string, unknown> };
}

/** Why a verdict does not meet the expectation, or undefined when it does. */
export function mismatch(c: RedteamCase, v: Verdict): string | undefined {
  const codes = v.reasons.map((x) => x.code);
  // A missing binary blocks everything: that must never be what makes a security case pass.
  if (codes.includes('command.not_found') && c.expect !== 'allow') {
    return `vacuous: a program in '${c.command}' is not installed here (command.not_found); install it or add it to requires`;
  }
  const ok = c.expect === 'not-allow' ? v.decision !== 'allow' : v.decision === c.expect;
  return ok ? undefined : `expected ${c.expect}, got ${v.decision}/${v.risk} [${codes.join(', ')}] — ${c.why}`;
}
