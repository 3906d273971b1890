// doctor and status on the audit: the chain check (bounded) and the volume warning. Real files.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { auditHealthChecks, auditVolumeWarning } from '../../../src/infrastructure/audit/auditHealth.js';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { hermeticEnv, record, tempHome } from './auditTestKit.js';

const root = resolve(import.meta.dirname, '../../..');
beforeAll(() => {
  if (!existsSync(join(root, 'dist/shimctl.cjs')))
    spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
});

async function fill(home: string, n: number, size: number): Promise<string> {
  const log = createAuditLog(statePaths({ HOME: home }), { maxBytes: 0, keep: 5 });
  const w = await log.open();
  for (let i = 0; i < n; i++) await w.write(record({ id: `r${i}`, command: `echo ${'v'.repeat(size)}` }));
  await w.close();
  return log.path;
}

const config = { ...defaultConfig().audit, warnMiBPerHour: 1 };

describe('audit health', () => {
  it('warns when more than warnMiBPerHour was written in the last hour, not below', async () => {
    const quiet = await fill(tempHome(), 100, 1000);
    expect(auditVolumeWarning(quiet, config, Date.now())).toBeUndefined();
    const loud = await fill(tempHome(), 300, 4000);
    expect(auditVolumeWarning(loud, config, Date.now())).toMatch(/more than 1 MiB of audit records in the last hour/);
    // An hour later the same log is quiet.
    expect(auditVolumeWarning(loud, config, Date.now() + 2 * 3600_000)).toBeUndefined();
  });

  it('doctor reports the chain: ok on a clean log, FAIL with file and line after sed -i', async () => {
    const home = tempHome();
    const path = await fill(home, 20, 10);
    expect(auditHealthChecks(path, config, Date.now())[0]).toMatchObject({
      ok: true,
      title: expect.stringContaining('audit chain intact'),
    });
    spawnSync('sed', ['-i', '5d', path]);
    expect(auditHealthChecks(path, config, Date.now())[0]).toMatchObject({
      ok: false,
      title: 'audit chain broken (deleted) at audit.jsonl line 5',
    });
    const r = spawnSync(process.execPath, [join(root, 'bin/shimctl.cjs'), 'doctor'], {
      env: hermeticEnv(home),
      encoding: 'utf8',
    });
    expect(r.stdout).toContain('FAIL  audit chain broken (deleted) at audit.jsonl line 5');
    expect(r.status).toBe(1);
  });
});
