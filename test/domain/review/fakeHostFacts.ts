import type {
  GitHeadFact,
  GitHistoryFact,
  GitIndexFact,
  GitObject,
  GitObjectsFact,
  HostFacts,
} from '../../../src/domain/reviewRequest.js';

/**
 * FAKE repositories (their indexes) for the git cases: /work/proj tracks ordinary files only;
 * /work/tracked tracks a `.env`, a key and a nested `.env.production`; /work/corrupt's index cannot
 * be read. Anything else is outside a work tree. The lists are module constants, so the same array
 * comes back on every call, as the real adapter does while an index is unchanged.
 */
export const FAKE_INDEXES: Readonly<Record<string, readonly string[] | undefined>> = {
  '/work/proj': ['.env.example', '.gitignore', 'README.md', 'docs/notes.md', 'package.json', 'src/a.ts', 'src/b.ts'],
  '/work/tracked': [
    '.env',
    '.env.example',
    'README.md',
    'config/.env.production',
    'config/app.json',
    'deploy/server.key',
    'docs/notes.md',
    'src/a.ts',
    'src/lib/b.ts',
  ],
  '/work/corrupt': undefined,
  '/work/scrubbed': ['README.md', 'src/a.ts'],
  '/work/unlisted': ['README.md'],
};

/**
 * FAKE histories (HostFacts.gitHistory, gitHead) for the commands that print from commits:
 * /work/scrubbed's index holds ordinary files only, but HEAD's tree still holds `.env` (unstaged
 * with `git rm --cached`), HEAD's commit deletes `deploy/server.key`, and an older commit holds
 * `old/id_rsa`; /work/unlisted's history cannot be listed. Every other repository's history and
 * HEAD hold what its index holds, and HEAD changes nothing protected.
 */
const FAKE_HISTORIES: Readonly<Record<string, { history: string[]; tree: string[]; changes: string[] }>> = {
  '/work/scrubbed': {
    history: ['README.md', 'src/a.ts', '.env', 'deploy/server.key', 'old/id_rsa'],
    tree: ['README.md', 'src/a.ts', '.env'],
    changes: ['deploy/server.key', 'src/a.ts'],
  },
};

/** FAKE commits every history holds; `FAKE_OBJECTS` says what each revision names. */
const FAKE_COMMITS: ReadonlySet<string> = new Set(['c'.repeat(40)]);

/**
 * FAKE revisions: `0badb10b` names a blob, `77ee77ee` a tree, `dangling1` a commit no ref reaches,
 * `nosuchrev` nothing; any other name a commit of the history.
 */
const FAKE_OBJECTS: Readonly<Record<string, GitObject | undefined>> = {
  '0badb10b': { id: '0badb10b'.padEnd(40, '0'), type: 'blob' },
  '77ee77ee': { id: '77ee77ee'.padEnd(40, '0'), type: 'tree' },
  dangling1: { id: 'e'.repeat(40), type: 'commit' },
  nosuchrev: undefined,
};

export function fakeGitObjects(root: string, names: readonly string[]): GitObjectsFact {
  if (root === '/work/unlisted') return { problem: 'FAKE: git cat-file timed out' };
  const listed: GitObject = { id: 'c'.repeat(40), type: 'commit' };
  return { objects: new Map(names.map((n) => [n, Object.hasOwn(FAKE_OBJECTS, n) ? FAKE_OBJECTS[n] : listed])) };
}

export function fakeGitHistory(root: string): GitHistoryFact {
  if (root === '/work/unlisted') return { problem: 'git log did not finish (FAKE: timed out)' };
  return { paths: FAKE_HISTORIES[root]?.history ?? FAKE_INDEXES[root] ?? [], commits: FAKE_COMMITS };
}

export function fakeGitHead(root: string): GitHeadFact {
  if (root === '/work/unlisted') return { problem: 'git ls-tree did not finish (FAKE: timed out)' };
  const h = FAKE_HISTORIES[root];
  return h ? { tree: h.tree, changes: h.changes } : { tree: FAKE_INDEXES[root] ?? [], changes: [] };
}

/**
 * FAKE patch files for `git apply`/`git am` (review/gitPatches.ts): any `p.diff`, `p.patch` or
 * `p.mbox` is an ordinary patch of src/a.ts; `link.diff` makes `k` a link to /home/u/.bashrc;
 * anything else does not exist.
 */
export function fakePatchFile(abs: string): { text: string } | { problem: string } {
  if (/\/p\.(?:diff|patch|mbox)$/.test(abs))
    return { text: 'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n' };
  if (abs.endsWith('/link.diff'))
    return {
      text: 'diff --git a/k b/k\nnew file mode 120000\n--- /dev/null\n+++ b/k\n@@ -0,0 +1 @@\n+/home/u/.bashrc\n',
    };
  return { problem: 'no such file' };
}

export function fakeGitIndex(dir: string): GitIndexFact | undefined {
  for (const [root, paths] of Object.entries(FAKE_INDEXES))
    if (dir === root || dir.startsWith(`${root}/`)) return { root, paths };
  return undefined;
}

/**
 * FAKE host facts for pure review tests (the real adapter needs the real machine).
 * Home is /home/u. Every command in `onPath` resolves to /usr/bin/NAME; /bin/NAME is the same
 * file (as on merged-/usr Debian); /opt/evil/NAME and ./NAME are different files.
 * Nothing is a symlink.
 */
