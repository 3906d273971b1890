// Audit and execution benchmarks: tail latency on a 1 MiB vs a 1 GiB log, audit writer
// throughput, and executor spawn overhead against bare child_process.spawn.
// Usage: node scripts/benchAudit.mjs [--quick]   (files go to a temp dir, removed afterwards)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const work = mkdtempSync(join(tmpdir(), 'shimctl-bench-audit-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(3)} ms`;

async function bundle(name, source) {
  const entry = join(work, `${name}.ts`);
  writeFileSync(entry, source);
  const out = join(work, `${name}.cjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'silent',
    absWorkingDir: root,
    nodePaths: [join(root, 'node_modules')],
  });
  return out;
}

function record(i) {
  return {
    v: 1,
    ts: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    id: `bench-${i}`,
    session: 's1',
    agent: i % 3 ? 'claude' : 'gemini',
    cwd: '/home/dev/project',
    command: `git log --oneline -n ${i % 50} -- src/module${i % 97}.ts`,
    argv: ['git', 'log', '--oneline'],
    decision: ['allow', 'ask', 'block'][i % 3],
    risk: 'low',
    reasons: [{ code: 'command.allowed', message: 'git log is read-only' }],
    rule_ids: ['git:log'],
    exitCode: 0,
    signal: null,
    durationMs: 12,
    stdoutBytes: 300,
    stderrBytes: 0,
    truncated: false,
    timedOut: false,
  };
}

/** A log of `bytes` made by repeating one 1 MiB block of real records: fast to generate. */
function generateLog(dir, bytes) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lines = [];
  let size = 0;
  for (let i = 0; size < 1 << 20; i++) {
    const l = `${JSON.stringify(record(i))}\n`;
    lines.push(l);
    size += Buffer.byteLength(l);
  }
  const block = Buffer.from(lines.join(''));
  const path = join(dir, 'audit.jsonl');
  const fd = openSync(path, 'w', 0o600);
  for (let written = 0; written < bytes; written += block.length) writeSync(fd, block);
  closeSync(fd);
  return path;
}

const lib = createRequire(import.meta.url)(
  await bundle(
    'lib',
    `
export { createAuditLog } from ${JSON.stringify(join(root, 'src/infrastructure/audit/createAuditLog.ts'))};
export { auditLinesNewestFirst } from ${JSON.stringify(join(root, 'src/infrastructure/audit/readLinesBackward.ts'))};
export { selectLastRecords } from ${JSON.stringify(join(root, 'src/application/auditQuery/selectRecords.ts'))};
export { createExecutor } from ${JSON.stringify(join(root, 'src/infrastructure/exec/createExecutor.ts'))};
export { sanitizeAuditRecord } from ${JSON.stringify(join(root, 'src/domain/audit/sanitizeAuditRecord.ts'))};
`,
  ),
);

const results = {};
try {
  // 1. tail latency
  for (const [label, bytes] of [
    ['1 MiB', 1 << 20],
    ['1 GiB', quick ? 64 << 20 : 1 << 30],
  ]) {
    const home = join(work, label.replace(' ', ''));
    const dir = join(home, '.local/state/shimctl/audit');
    const t0 = performance.now();
    const path = generateLog(dir, bytes);
    const genMs = performance.now() - t0;
    const inProc = [];
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      const got = lib.selectLastRecords(lib.auditLinesNewestFirst(path), {}, 20);
      inProc.push(performance.now() - s);
      if (got.length !== 20) throw new Error('tail returned the wrong count');
    }
    const cli = [];
    for (let i = 0; i < (quick ? 3 : 7); i++) {
      const s = performance.now();
      const r = spawnSync(process.execPath, [join(root, 'bin/shimctl.cjs'), 'audit', 'tail', '-n', '20'], {
        env: { PATH: process.env.PATH, HOME: home },
      });
      cli.push(performance.now() - s);
      if (r.status !== 0) throw new Error(`cli tail failed: ${r.stderr}`);
    }
    results[`tail -n 20, ${label === '1 GiB' && quick ? '64 MiB' : label} log (in-process median)`] = ms(
      median(inProc),
    );
    results[`tail -n 20, ${label === '1 GiB' && quick ? '64 MiB' : label} log (whole CLI median)`] = ms(median(cli));
    results[`generating the ${label} log`] = ms(genMs);
    rmSync(path);
  }

  // 2. writer throughput
  const whome = join(work, 'writer');
  const log = lib.createAuditLog({ auditLog: join(whome, 'audit/audit.jsonl') }, { maxBytes: 50 << 20, keep: 2 });
  const n = quick ? 5000 : 50_000;
  const w = await log.open();
  let s = performance.now();
  for (let i = 0; i < n; i++) await w.write(record(i));
  const oneWriter = n / ((performance.now() - s) / 1000);
  await w.close();
  results['audit writer, one open writer (records/s, redaction included)'] = Math.round(oneWriter);
  s = performance.now();
  const m = quick ? 500 : 2000;
  for (let i = 0; i < m; i++) {
    const x = await log.open();
    await x.write(record(i));
    await x.close();
  }
  results['audit writer, open+write+close per record as a shim does (records/s)'] = Math.round(
    m / ((performance.now() - s) / 1000),
  );

  // 2b. what the hash chain adds per record (issue 17): the chained writer against the same
  // record sanitized and appended with one write(2) and nothing else (the v1 writer's work),
  // interleaved so load drift hits both alike. Medians in microseconds.
  {
    const dir = join(work, 'chain');
    mkdirSync(dir, { recursive: true });
    const plainFd = openSync(join(dir, 'plain.jsonl'), 'a', 0o600);
    const chained = lib.createAuditLog({ auditLog: join(dir, 'audit/audit.jsonl') }, { maxBytes: 0, keep: 2 });
    const held = await chained.open();
    const k = quick ? 1000 : 5000;
    const plain = [];
    const chainOpen = [];
    const chainShim = [];
    for (let i = 0; i < k; i++) {
      let t = process.hrtime.bigint();
      writeSync(plainFd, `${JSON.stringify(lib.sanitizeAuditRecord(record(i)))}\n`);
      plain.push(Number(process.hrtime.bigint() - t) / 1000);
      t = process.hrtime.bigint();
      await held.write(record(i));
      chainOpen.push(Number(process.hrtime.bigint() - t) / 1000);
      if (i % 5 === 0) {
        t = process.hrtime.bigint();
        const x = await chained.open();
        await x.write(record(i));
        await x.close();
        chainShim.push(Number(process.hrtime.bigint() - t) / 1000);
      }
    }
    await held.close();
    closeSync(plainFd);
    const us = (x) => `${x.toFixed(1)} µs`;
    results['record: sanitize + one write(2), no chain (median)'] = us(median(plain));
    results['record: chained writer, held open as the resident process does (median)'] = us(median(chainOpen));
    results['record: chained writer, open+write+close as a per-command core does (median)'] = us(median(chainShim));
    results['chain cost per record, held-open writer minus plain (median)'] = us(median(chainOpen) - median(plain));
  }

  // 3. executor overhead vs bare spawn (in-process, /bin/true, output piped)
  const exec = lib.createExecutor({ stdout: process.stdout, stderr: process.stderr });
  const spec = {
    file: '/bin/true',
    args: [],
    cwd: work,
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: 10_000,
    graceMs: 1000,
    maxOutputBytes: 1 << 20,
  };
  const runs = quick ? 50 : 300;
  const viaExec = [];
  const viaSpawn = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await exec.run(spec);
    viaExec.push(performance.now() - t);
    t = performance.now();
    await new Promise((res) =>
      spawn('/bin/true', [], { stdio: ['inherit', 'pipe', 'pipe'], detached: true }).on('close', res),
    );
    viaSpawn.push(performance.now() - t);
  }
  results['run /bin/true: bounded executor (median)'] = ms(median(viaExec));
  results['run /bin/true: bare child_process.spawn (median)'] = ms(median(viaSpawn));
  const loadExeca = await bundle('loadExeca', `import { execa } from 'execa'; console.log(typeof execa);`);
  const loadNothing = await bundle('loadNothing', `console.log('function');`);
  const startup = (file) =>
    median(
      Array.from({ length: 9 }, () => {
        const t = performance.now();
        spawnSync(process.execPath, [file]);
        return performance.now() - t;
      }),
    );
  results['node start + loading the execa bundle, minus bare node start'] = ms(
    startup(loadExeca) - startup(loadNothing),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

const width = Math.max(...Object.keys(results).map((k) => k.length));
for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
