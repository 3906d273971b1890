// The interactive view in a REAL pseudo-terminal (tmux): keys go in with send-keys, the screen
// comes back with capture-pane. Escape sequences planted in the request (cwd, agent name,
// command) must show up as visible text and must not act on the terminal.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, SYSTEM_PATH } from '../install/cliHarness.js';
import type { ApprovalHome } from './approvalHarness.js';
import { approvalHome, pendingFiles } from './approvalHarness.js';

const TMUX = spawnSync('sh', ['-c', 'command -v tmux']).stdout?.toString().trim();
if (!TMUX)
  console.warn(
    'approvalsView.tmux.test: tmux is not installed (apt-get install -y tmux); the pseudo-terminal tests are skipped',
  );

interface Pane {
  tmux(...args: string[]): string;
  screen(withEscapes?: boolean): string;
  waitFor(text: string | RegExp, ms?: number): Promise<string>;
  keys(...k: string[]): void;
}

const sockets: string[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) spawnSync('tmux', ['-S', s, 'kill-server']);
});

function openView(h: ApprovalHome): Pane {
  const socket = join(h.root, 'tmux.sock');
  sockets.push(socket);
  const env = { HOME: h.home, PATH: SYSTEM_PATH, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
  const run = (...args: string[]): string => {
    const r = spawnSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  // The view runs as the user would start it: their own terminal, no session markers.
  run(
    'new-session',
    '-d',
    '-s',
    'view',
    '-x',
    '160',
    '-y',
    '50',
    `env -i HOME='${h.home}' PATH='${SYSTEM_PATH}' LANG=C.UTF-8 TERM=xterm-256color '${process.execPath}' '${CLI}' approvals`,
  );
  const pane: Pane = {
    tmux: run,
    screen: (withEscapes = false) => run('capture-pane', '-p', ...(withEscapes ? ['-e'] : []), '-t', 'view'),
    async waitFor(text, ms = 15_000) {
      const until = Date.now() + ms;
      for (;;) {
        const s = pane.screen();
        if (typeof text === 'string' ? s.includes(text) : text.test(s)) return s;
        if (Date.now() > until) throw new Error(`screen never showed ${String(text)}:\n${s}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    },
    keys: (...k) => void run('send-keys', '-t', 'view', ...k),
  };
  return pane;
}

describe.skipIf(!TMUX)('shimctl approvals in a real terminal (tmux)', () => {
  it('shows planted escape sequences as text, never interprets them, and approves with y', async () => {
    const h = approvalHome();
    // A workspace whose name clears the screen and retitles the window; an agent name that turns
    // text red; a command with a right-to-left override and a zero-width space.
    const evilCwd = join(h.workspace, 'ws\u001b[2J\u001b]0;pwned\u0007');
    mkdirSync(evilCwd);
    const w = h.shim("mytool 'invoice\u202Efdp.exe' 'a\u200Bb'", { cwd: evilCwd, agent: 'claude\u001b[31m' });
    await h.waitForPending(1);
    const pane = openView(h);
    const screen = await pane.waitFor('1 pending');
    expect(screen).toContain('shimctl approvals — 1 pending'); // the title line survived the planted \e[2J
    expect(screen).toContain('ws\\e[2J\\e]0;pwned\\x07');
    expect(screen).toContain('claude\\e[31m');
    expect(screen).toContain("$ mytool 'invoice\\u{202E}fdp.exe' 'a\\u{200B}b'");
    expect(screen).toContain('! hidden or control characters in this request are shown escaped');
    expect(screen).toContain('why: command.unknown');
    expect(screen).toContain('risk medium');
    // Not interpreted: no red attribute on screen, the pane title untouched.
    expect(pane.screen(true)).not.toMatch(/\u001b\[(0;)?31m/);
    expect(pane.tmux('display-message', '-p', '-t', 'view', '#{pane_title}')).not.toContain('pwned');

    pane.keys('i');
    const details = await pane.waitFor('reasons:');
    expect(details).toContain('command.unknown:');
    expect(details).toMatch(/hop: agent/);
    pane.keys('i');
    pane.keys('y');
    const r = await w.done;
    expect(r.status).toBe(0);
    expect(h.ran()).toEqual(['invoice\u202Efdp.exe a\u200Bb']);
    await pane.waitFor('approved once');
    await pane.waitFor('0 pending');
    pane.keys('q');
    await new Promise((res) => setTimeout(res, 500));
    expect(spawnSync('tmux', ['-S', sockets[0]!, 'has-session', '-t', 'view']).status).not.toBe(0);
  });

  it('A shows the rule before saving it, saves only on y, and d denies', async () => {
    const h = approvalHome();
    const w1 = h.shim('mytool package --release');
    await h.waitForPending(1);
    const pane = openView(h);
    await pane.waitFor('1 pending');
    pane.keys('A');
    const confirm = await pane.waitFor('save it and approve?');
    expect(confirm).toContain('"command": "mytool"');
    expect(confirm).toContain('"args": [');
    expect(confirm).toContain('"--release"');
    expect(JSON.parse(readFileSync(h.userConfig, 'utf8')).rules).toBeUndefined(); // shown, not yet saved
    pane.keys('s'); // switch scope
    const sub = await pane.waitFor('"subcommand": [');
    expect(sub).toContain('scope: subcommand');
    pane.keys('y');
    expect((await w1.done).status).toBe(0);
    const rules = JSON.parse(readFileSync(h.userConfig, 'utf8')).rules;
    expect(rules).toEqual([expect.objectContaining({ command: 'mytool', subcommand: ['package'], decision: 'allow' })]);

    const w2 = h.shim('mytool publish');
    await pane.waitFor('$ mytool publish');
    pane.keys('d');
    const denied = await w2.done;
    expect(denied.status).toBe(126);
    expect(denied.stderr).toMatch(/approval\.denied/);
    // The denied request and its answer are gone from the pending directory (the view showed it there).
    expect(pendingFiles(h)).toEqual([]);
    pane.keys('q');
  });
});
