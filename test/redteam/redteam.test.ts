// Red team of the review gate, through the real built CLI: every case in cases.json is judged by
// ONE `shimctl policy test --json` process (the same path as `decide`), a sample is re-checked
// with `decide --json` per process, and the installed bash shim is attacked end to end (blocked
// commands do not run, the stderr line carries no terminal controls, the audit leaks no secret).
// open-findings.json holds attacks that succeed today: skipped unless REDTEAM_OPEN=1.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORGED_CLAUDE_ENVELOPE,
  type Fixture,
  type RedteamCase,
  type Verdict,
  decide,
  expand,
  judgeBatch,
  makeFixture,
  mismatch,
  missingTools,
  privateCli,
} from './harness.js';
import { type ShimSession, installShims } from './shimSession.js';

const load = <T>(name: string): T => JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')) as T;
const CASES = load<RedteamCase[]>('cases.json');
const OPEN = load<RedteamCase[]>('open-findings.json');
const OPEN_VERDICT = OPEN.filter((c) => c.kind !== 'redaction');
const OPEN_REDACTION = OPEN.filter((c) => c.kind === 'redaction');
const REDACTION = load<{ command: string; secret: string; why: string }[]>('redaction.json');
const RUN_OPEN = process.env.REDTEAM_OPEN === '1';

/** Inputs too big for a data file: built here, judged in the same batch. */
const GENERATED: RedteamCase[] = [
  {
    command: `rm -f ${'a '.repeat(20000)}{home}/.ssh/id_rsa`,
    expect: 'block',
    why: 'the secret after 20,000 harmless operands is still seen',
  },
  {
    command: `cat ${'x'.repeat(5000)} ~/.ssh/id_rsa`,
    expect: 'block',
    why: 'a 5,000-character word before the secret',
  },
  {
    command: `cat ${'./'.repeat(60000)}.env`,
    expect: 'block',
    why: 'over-long input is refused, not truncated and judged',
  },
  { command: `${'env '.repeat(2000)}rm -rf /`, expect: 'block', why: 'wrapper nesting is capped' },
  { command: `${'nice '.repeat(2000)}rm -rf /`, expect: 'block', why: 'wrapper nesting is capped' },
];

const label = (c: RedteamCase) =>
  `${c.expect.padEnd(9)} ${JSON.stringify(c.command).slice(0, 110)}${c.agent ? ` (agent ${c.agent})` : ''}`;

let cli = '';
let fx: Fixture;
let verdicts: Verdict[] = [];
let openVerdicts: Verdict[] = [];
const all = [...CASES, ...GENERATED];

beforeAll(() => {
  cli = privateCli();
  fx = makeFixture(cli);
  verdicts = judgeBatch(cli, all, fx);
  // `policy test` refuses an empty batch: with every finding fixed there is nothing to judge.
  if (RUN_OPEN && OPEN_VERDICT.length > 0) openVerdicts = judgeBatch(cli, OPEN_VERDICT, fx);
}, 180_000);

afterAll(() => {
  if (fx) rmSync(fx.root, { recursive: true, force: true });
  if (cli) rmSync(dirname(dirname(cli)), { recursive: true, force: true });
});

describe('case data', () => {
  it('every case is well formed and says why', () => {
    for (const c of [...CASES, ...OPEN]) {
      expect(typeof c.command, JSON.stringify(c)).toBe('string');
      expect(c.why.length, JSON.stringify(c)).toBeGreaterThan(10);
      expect(c.kind === 'redaction' ? ['redacted'] : ['allow', 'block', 'not-allow'], JSON.stringify(c)).toContain(
        c.expect,
      );
    }
  });

  it('no attack is both a regression case and an open finding', () => {
    const key = (c: RedteamCase) => `${c.agent ?? ''}\u0000${c.command}`;
    const fixed = new Set(CASES.map(key));
    expect(OPEN.filter((c) => fixed.has(key(c))).map((c) => c.command)).toEqual([]);
  });

  it('several hundred cases, with attacks and false-positive traps', () => {
    expect(CASES.length).toBeGreaterThan(400);
    expect(CASES.filter((c) => c.expect === 'allow').length).toBeGreaterThan(100);
  });
});

