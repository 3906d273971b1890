import { spawnSync } from 'node:child_process';

/** Runs `fn(i)` in a tight loop: warmup, then at least `seconds` measured. Returns calls per second. */
export function throughput(fn, { warmupSeconds = 0.5, seconds = 2 } = {}) {
  const run = (limitMs) => {
    const start = performance.now();
    let n = 0;
    let now = start;
    while (now - start < limitMs) {
      for (let k = 0; k < 256; k++) fn(n++);
      now = performance.now();
    }
    return { n, ms: now - start };
  };
  run(warmupSeconds * 1000);
  const cpu0 = process.cpuUsage();
  const { n, ms } = run(seconds * 1000);
  const cpu = process.cpuUsage(cpu0);
  // Per CPU-second as well: on a busy machine wall time mostly measures the other processes.
  return { perSecond: (n / ms) * 1000, perCpuSecond: n / ((cpu.user + cpu.system) / 1e6), calls: n, ms };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Wall time of `count` runs of a process, after `warmup` unmeasured ones; milliseconds, sorted. */
export function processLatency(file, args, { input, env, cwd, count = 50, warmup = 3 }) {
  const times = [];
  let last;
  for (let i = 0; i < warmup + count; i++) {
    const t0 = performance.now();
    last = spawnSync(file, args, { input, env, cwd, encoding: 'utf8' });
    const dt = performance.now() - t0;
    if (i >= warmup) times.push(dt);
  }
  return { times: times.sort((a, b) => a - b), last };
}

/** Like `throughput`, for an async function awaited one call at a time. */
export async function asyncThroughput(fn, { warmupSeconds = 0.5, seconds = 2 } = {}) {
  const run = async (limitMs) => {
    const start = performance.now();
    let n = 0;
    let now = start;
    while (now - start < limitMs) {
      for (let k = 0; k < 64; k++) await fn(n++);
      now = performance.now();
    }
    return { n, ms: now - start };
  };
  await run(warmupSeconds * 1000);
  const cpu0 = process.cpuUsage();
  const { n, ms } = await run(seconds * 1000);
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: (n / ms) * 1000, perCpuSecond: n / ((cpu.user + cpu.system) / 1e6), calls: n, ms };
}
