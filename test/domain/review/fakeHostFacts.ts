import type { HostFacts } from '../../../src/domain/reviewRequest.js';

/**
 * FAKE host facts for pure review tests (the real adapter needs the real machine).
 * Home is /home/u. Every command in `onPath` resolves to /usr/bin/NAME; /bin/NAME is the same
 * file (as on merged-/usr Debian); /opt/evil/NAME and ./NAME are different files.
 * Nothing is a symlink.
 */
export const FAKE_PATH_COMMANDS = [
  'ls', 'cat', 'head', 'tail', 'wc', 'grep', 'rg', 'find', 'git', 'rm', 'cp', 'mv', 'mkdir', 'touch', 'chmod', 'chown',
  'sed', 'awk', 'tar', 'curl', 'wget', 'ssh', 'scp', 'rsync', 'npm', 'npx', 'node', 'python', 'python3', 'perl', 'ruby',
  'php', 'lua', 'deno', 'osascript', 'bash', 'sh', 'dash', 'zsh', 'ksh', 'sudo', 'doas', 'env', 'nice', 'nohup', 'timeout',
  'time', 'xargs', 'stdbuf', 'ionice', 'chrt', 'setsid', 'busybox', 'flock', 'watch', 'strace', 'ltrace', 'nsenter',
  'unshare', 'chroot', 'taskset', 'caffeinate', 'dd', 'mkfs', 'mkfs.ext4', 'make', 'tsc', 'pip', 'pip3', 'cargo', 'docker',
  'vim', 'less', 'man', 'zip', 'tcpdump', 'gdb', 'stat', 'file', 'du', 'df', 'date', 'whoami', 'uname', 'which', 'tee',
  'diff', 'sort', 'jq', 'kill', 'pkill', 'systemctl', 'crontab', 'su', 'apt-get', 'shutdown', 'reboot', 'ln', 'head',
  'printenv', 'id', 'hostname', 'shred', 'nc', 'socat', 'yarn', 'pnpm', 'go', 'pytest', 'gh', 'wipefs', 'fdisk', 'iptables',
  'mount', 'useradd', 'sleep', 'basename', 'realpath', 'tree', 'base64', 'xxd', 'md5sum', 'sha256sum', 'rmdir', 'unlink',
  'printf', 'echo', 'test', 'true', 'false', 'pwd', 'kubectl', 'gawk', 'tr', 'cut', 'uniq', 'nl', 'truncate', 'install',
  'apt', 'nano', 'terraform', 'vi', 'emacs', 'more', 'printenv', 'dpkg', 'nvim', 'fdisk', 'parted', 'bun', 'perl', 'ruby', 'php', 'python2', 'nodejs', 'rmdir', 'gsed',
  'script', 'unzip', 'strings', 'shimctl', 'openssl',
  // Tools with option models (toolModels/), so their cases reach the models.
  'iconv', 'ps', 'pgrep', 'hexdump', 'od', 'seq', 'xzcat', 'zcat', 'bzcat', 'uniq', 'column', 'wc', 'tac', 'comm', 'cmp', 'paste', 'join', 'fold', 'fmt', 'rev',
];

export function fakeHostFacts(extra: { home?: string; onPath?: string[]; links?: Record<string, string> } = {}): HostFacts {
  const home = extra.home ?? '/home/u';
  const onPath = new Set(extra.onPath ?? FAKE_PATH_COMMANDS);
  const links = extra.links ?? {};
  return {
    home,
    // Symlinks from `links` (prefix → target), resolved like realpath on the longest existing prefix.
    realpath: (p) => {
      for (const [from, to] of Object.entries(links)) if (p === from || p.startsWith(from + '/')) return to + p.slice(from.length);
      return p;
    },
    resolveCommand: (name) => (onPath.has(name) ? `/usr/bin/${name}` : undefined),
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