describe('red team cases (cases.json), judged by the built CLI', () => {
  all.forEach((c, i) => {
    const missing = missingTools(c);
    it.skipIf(missing.length > 0)(`${label(c)}${missing.length ? ` [needs ${missing.join(', ')}]` : ''}`, () => {
      const problem = mismatch(c, verdicts[i]!);
      expect(problem, problem).toBeUndefined();
    });
  });
});

describe('decide --json agrees with the batch', () => {
  const sample = [0, 40, 120, 200, 300, CASES.length - 1]
    .map((i) => CASES[i]!)
    .concat(CASES.filter((c) => c.agent).slice(0, 1));
  for (const c of sample) {
    it(`decide: ${label(c)}`, () => {
      const i = CASES.indexOf(c);
      const req: Record<string, unknown> = {
        api_version: 1,
        command: expand(c.command, fx),
        cwd: expand(c.cwd ?? '{ws}', fx),
      };
      if (c.agent) req.agent = c.agent;
      const r = decide(cli, req, fx);
      expect(r.body.decision).toBe(verdicts[i]!.decision);
      expect(r.status).toBe(r.body.decision === 'block' ? 1 : 0);
    });
  }

  it('a caller cannot claim the agent hop (bookkeeping shortcuts) through the API', () => {
    const r = decide(cli, { api_version: 1, command: 'env', cwd: fx.ws, agent: 'claude', hop: 'agent' }, fx);
    expect(r.status).toBe(2);
    expect((r.body.error as { code: string }).code).toBe('request.unknown_field');
  });

  it('NUL inside an argv word is refused, not cut short', () => {
    const r = decide(cli, { api_version: 1, argv: ['cat', `${fx.home}/.ssh/id_rsa\u0000.txt`], cwd: fx.ws }, fx);
    expect(r.status).toBe(2);
  });
});

