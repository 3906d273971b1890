// A stand-in for the human in another terminal: waits for the first pending request, answers it,
// exits, from a pseudo-terminal of its own. Started in the background before a (blocking) agent run. Usage:
//   node answerer.mjs CLI HOME approve|deny [timeoutMs]
import { spawnSync } from 'node:child_process';

const [cli, home, action, timeout = '30000'] = process.argv.slice(2);
const env = { HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' };
const until = Date.now() + Number(timeout);
for (;;) {
  const r = spawnSync(process.execPath, [cli, 'approvals', '--json'], { env, encoding: 'utf8' });
  const pending = r.status === 0 ? JSON.parse(r.stdout) : [];
  if (pending.length > 0) {
    const args = action === 'deny' ? ['deny', pending[0].id, '--reason', 'not today'] : ['approve', pending[0].id];
    // Answers are typed in a terminal: util-linux `script` gives the answer a pty and a session of
    // its own, as a terminal window would (its output then arrives on stdout, CR LF).
    const line = [process.execPath, cli, ...args].map((w) => `'${w.replaceAll("'", `'\\''`)}'`).join(' ');
    const a = spawnSync('script', ['-qec', line, '/dev/null'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    process.stdout.write(JSON.stringify({ request: pending[0], status: a.status, stderr: `${a.stdout}${a.stderr}` }));
    process.exit(a.status ?? 1);
  }
  if (Date.now() > until) process.exit(3);
  await new Promise((res) => setTimeout(res, 100));
}
