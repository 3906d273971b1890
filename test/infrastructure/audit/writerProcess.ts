// One concurrent writer for the concurrency tests (bundled once by the test, run as N processes).
// argv: home writerId count maxBytes keep
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';

async function main(): Promise<void> {
  const [home, writer, count, maxBytes, keep] = process.argv.slice(2);
  const log = createAuditLog(statePaths({ HOME: home! }), { maxBytes: Number(maxBytes), keep: Number(keep) });
  const out = await log.open();
  for (let i = 0; i < Number(count); i++) {
    // Every 7th record is bigger than PIPE_BUF (4096): atomicity must not depend on line size.
    const pad = i % 7 === 0 ? 'p'.repeat(6000) : 'q'.repeat(i % 200);
    await out.write({
      v: 1,
      ts: new Date().toISOString(),
      id: `${writer}-${i}`,
      agent: `w${writer}`,
      cwd: '/tmp',
      command: `echo ${writer} ${i} ${pad}`,
      argv: ['echo', String(i)],
      decision: 'allow',
      risk: 'low',
      reasons: [{ code: 'command.allowed', message: 'ok' }],
      rule_ids: [],
    });
  }
  await out.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
