import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// Which process is at the other end of a loopback TCP connection: the kernel's socket table
// (/proc/net/tcp, tcp6) gives the inode of the socket whose local port is the peer's port and
// whose remote port is ours; the process holding that inode as a descriptor is the peer. Used to
// refuse approval answers from inside an agent's process tree (the same rule as the CLI's).

function inodesFor(peerPort: number, serverPort: number): Set<string> {
  const out = new Set<string>();
  const hex = (p: number) => p.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const local = f[1]!.split(':')[1];
      const remote = f[2]!.split(':')[1];
      if (local === hex(peerPort) && remote === hex(serverPort) && f[9] !== '0') out.add(f[9]!);
    }
  }
  return out;
}

/** The pids holding the peer's socket (a forked client can share it), or [] when none is found. */
export function loopbackPeerPids(peerPort: number, serverPort: number): number[] {
  const inodes = inodesFor(peerPort, serverPort);
  if (inodes.size === 0) return [];
  const want = new Set([...inodes].map((i) => `socket:[${i}]`));
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${name}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (want.has(readlinkSync(`/proc/${name}/fd/${fd}`))) {
          pids.push(Number(name));
          break;
        }
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return pids;
}
