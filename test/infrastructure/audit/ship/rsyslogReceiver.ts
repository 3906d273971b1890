// A real Debian rsyslog (rsyslogd) as the syslog receiver, on a loopback TCP port, writing each
// message body to a file. Installed by .ci/run (apt-get install rsyslog); tests skip, saying
// why, only when rsyslogd is missing and cannot be installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function rsyslogdPath(): string | undefined {
  for (const p of ['/usr/sbin/rsyslogd', '/sbin/rsyslogd']) if (existsSync(p)) return p;
  // Not installed: try once (root in CI), waiting for another apt-get to finish.
  const r = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '-q', 'rsyslog'], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status === 0 && existsSync('/usr/sbin/rsyslogd')) return '/usr/sbin/rsyslogd';
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Rsyslog {
  port: number;
  out: string;
  messages(): string[];
  stop(): void;
  start(): Promise<void>;
  /** Stops it and removes its directory (config, work files, what it received). */
  remove(): void;
}

export async function startRsyslog(binary: string, port?: number): Promise<Rsyslog> {
  const dir = mkdtempSync(join(tmpdir(), 'shimctl-rsyslog-'));
  const out = join(dir, 'received.log');
  const p = port ?? (await freePort());
  const conf = join(dir, 'rsyslog.conf');
  writeFileSync(
    conf,
    [
      `global(workDirectory="${dir}")`,
      'module(load="imtcp")',
      `input(type="imtcp" address="127.0.0.1" port="${p}")`,
      'template(name="body" type="string" string="%app-name% %msg%\\n")',
      `*.* action(type="omfile" file="${out}" template="body")`,
      '',
    ].join('\n'),
  );
  let child: ReturnType<typeof spawn> | undefined;
  const handle: Rsyslog = {
    port: p,
    out,
    messages: () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : []),
    stop: () => {
      child?.kill('SIGKILL');
      child = undefined;
    },
    remove: () => {
      handle.stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
    async start() {
      child = spawn(binary, ['-n', '-f', conf, '-i', join(dir, 'pid')], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        const ok = await new Promise<boolean>((resolve) => {
          const s = createConnection({ host: '127.0.0.1', port: p });
          s.once('connect', () => {
            s.destroy();
            resolve(true);
          });
          s.once('error', () => resolve(false));
        });
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('rsyslogd did not listen');
    },
  };
  await handle.start();
  return handle;
}