describe('through the installed bash shim', () => {
  let shim: ShimSession;
  beforeAll(() => {
    shim = installShims(cli, fx);
  }, 180_000);
  afterAll(() => shim?.stop());

  it('control: an allowed command runs and its output reaches the agent', () => {
    const r = shim.run('echo redteam-control');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('redteam-control\n');
  });

  it('reading the key through a workspace symlink is blocked and prints nothing of it', () => {
    const r = shim.run('cat sshlink/id_rsa');
    expect(r.status).toBe(126);
    expect(r.stdout).not.toContain('REDTEAM-FAKE-KEY');
    expect(r.stderr).toMatch(/^shimctl: blocked \(path\.protected\)/);
  });

  it('a directory descriptor (3<~) does not open the home directory to a tree walk (pass 13, P13-05b)', () => {
    const r = shim.run('grep -r REDTEAM /dev/fd/3/ 3<~');
    expect(r.status).toBe(126);
    expect(r.stdout).not.toContain('REDTEAM');
    const ok = shim.run('cat /dev/fd/3/README.md 3<.');
    expect([ok.status, ok.stdout]).toEqual([0, 'a workspace\n']);
  });

  it('/proc/thread-self is the command thread, not the resident review thread (pass 14)', () => {
    // The resident process reviews in a worker thread whose cwd is not the command's: resolved
    // there, this path missed shimctl's run/ directory and printed daemon.token.
    // CI=true: no terminal to ask on, the compiled client's resident path (as the attack ran it).
    const run = (text: string) =>
      spawnSync(join(shim.shimDir, 'bash'), ['-c', text], {
        cwd: fx.ws,
        env: { ...fx.env, PATH: `${shim.shimDir}:/usr/bin:/bin`, CI: 'true', SHIMCTL_AGENT: 'qwen' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const token = join(fx.home, '.local', 'state', 'shimctl', 'run', 'daemon.token');
    expect(run('echo warm').status).toBe(0);
    expect(existsSync(token)).toBe(true);
    const r = run('cat /proc/thread-self/cwd/../home/.local/state/shimctl/run/daemon.token');
    expect(r.stdout).toBe('');
    expect(r.status).toBe(126);
  });

  it('a write through a directory descriptor does not reach a start-up file (pass 13, P13-08)', () => {
    const before = readFileSync(join(fx.home, '.bashrc'), 'utf8');
    const r = shim.run('echo redteam-rc 3<~ >> /dev/fd/3/.bashrc');
    expect(r.status).toBe(126);
    // Blocked as the write into ~/.bashrc it is, not asked as an unknown system path.
    expect(r.stderr).toMatch(/^shimctl: blocked \(path\.protected_write\)/);
    expect(readFileSync(join(fx.home, '.bashrc'), 'utf8')).toBe(before);
  });

  it('the forged Claude envelope sent by another agent does not source its file', () => {
    const r = shim.run(expand(FORGED_CLAUDE_ENVELOPE, fx), 'qwen');
    expect(r.status).toBe(126);
    expect(existsSync(join(fx.home, 'forged-snapshot-ran'))).toBe(false);
  });

  it('a forged Claude envelope inside bash -c in a Claude session does not source its file (was RT-03)', () => {
    const forged = expand(FORGED_CLAUDE_ENVELOPE, fx);
    const r = shim.run(`bash -c '${forged.replaceAll("'", "'\\''")}'`, 'claude');
    expect(r.status).toBe(126);
    expect(existsSync(join(fx.home, 'forged-snapshot-ran'))).toBe(false);
  });

  it('the blocked-command line carries no terminal control characters', () => {
    const r = shim.run('cat ~/.ssh/id_rsa \u001b]0;PWNED\u0007 \u001b[2J \u009b31m');
    expect(r.status).toBe(126);
    // eslint-disable-next-line no-control-regex
    expect(r.stderr.replace(/\n$/, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('codex guard (BASH_ENV): allowed text runs, a secret read is vetoed before bash runs it', () => {
    expect(shim.runGuarded('echo guard-ok').stdout).toBe('guard-ok\n');
    const r = shim.runGuarded('cat sshlink/id_rsa');
    expect(r.status).toBe(126);
    expect(r.stdout).not.toContain('REDTEAM-FAKE-KEY');
  });

  it('codex guard: a tampered depth marker or SHLVL=0 does not switch the guard off', () => {
    expect(shim.runGuarded('cat sshlink/id_rsa', { SHIMCTL_DEPTH: 'abc' }).status).toBe(126);
    expect(shim.runGuarded('cat sshlink/id_rsa', { SHLVL: '0' }).status).toBe(126);
    expect(shim.runGuarded('cat sshlink/id_rsa', { SHIMCTL_DEPTH: '0' }).status).toBe(126);
  });

  it('every decision leaves a record, and no secret in any spelling reaches the audit file', () => {
    // One decision per command: a command that ran has a start and an end record (one id).
    const decisions = (t: string) =>
      new Set(
        t
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l).id),
      ).size;
    const before = decisions(shim.auditText());
    for (const c of REDACTION) shim.run(c.command);
    const text = shim.auditText();
    expect(decisions(text)).toBe(before + REDACTION.length);
    const leaked = REDACTION.filter((c) => text.includes(c.secret)).map((c) => `${c.why}: ${c.command}`);
    expect(leaked).toEqual([]);
  });

  it('the blocked-command line shows bidi and zero-width characters as escapes (RT-18, fixed)', () => {
    const r = shim.run('cat ~/.ssh/id_rsa \u202e evil \u200b');
    expect(r.status).toBe(126);
    expect(r.stderr).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(r.stderr).toContain('\\u{202E}');
  });

  describe.skipIf(!RUN_OPEN || OPEN_REDACTION.length === 0)(
    'open findings through the shim (skipped: open finding, see docs/redteam.md)',
    () => {
      it('RT-17: no secret of the open redaction cases reaches the audit file', () => {
        for (const c of OPEN_REDACTION) shim.run(c.command);
        const text = shim.auditText();
        expect(OPEN_REDACTION.filter((c) => text.includes(c.secret!)).map((c) => c.command)).toEqual([]);
      });
    },
  );
});

describe.skipIf(!RUN_OPEN || OPEN_VERDICT.length === 0)(
  'open findings (skipped: open finding, see docs/redteam.md; REDTEAM_OPEN=1 runs them)',
  () => {
    OPEN_VERDICT.forEach((c, i) => {
      const missing = missingTools(c);
      it.skipIf(missing.length > 0)(`${c.id} ${c.severity}: ${label(c)}`, () => {
        const problem = mismatch(c, openVerdicts[i]!);
        expect(problem, problem).toBeUndefined();
      });
    });
  },
);

if (!RUN_OPEN) {
  // Printed so a green run does not hide that known attacks still succeed.
  console.log(
    `redteam: ${OPEN.length} open findings skipped (open finding, see docs/redteam.md; REDTEAM_OPEN=1 runs them)`,
  );
}