export const FAKE_PATH_COMMANDS = [
  'ls',
  'mktemp',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'rg',
  'find',
  'git',
  'rm',
  'cp',
  'mv',
  'mkdir',
  'touch',
  'chmod',
  'chown',
  'sed',
  'awk',
  'tar',
  'curl',
  'wget',
  'ssh',
  'scp',
  'rsync',
  'npm',
  'npx',
  'node',
  'python',
  'python3',
  'perl',
  'ruby',
  'php',
  'lua',
  'deno',
  'osascript',
  'bash',
  'sh',
  'dash',
  'zsh',
  'ksh',
  'sudo',
  'doas',
  'env',
  'nice',
  'nohup',
  'timeout',
  'time',
  'xargs',
  'stdbuf',
  'ionice',
  'chrt',
  'setsid',
  'busybox',
  'flock',
  'watch',
  'strace',
  'ltrace',
  'nsenter',
  'unshare',
  'chroot',
  'taskset',
  'caffeinate',
  'dd',
  'mkfs',
  'mkfs.ext4',
  'make',
  'tsc',
  'pip',
  'pip3',
  'pip3.11',
  'cargo',
  'docker',
  'vim',
  'less',
  'man',
  'zip',
  'tcpdump',
  'gdb',
  'stat',
  'file',
  'du',
  'df',
  'date',
  'whoami',
  'uname',
  'which',
  'tee',
  'diff',
  'sort',
  'jq',
  'kill',
  'pkill',
  'systemctl',
  'journalctl',
  'crontab',
  'su',
  'apt-get',
  'shutdown',
  'reboot',
  'ln',
  'head',
  'printenv',
  'id',
  'hostname',
  'shred',
  'nc',
  'socat',
  'yarn',
  'pnpm',
  'go',
  'pytest',
  'gh',
  'wipefs',
  'fdisk',
  'iptables',
  'mount',
  'useradd',
  'sleep',
  'basename',
  'realpath',
  'tree',
  'base64',
  'xxd',
  'md5sum',
  'sha256sum',
  'rmdir',
  'unlink',
  'printf',
  'echo',
  'test',
  'true',
  'false',
  'pwd',
  'kubectl',
  'gawk',
  'tr',
  'cut',
  'uniq',
  'nl',
  'truncate',
  'install',
  'apt',
  'nano',
  'terraform',
  'vi',
  'emacs',
  'more',
  'printenv',
  'dpkg',
  'nvim',
  'fdisk',
  'parted',
  'sfdisk',
  'bun',
  'perl',
  'ruby',
  'php',
  'python2',
  'nodejs',
  'rmdir',
  'gsed',
  'script',
  'unzip',
  'strings',
  'shimctl',
  'openssl',
  // Tools with option models (toolModels/), so their cases reach the models.
  'mawk',
  '7z',
  'gzip',
  'gunzip',
  'bzip2',
  'bunzip2',
  'xz',
  'unxz',
  'zstd',
  'unzstd',
  'iconv',
  'ps',
  'pgrep',
  'hexdump',
  'od',
  'seq',
  'xzcat',
  'zcat',
  'bzcat',
  'uniq',
  'column',
  'wc',
  'tac',
  'comm',
  'cmp',
  'paste',
  'join',
  'fold',
  'fmt',
  'rev',
  'ping',
  'dig',
  'host',
  'nslookup',
  'traceroute',
  'ip',
  'ss',
  'netstat',
  'lsof',
  'ifconfig',
  'apt-cache',
  'dpkg-query',
  'zipinfo',
  'ag',
];

export function fakeHostFacts(
  extra: { home?: string; onPath?: string[]; links?: Record<string, string> } = {},
): HostFacts {
  const home = extra.home ?? '/home/u';
  const onPath = new Set(extra.onPath ?? FAKE_PATH_COMMANDS);
  const links = extra.links ?? {};
  return {
    home,
    // Symlinks from `links` (prefix → target), resolved like realpath on the longest existing prefix.
    realpath: (p) => {
      for (const [from, to] of Object.entries(links))
        if (p === from || p.startsWith(from + '/')) return to + p.slice(from.length);
      return p;
    },
    resolveCommand: (name) => (onPath.has(name) ? `/usr/bin/${name}` : undefined),
    gitIndex: fakeGitIndex,
    gitHistory: fakeGitHistory,
    gitHead: fakeGitHead,
    gitObjects: fakeGitObjects,
    patchFile: fakePatchFile,
    fileId: (abs) => {
      const m = /^\/(?:usr\/)?bin\/([^/]+)$/.exec(abs);
      if (m && onPath.has(m[1]!)) return `fake:${m[1]}`;
      if (abs.startsWith('/opt/evil/') || abs.startsWith('/work/')) return `other:${abs}`;
      return undefined;
    },
  };
}

/** Every bare name resolves (for the corpus, whose commands need not exist here). */
export function permissiveFakeHostFacts(home = '/home/u'): HostFacts {
  return {
    home,
    realpath: (p) => p,
    resolveCommand: (name) => `/usr/bin/${name}`,
    fileId: (abs) => {
      const m = /^\/(?:usr\/)?bin\/([^/]+)$/.exec(abs);
      return m ? `fake:${m[1]}` : undefined;
    },
  };
}
