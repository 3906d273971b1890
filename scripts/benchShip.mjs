// Shipping figures (issue 14): for each target (OTLP/HTTP protobuf to a loopback receiver, the
// stand-in Loki, a real rsyslogd when installed, a file):
// - throughput and lag: 8 writer processes (the real audit writer) write WRITES records between
//   them while `shipOnce` runs back to back; records/s delivered (first write to last arrival)
//   and the lag after the last write until everything has arrived;
// - catch-up: a backlog of BACKLOG records (written before any shipping) shipped by one run:
//   its wall time, or the error that stopped it.
// Usage: node scripts/benchShip.mjs [--writes N] [--backlog N]   (defaults 4000 and 100000)
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const WRITES = arg('--writes', 4000);
const BACKLOG = arg('--backlog', 100_000);
const WRITERS = 8;
const run = promisify(execFile);
// Inside the repository: pino resolves its transports by name from the caller's directory.
const work = join(root, '.bench-ship');
mkdirSync(work, { recursive: true });
const t = (p) => join(root, 'test/infrastructure/audit', p);
const entry = join(work, 'entry.ts');
await import('node:fs').then((fs) =>
  fs.writeFileSync(
    entry,
    `
export { shipOnce } from ${JSON.stringify(join(root, 'src/infrastructure/audit/ship/shipOnce.ts'))};
export { createAuditLog } from ${JSON.stringify(join(root, 'src/infrastructure/audit/createAuditLog.ts'))};
export { statePaths } from ${JSON.stringify(join(root, 'src/infrastructure/paths/statePaths.ts'))};
export { startOtlpReceiver } from ${JSON.stringify(t('ship/otlpReceiver.ts'))};
export { startStandInLoki } from ${JSON.stringify(t('ship/standInLoki.ts'))};
export { rsyslogdPath, startRsyslog } from ${JSON.stringify(t('ship/rsyslogReceiver.ts'))};
`,
  ),
);
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: join(work, 'lib.mjs'),
  external: ['pino', 'pino-*', 'protobufjs', 'esbuild'],
  logLevel: 'silent',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
