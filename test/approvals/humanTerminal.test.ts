// Answers come from the human's own terminal, not from anything the agent's process tree starts
// (issue 17, item 6). Real processes throughout: a fake agent started through the real launcher
// text, attacks run as its shell command (`setsid -f`, a double fork, `nohup`, a pty of its own),
// and a human in a tmux session the agent did not start.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, SYSTEM_PATH } from '../install/cliHarness.js';
import type { ApprovalHome, Waiting } from './approvalHarness.js';
import { approvalHome } from './approvalHarness.js';
import type { LaunchedAgent } from './launchedAgent.js';
import { launchAgent } from './launchedAgent.js';

const TMUX = spawnSync('sh', ['-c', 'command -v tmux']).stdout?.toString().trim();
const q = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

/** The user's config: answers need a terminal (the default) unless `scripts`. */
function home(scripts = false): ApprovalHome {
  return approvalHome({ approvals: { timeoutSeconds: 60, answerWithoutTerminal: scripts } });
}

/** `shimctl approve ID` as a command line. */
function approveLine(_h: ApprovalHome, id: string): string {
  return `${q(process.execPath)} ${q(CLI)} approve ${id}`;
}

/** A scrubbed environment (no session markers at all), as the issue's attacker used. */
const scrub = (h: ApprovalHome): string => `env -i HOME=${q(h.home)} PATH=${SYSTEM_PATH}`;

/** Waits until `file` holds output, then returns it (the answer's stdout and stderr). */
async function outputOf(file: string, ms = 20_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (/approved|refused|shimctl approve:/.test(text)) return text;
    if (Date.now() > until) throw new Error(`no answer output in ${file}: ${JSON.stringify(text)}`);
    await pause(100);
  }
}

async function stillWaiting(w: Waiting, ms: number): Promise<boolean> {
  return Promise.race([w.done.then(() => false), pause(ms).then(() => true)]);
}

function agent(h: ApprovalHome, attack: string): LaunchedAgent {
  const a = launchAgent(h, attack);
  cleanup.push(() => a.stop());
  return a;
}

interface Attack {
  name: string;
  scripts: boolean;
  why: RegExp;
  attack: (scrub: string, line: string, out: string) => string;
}

