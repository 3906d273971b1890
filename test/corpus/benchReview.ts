// Benchmark (not a test): in-process decisions per second of reviewCommand over a mixed corpus
// (the review case tables plus the dcg corpus), one core. Run: npx tsx test/corpus/benchReview.ts
// Reports both wall-clock and CPU-time rates: on a shared, loaded machine the CPU-time rate
// (decisions per second of this process's own CPU) is the figure that means something.
import { reviewCommand } from '../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../src/domain/defaultConfig.js';
import { fakeHostFacts } from '../domain/review/fakeHostFacts.js';
import { loadCases } from '../domain/review/caseTable.js';
import { readDcgCases } from './dcgCorpus.js';

const commands = [
  ...loadCases(new URL('../domain/review/cases', import.meta.url).pathname).flatMap((c) => (c.command !== undefined ? [c.command] : [])),
  ...readDcgCases(new URL('../fixtures/dcg', import.meta.url).pathname).map((c) => c.command),
];
const config = defaultConfig();
const facts = fakeHostFacts();
const run = (n: number): number => {
  let blocks = 0;
  for (let i = 0; i < n; i++) if (reviewCommand({ command: commands[i % commands.length]!, cwd: '/work/proj' }, config, facts).verdict.decision === 'block') blocks++;
  return blocks;
};
run(20_000); // warm up
function measure(label: string, f: () => void, n: number): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    wall.push(n / (Number(process.hrtime.bigint() - t0) / 1e9));
    cpu.push(n / ((c.user + c.system) / 1e6));
  }
  const med = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[2]!);
  console.log(`${label}: ${med(cpu)} decisions per CPU-second (wall-clock ${med(wall)}/s), median of 5 rounds of ${n}`);
}
console.log(`corpus: ${commands.length} commands`);
measure('mixed corpus', () => run(50_000), 50_000);
const simple = ['git status', 'ls -la', 'cat README.md', 'npm test', 'echo hi'];
measure('everyday commands', () => { for (let i = 0; i < 50_000; i++) reviewCommand({ command: simple[i % 5]!, cwd: '/work/proj' }, config, facts); }, 50_000);
