import { spawn, spawnSync } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../src/application/ports/auditLog.js';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { hermeticEnv, record, tempHome } from '../../infrastructure/audit/auditTestKit.js';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'bin/shimctl.cjs');

beforeAll(() => {
  if (!existsSync(join(root, 'dist/shimctl.cjs')))
    spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
});

function shimctl(home: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, 'audit', ...args], { env: hermeticEnv(home, env), encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function writeRecords(home: string, records: AuditRecord[]): Promise<void> {
  const w = await createAuditLog(statePaths({ HOME: home }), { maxBytes: 0, keep: 0 }).open();
  for (const r of records) await w.write(r);
  await w.close();
}

const ids = (jsonl: string): string[] =>
  jsonl
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).id);
const ago = (ms: number): string => new Date(Date.now() - ms).toISOString();

describe('shimctl audit tail', () => {
  it('prints the last N records, oldest first, as stored with --json', async () => {
    const home = tempHome();
    await writeRecords(
      home,
      Array.from({ length: 100 }, (_, i) => record({ id: `r${i}` })),
    );
    const r = shimctl(home, ['tail', '-n', '5', '--json']);
    expect(r.status).toBe(0);
    expect(ids(r.stdout)).toEqual(['r95', 'r96', 'r97', 'r98', 'r99']);
  });

  it('defaults to 20 records and handles a missing log', async () => {
    const home = tempHome();
    expect(shimctl(home, ['tail']).stdout).toBe('');
    await writeRecords(
      home,
      Array.from({ length: 30 }, (_, i) => record({ id: `r${i}` })),
    );
    expect(ids(shimctl(home, ['tail', '--json']).stdout)).toHaveLength(20);
  });

  it('filters by decision, agent, text and time', async () => {
    const home = tempHome();
    await writeRecords(home, [
      record({ id: 'old-block', ts: ago(3 * 3600_000), decision: 'block' }),
      record({ id: 'block-gemini', agent: 'gemini', decision: 'block', command: 'rm -rf /' }),
      record({ id: 'allow-claude', agent: 'claude', decision: 'allow', command: 'git status' }),
      record({ id: 'ask-claude', agent: 'claude', decision: 'ask', command: 'npm publish' }),
    ]);
    expect(ids(shimctl(home, ['tail', '--json', '--decision', 'block']).stdout)).toEqual(['old-block', 'block-gemini']);
    expect(ids(shimctl(home, ['tail', '--json', '--decision', 'block', '--since', '1h']).stdout)).toEqual([
      'block-gemini',
    ]);
    expect(ids(shimctl(home, ['tail', '--json', '--agent', 'claude']).stdout)).toEqual([
      'old-block',
      'allow-claude',
      'ask-claude',
    ]);
    expect(ids(shimctl(home, ['tail', '--json', '--grep', 'PUBLISH']).stdout)).toEqual(['ask-claude']);
    expect(
      ids(shimctl(home, ['tail', '--json', '--since', new Date(Date.now() - 60_000).toISOString()]).stdout),
    ).toHaveLength(3);
    expect(shimctl(home, ['tail', '--since', 'yesterday']).status).toBe(2);
    expect(shimctl(home, ['tail', '--decision', 'maybe']).status).toBe(2);
    expect(shimctl(home, ['tail', '--bogus']).status).toBe(2);
  });

  it('continues into rotated files when the current one has too few records', async () => {
    const home = tempHome();
    const paths = statePaths({ HOME: home });
    await writeRecords(
      home,
      Array.from({ length: 10 }, (_, i) => record({ id: `old${i}` })),
    );
    renameSync(paths.auditLog, `${paths.auditLog}.1`);
    await writeRecords(home, [record({ id: 'new0' }), record({ id: 'new1' })]);
    expect(ids(shimctl(home, ['tail', '-n', '4', '--json']).stdout)).toEqual(['old8', 'old9', 'new0', 'new1']);
  });

  it('makes control characters and escape sequences visible, never raw', async () => {
    const home = tempHome();
    await writeRecords(home, [
      record({
        command: 'echo \u001b[2J\u0007hidden\u202eevil\r\u009b31m',
        reasons: [{ code: 'command.allowed', message: 'msg\u001b]0;title\u0007' }],
      }),
    ]);
    const r = shimctl(home, ['tail']);
    expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(r.stdout).toContain('echo \\e[2J\\x07hidden\\u202eevil\\r\\x9b31m');
    expect(r.stdout).toContain('msg\\e]0;title\\x07');
    expect(r.stdout).toContain('ALLOW');
  });

  it('colours the decision only on a terminal, and never with NO_COLOR', async () => {
    const home = tempHome();
    await writeRecords(home, [record({ decision: 'block' })]);
    const viaPty = (extra: string): string =>
      spawnSync('script', ['-qec', `${extra} ${process.execPath} ${cli} audit tail`, '/dev/null'], {
        env: hermeticEnv(home),
        encoding: 'utf8',
      }).stdout;
    expect(viaPty('')).toContain('\u001b[1;31mBLOCK');
    expect(viaPty('env NO_COLOR=1')).not.toContain('\u001b[');
    expect(shimctl(home, ['tail']).stdout).not.toContain('\u001b[');
  });

  it('-f follows new records, across a rotation and a truncation', async () => {
    const home = tempHome();
    const paths = statePaths({ HOME: home });
    await writeRecords(home, [record({ id: 'before' })]);
    const child = spawn(process.execPath, [cli, 'audit', 'tail', '-f', '-n', '1', '--json'], {
      env: hermeticEnv(home),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const until = async (id: string): Promise<void> => {
      for (let i = 0; i < 100 && !out.includes(`"${id}"`); i++) await new Promise((r) => setTimeout(r, 50));
      expect(out).toContain(`"${id}"`);
    };
    try {
      await until('before');
      await writeRecords(home, [record({ id: 'a1' })]);
      await until('a1');
      renameSync(paths.auditLog, `${paths.auditLog}.1`);
      await writeRecords(home, [record({ id: 'after-rotation' })]);
      await until('after-rotation');
      writeFileSync(paths.auditLog, '');
      // Like tail -F, truncation is seen when the file is smaller than what was read: let a poll see it.
      await new Promise((r) => setTimeout(r, 600));
      await writeRecords(home, [record({ id: 'after-truncation' })]);
      await until('after-truncation');
      expect(ids(out)).toEqual(['before', 'a1', 'after-rotation', 'after-truncation']);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('shimctl audit stats', () => {
  it('counts by decision, risk, agent and reason code', async () => {
    const home = tempHome();
    await writeRecords(home, [
      record({
        decision: 'block',
        risk: 'critical',
        agent: 'gemini',
        reasons: [
          { code: 'path.protected', message: 'x' },
          { code: 'url.localhost', message: 'y' },
        ],
      }),
      record({ decision: 'allow', risk: 'low', agent: 'claude' }),
      record({ decision: 'allow', risk: 'low', agent: 'claude', ts: ago(86_400_000 * 2) }),
    ]);
    const all = JSON.parse(shimctl(home, ['stats', '--json']).stdout);
    expect(all).toMatchObject({
      total: 3,
      byDecision: { block: 1, allow: 2 },
      byRisk: { critical: 1, low: 2 },
      byAgent: { gemini: 1, claude: 2 },
      byReason: { 'path.protected': 1, 'url.localhost': 1, 'command.allowed': 2 },
    });
    expect(JSON.parse(shimctl(home, ['stats', '--json', '--since', '1d']).stdout).total).toBe(2);
    expect(shimctl(home, ['stats']).stdout).toMatch(/by reason code:\n\s+2\s+command\.allowed/);
  });
});