const NO_TERMINAL = /refused: no terminal: answers must be typed in a terminal of your own/;
const MARK = /refused: this process carries the mark launchers put on agents \(file-locks hard limit 2147483647/;

// Each attack scrubs its environment and detaches the answer from the agent's process tree, as
// the issue's attacker did. `sleep 0.3` lets the detaching parent exit first, so the answering
// process's parent really is init and the old ancestor walk sees no gated session.
const detached: Attack[] = [
  {
    name: 'setsid -f',
    scripts: false,
    why: NO_TERMINAL,
    attack: (env, line, out) => `${env} setsid -f sh -c ${q(`sleep 0.3; ${line}`)} > ${q(out)} 2>&1 < /dev/null`,
  },
  {
    name: 'setsid -f, where the user allows answers from scripts',
    scripts: true,
    why: MARK,
    attack: (env, line, out) => `${env} setsid -f sh -c ${q(`sleep 0.3; ${line}`)} > ${q(out)} 2>&1 < /dev/null`,
  },
  {
    name: 'a double fork',
    scripts: true,
    why: MARK,
    attack: (env, line, out) => `( ${env} sh -c ${q(`sleep 0.3; ${line}`)} > ${q(out)} 2>&1 < /dev/null & )`,
  },
  {
    name: 'nohup … &',
    scripts: true,
    why: MARK,
    attack: (env, line, out) => `${env} nohup sh -c ${q(`sleep 0.3; ${line}`)} > ${q(out)} 2>&1 < /dev/null &`,
  },
];

// The same with a terminal: the agent opens a pty of its own, a new terminal whose session leader
// descends from the detached process, so "has a terminal" holds and the ancestor walk ends at init.
const withPty: Attack[] = [
  {
    name: 'setsid -f script -qc (util-linux script)',
    scripts: false,
    why: MARK,
    attack: (env, line, out) =>
      `${env} setsid -f script -qec ${q(`sleep 0.3; ${line}`)} /dev/null > ${q(out)} 2>&1 < /dev/null`,
  },
  {
    name: 'setsid -f python3 pty.spawn',
    scripts: false,
    why: MARK,
    attack: (env, line, out) =>
      `${env} setsid -f python3 -c 'import pty,sys; pty.spawn(sys.argv[1:])' sh -c ${q(`sleep 0.3; ${line}`)} > ${q(out)} 2>&1 < /dev/null`,
  },
  // Not detached: the pty's session leader is a child of `script`, a child of the agent's shell.
  {
    name: 'script -qc without setsid',
    scripts: false,
    why: /refused: .*(gated agent session|descends from the agent)/,
    attack: (env, line, out) => `${env} script -qec ${q(line)} /dev/null > ${q(out)} 2>&1 < /dev/null`,
  },
];

describe('an agent-tree process that detaches itself is not the user', () => {
  it.each([...detached, ...withPty])(
    '$name: approve is refused and the request keeps waiting',
    async ({ scripts, why, attack }) => {
      const h = home(scripts);
      const w = h.shim('mytool steal');
      const [p] = await h.waitForPending(1);
      const out = join(h.root, 'answer.out');
      agent(h, attack(scrub(h), approveLine(h, p!.id), out));
      const said = await outputOf(out);
      expect(said).toMatch(why);
      expect(said).not.toMatch(/approved/);
      expect(await stillWaiting(w, 500)).toBe(true);
      expect(h.ran()).toEqual([]);
      w.kill('SIGTERM'); // this test process has no terminal: it cannot answer either
      expect((await w.done).status).toBe(126);
    },
  );
});

describe('every way of answering is guarded the same way', () => {
  it.each([
    ['deny', ''],
    ['approve', '--always'],
    ['approvals', ''],
  ])("shimctl %s … from the agent's own pty is refused", async (command, option) => {
    const h = home();
    const w = h.shim('mytool steal');
    const [p] = await h.waitForPending(1);
    const out = join(h.root, 'answer.out');
    const args = command === 'approvals' ? 'approvals' : `${command} ${p!.id}${option ? ` ${option}` : ''}`;
    agent(h, withPty[0]!.attack(scrub(h), `${q(process.execPath)} ${q(CLI)} ${args}`, out));
    expect(await outputOf(out)).toMatch(new RegExp(`shimctl ${command}: ${MARK.source}`));
    expect(await stillWaiting(w, 500)).toBe(true);
    expect(JSON.parse(readFileSync(h.userConfig, 'utf8')).rules).toBeUndefined(); // --always saved nothing
    w.kill('SIGTERM');
    await w.done;
  });
});

describe('the launcher registers its agent', () => {
  it('records pid, start time, session and terminal in an owner-only file, and marks the agent', async () => {
    const h = home();
    const a = agent(h, 'true');
    const dir = join(h.stateDir, 'agents');
    const until = Date.now() + 10_000;
    while (!existsSync(dir) && Date.now() < until) await pause(50);
    const [file] = spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.trim().split('\n');
    const text = readFileSync(join(dir, file!), 'utf8');
    const stat = readFileSync(`/proc/${a.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    expect(text.trim()).toBe(`pid=${a.pid} start=${f[19]} sid=${f[3]} tty=${f[4]}`);
    expect(
      spawnSync('stat', ['-c', '%a', dir, join(dir, file!)], { encoding: 'utf8' })
        .stdout.split('\n')
        .slice(0, 2),
    ).toEqual(['700', '600']);
    expect(readFileSync(`/proc/${a.pid}/limits`, 'utf8')).toMatch(/Max file locks\s+2147483647\s+2147483647/);
  });
});

describe.skipIf(!TMUX)('a human in a terminal the agent does not share', () => {
  function tmux(h: ApprovalHome, name: string) {
    const socket = join(h.root, `${name}.sock`);
    cleanup.push(() => void spawnSync('tmux', ['-S', socket, 'kill-server']));
    return (...args: string[]) =>
      spawnSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], {
        env: { HOME: h.home, PATH: SYSTEM_PATH, TERM: 'xterm' },
        encoding: 'utf8',
      });
  }

  it('approves from a separate tmux session while the agent runs', async () => {
    const h = home();
    const w = h.shim('mytool build');
    const [p] = await h.waitForPending(1);
    agent(h, 'true'); // a live, registered, marked agent
    const out = join(h.root, 'human.out');
    const run = tmux(h, 'human');
    expect(
      run('new-session', '-d', '-s', 'me', `${scrub(h)} ${approveLine(h, p!.id)} > ${q(out)} 2>&1; sleep 30`).status,
    ).toBe(0);
    expect(await outputOf(out)).toMatch(new RegExp(`approved ${p!.id}`));
    expect((await w.done).status).toBe(0);
    expect(h.ran()).toEqual(['build']);
  });

  it('refuses an answer typed in the terminal the agent runs in (same tty and session, not a descendant)', async () => {
    const h = home();
    const w = h.shim('mytool build');
    const [p] = await h.waitForPending(1);
    const out = join(h.root, 'same.out');
    const run = tmux(h, 'shared');
    const { renderLauncher } = await import('./launchedAgent.js');
    // One terminal: the agent in the background, then `shimctl approve` typed at the same prompt.
    const pane = `${q(renderLauncher(h))} true & sleep 1; ${scrub(h)} ${approveLine(h, p!.id)} > ${q(out)} 2>&1; sleep 30`;
    expect(
      run('new-session', '-d', '-s', 'shared', `env HOME=${q(h.home)} PATH=${SYSTEM_PATH} sh -c ${q(pane)}`).status,
    ).toBe(0);
    expect(await outputOf(out)).toMatch(
      /refused: this terminal \(\/dev\/pts\/\d+\) is the one the agent started by a launcher as pid \d+/,
    );
    expect(await stillWaiting(w, 300)).toBe(true);
    w.kill('SIGTERM');
    await w.done;
  });

  it('refuses an answer from a tmux server the agent started itself', async () => {
    const h = home();
    const w = h.shim('mytool steal');
    const [p] = await h.waitForPending(1);
    const out = join(h.root, 'own-tmux.out');
    const socket = join(h.root, 'agent-tmux.sock');
    cleanup.push(() => void spawnSync('tmux', ['-S', socket, 'kill-server']));
    agent(
      h,
      `env -i HOME=${q(h.home)} PATH=${SYSTEM_PATH} TERM=xterm tmux -S ${q(socket)} -f /dev/null new-session -d ${q(`${scrub(h)} ${approveLine(h, p!.id)} > ${q(out)} 2>&1; sleep 30`)}`,
    );
    expect(await outputOf(out)).toMatch(/refused: this process carries the mark launchers put on agents/);
    expect(await stillWaiting(w, 300)).toBe(true);
    w.kill('SIGTERM');
    await w.done;
  });
});