copyFileSync(t('ship/httpSinkWorker.mjs'), join(work, 'httpSinkWorker.mjs'));
await build({
  entryPoints: [t('writerProcess.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: join(work, 'writer.cjs'),
  logLevel: 'silent',
});
const lib = await import(join(work, 'lib.mjs'));

const home = () => mkdtempSync(join(tmpdir(), 'shimctl-bench-ship-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rsyslogd = lib.rsyslogdPath();

/** A started receiver for `kind`: its target and a count of what arrived. */
async function receiver(kind, dir) {
  if (kind === 'otlp') {
    const r = await lib.startOtlpReceiver();
    return {
      target: { type: 'otlp', url: r.url, protocol: 'http/protobuf' },
      count: () => r.logs.length,
      stop: () => r.close(),
    };
  }
  if (kind === 'loki') {
    const r = await lib.startStandInLoki();
    return { target: { type: 'loki', url: r.url }, count: () => r.lines.length, stop: () => r.close() };
  }
  // rsyslog may split a long record over lines: count distinct record ids.
  if (kind === 'syslog') {
    const r = await lib.startRsyslog(rsyslogd);
    return {
      target: { type: 'syslog', host: '127.0.0.1', port: r.port },
      count: () =>
        new Set(
          r
            .messages()
            .join('\n')
            .match(/"id":"[^"]+"/g),
        ).size,
      stop: async () => r.stop(),
    };
  }
  const path = join(dir, 'shipped.jsonl');
  return {
    target: { type: 'file', path },
    count: () => {
      try {
        return readFileSync(path, 'utf8').split('\n').length - 1;
      } catch {
        return 0;
      }
    },
    stop: async () => {},
  };
}

async function throughput(kind) {
  const dir = home();
  const r = await receiver(kind, dir);
  const paths = lib.statePaths({ HOME: dir });
  const config = { targets: [r.target], timeoutMs: 60_000 };
  const per = WRITES / WRITERS;
  const t0 = performance.now();
  let lastWrite = 0;
  const writers = Promise.all(
    Array.from({ length: WRITERS }, (_, w) =>
      run(process.execPath, [join(work, 'writer.cjs'), dir, String(w), String(per), String(1 << 30), '3']),
    ),
  ).then(() => {
    lastWrite = performance.now();
  });
  let errors = 0;
  const messages = new Set();
  while (lastWrite === 0 || r.count() < WRITES) {
    const res = await lib.shipOnce(paths.auditLog, join(dir, 'cursor'), config);
    if (res.error) {
      errors++;
      messages.add(res.error);
    }
    if (res.sent === 0) await sleep(20);
    if (performance.now() - t0 > 300_000) break;
  }
  await writers;
  const done = performance.now();
  const arrived = r.count();
  await r.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    kind,
    perSec: (arrived / ((done - t0) / 1000)).toFixed(0),
    writeSec: ((lastWrite - t0) / 1000).toFixed(1),
    lagMs: (done - lastWrite).toFixed(0),
    arrived,
    errors,
    messages: [...messages].join('; '),
  };
}

async function catchUp(kind, backlogLog) {
  const dir = home();
  const r = await receiver(kind, dir);
  const paths = lib.statePaths({ HOME: dir });
  mkdirSync(join(paths.auditLog, '..'), { recursive: true });
  copyFileSync(backlogLog, paths.auditLog);
  const t0 = performance.now();
  const res = await lib.shipOnce(paths.auditLog, join(dir, 'cursor'), { targets: [r.target], timeoutMs: 600_000 });
  const ms = performance.now() - t0;
  // The receivers decode in this thread after answering: give them time to count (not timed).
  for (let i = 0; i < 1200 && r.count() < BACKLOG && res.advanced; i++) await sleep(100);
  const arrived = r.count();
  await r.stop();
  rmSync(dir, { recursive: true, force: true });
  return { kind, seconds: (ms / 1000).toFixed(1), advanced: res.advanced, arrived, error: res.error ?? '' };
}

const kinds = ['otlp', 'loki', ...(rsyslogd ? ['syslog'] : []), 'file'];
const rows = [];
for (const k of kinds) rows.push(await throughput(k));
// The backlog: BACKLOG records written once by the real writer, copied for each target.
const tw = performance.now();
const backlogHome = home();
const blPaths = lib.statePaths({ HOME: backlogHome });
const w = await lib.createAuditLog(blPaths, { maxBytes: 1 << 30, keep: 3 }).open();
for (let i = 0; i < BACKLOG; i++) {
  await w.write({
    v: 1,
    ts: new Date().toISOString(),
    id: `b-${i}`,
    agent: 'bench',
    cwd: '/tmp',
    command: `git status --short src/module${i % 97}.ts`,
    argv: ['git', 'status', '--short'],
    decision: 'allow',
    risk: 'low',
    reasons: [{ code: 'command.allowed', message: 'git status is read-only' }],
    rule_ids: [],
  });
}
await w.close();
const size = statSync(blPaths.auditLog).size;
const writeBacklogS = ((performance.now() - tw) / 1000).toFixed(0);
const catchRows = [];
for (const k of kinds) catchRows.push(await catchUp(k, blPaths.auditLog));
rmSync(backlogHome, { recursive: true, force: true });
rmSync(work, { recursive: true, force: true });

console.log(
  `shipping bench  node ${process.version}  ${cpus().length} cpus  load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(`\n${WRITERS} writers, ${WRITES} records, shipOnce back to back:`);
for (const r of rows)
  console.log(
    `  ${r.kind.padEnd(7)} ${String(r.perSec).padStart(6)} records/s delivered  (writes took ${r.writeSec} s; lag after last write ${r.lagMs} ms; ${r.arrived} arrived; ${r.errors} failed runs${r.errors ? `: ${r.messages}` : ''})`,
  );
console.log(
  `\ncatch-up: ${BACKLOG} backlogged records (${(size / 1e6).toFixed(1)} MB, written in ${writeBacklogS} s) in one run:`,
);
for (const r of catchRows)
  console.log(
    `  ${r.kind.padEnd(7)} ${r.seconds} s  ${r.advanced ? 'delivered' : 'NOT delivered'}  (${r.arrived} arrived) ${r.error}`,
  );
