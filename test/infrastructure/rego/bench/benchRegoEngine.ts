// Benchmark, not a test: what the Rego engine adds per decision, apart from OPA's own work.
// `opa eval` mode is measured with the STAND-IN `opa-allows` (a /bin/sh script, not OPA), so the
// figure is the spawn + stdin + parse cost only; a real `opa eval` adds its start-up and compile.
// Server mode is measured against the loopback STAND-IN server. Run: npx tsx test/infrastructure/rego/bench/benchRegoEngine.ts
import { createRegoEngine } from '../../../../src/infrastructure/rego/createRegoEngine.js';
import { sampleEngineInput } from '../../../../src/infrastructure/rego/sampleEngineInput.js';
import { regoConfig, standin } from '../regoTestKit.js';
import { StandinOpaServer } from '../standinOpaServer.js';

const RUNS = Number(process.env.RUNS ?? 200);
const input = sampleEngineInput('/tmp');
const env = { PATH: '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };

async function median(label: string, fn: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 10; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.toFixed(2);
  console.log(`${label.padEnd(44)} median ${q(0.5)} ms  p90 ${q(0.9)} ms  (${RUNS} runs)`);
}

const evalEngine = createRegoEngine(regoConfig({ opaPath: standin('opa-allows') }), env);
await median('opa eval mode, sh stand-in (spawn+parse)', () => evalEngine.evaluate(input, { cwd: '/tmp' }));
const server = await new StandinOpaServer().start();
const serverEngine = createRegoEngine(regoConfig({ mode: 'server', url: `${server.url}/allow` }), env);
await median('server mode, loopback stand-in (HTTP)', () => serverEngine.evaluate(input, { cwd: '/tmp' }));
await server.stop();
