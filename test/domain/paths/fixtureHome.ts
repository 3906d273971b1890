// A real temporary HOME and workspace with real files and symlinks, shared by the path tests.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Fixture {
  root: string;
  home: string;
  ws: string;
  cleanup(): void;
  /** Replaces `$HOME`, `$WS` and `$T` in case data. */
  subst(text: string): string;
}

const HOME_FILES = [
  '.ssh/id_ed25519',
  '.ssh/authorized_keys',
  '.ssh/config',
  '.ssh/sub/.keep',
  '.aws/credentials',
  '.aws/config',
  '.gnupg/private-keys-v1.d/x.key',
  '.git-credentials',
  '.npmrc',
  '.netrc',
  '.docker/config.json',
  '.docker/daemon.json',
  '.kube/config',
  '.config/gcloud/credentials.db',
  '.config/gh/hosts.yml',
  '.config/gh/config.yml',
  '.pypirc',
  '.cargo/credentials.toml',
  '.claude/.credentials.json',
  '.claude/settings.json',
  '.claude.json',
  '.codex/auth.json',
  '.gemini/oauth_creds.json',
  '.config/github-copilot/apps.json',
  '.config/shimctl/config.json',
  '.cache/x/y',
  'notes.md',
  'dotfiles/README.md',
  'dotfiles/profile',
  'dotfiles/ssh_environment',
  'dotlocal/share/keyrings/login.keyring',
];
const WS_FILES = [
  '.env',
  '.env.local',
  '.env.example',
  '.envrc',
  'src/main.ts',
  'safe/inner/.keep',
  'README.md',
  'id_rsa.pub',
];

export function makeFixture(): Fixture {
  // realpath: /tmp may itself be a symlink on some systems; cases compare resolved paths.
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'shimctl-paths-')));
  const home = join(root, 'home');
  const ws = join(root, 'ws');
  const touch = (p: string): void => {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, 'x');
  };
  HOME_FILES.forEach((f) => touch(join(home, f)));
  WS_FILES.forEach((f) => touch(join(ws, f)));
  symlinkSync(join(home, '.ssh'), join(ws, 'keys'));
  symlinkSync(join(home, '.aws/credentials'), join(ws, 'notes.txt'));
  symlinkSync(join(home, '.ssh/sub'), join(ws, 'sp'));
  symlinkSync('/', join(ws, 'rootlink'));
  symlinkSync(home, join(ws, 'homelink'));
  symlinkSync('..', join(ws, 'up'));
  // Dangling: a write through it creates ~/.ssh/rc (issue 12: a new .env must really be new).
  symlinkSync(join(home, '.ssh/rc'), join(ws, 'safe/.env'));
  // Protected places that are links into a dotfiles repository, as GNU stow leaves them: a file, a
  // file inside a protected directory, a directory on the way to a protected one (P16-09b).
  symlinkSync('dotfiles/profile', join(home, '.profile'));
  symlinkSync('../dotfiles/ssh_environment', join(home, '.ssh/environment'));
  symlinkSync('dotlocal', join(home, '.local'));
  return {
    root,
    home,
    ws,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
    subst: (t) => t.replaceAll('$HOME', home).replaceAll('$WS', ws).replaceAll('$T', root),
  };
}
