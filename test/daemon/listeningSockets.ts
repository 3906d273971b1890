// Whether a given process holds a listening TCP socket (Node's debugger listens on 127.0.0.1:9229).
// Per process, through /proc, so tests running side by side cannot confuse each other's ports.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

function socketInodes(pid: number): Set<string> {
  const out = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) out.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return out;
}

/** The `/proc/net/tcp{,6}` rows in LISTEN state: [local address, inode]. */
function listeningRows(): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A') rows.push([cols[1] ?? '', cols[9] ?? '']); // 0A = LISTEN
    }
  }
  return rows;
}

export function listensOnTcp(pid: number): boolean {
  const mine = socketInodes(pid);
  return listeningRows().some(([, inode]) => mine.has(inode));
}

/**
 * Whether any process on this machine listens on TCP `port` (any address). A taken 9229 would make
 * a signalled reviewer fail to open its debugger, and a "did not open it" check pass for that reason.
 */
export function portListening(port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return listeningRows().some(([local]) => local.endsWith(`:${hex}`));
}
