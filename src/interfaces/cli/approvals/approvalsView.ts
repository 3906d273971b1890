import { existsSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { emitKeypressEvents } from 'node:readline';
import { approveAlways, approveOnce, denyRequest } from '../../../application/approvals/answerRequest.js';
import type { StoredRequest } from '../../../application/approvals/approvalStore.js';
import { answerable } from '../../../application/approvals/findRequest.js';
import { planAlwaysRule } from '../../../application/approvals/planAlwaysRule.js';
import type { AlwaysScope } from '../../../domain/approvals/alwaysRule.js';
import type { ConfigRule } from '../../../domain/policyConfig.js';
import type { CliContext } from '../cliContext.js';
import { errorMessage } from '../../../application/shimctlError.js';
import type { ApprovalsWiring } from './approvalsWiring.js';
import { detailLines, listEntry } from './renderPending.js';
import { showRule } from './showRule.js';

type Mode =
  | { kind: 'list' }
  | { kind: 'details' }
  | { kind: 'confirm'; id: string; scope: AlwaysScope; rule?: ConfigRule; duplicate?: boolean; error?: string };

interface Key {
  name?: string;
  sequence?: string;
  ctrl?: boolean;
  shift?: boolean;
}

const HELP = 'keys: up/down select · y/a approve once · A approve always · d/n deny · enter/i details · q quit';
const REFRESH_MS = 1000;

/**
 * The interactive approvals view: redraws on every change in the pending directory (fs.watch,
 * with a 1 s tick that also ages the entries), one key per action. Raw mode only while it runs;
 * the terminal is restored on every exit path.
 */
export function runApprovalsView(ctx: CliContext, wiring: ApprovalsWiring): Promise<number> {
  const stdin = ctx.stdin as NodeJS.ReadStream;
  const out = ctx.stdout;
  let items: StoredRequest[] = [];
  let selected = 0;
  let mode: Mode = { kind: 'list' };
  let status = '';
  let busy = false;

  const current = (): StoredRequest | undefined => items[selected];
  const reload = (): void => {
    const keep = current()?.request.id;
    items = answerable(wiring.store);
    const at = keep ? items.findIndex((s) => s.request.id === keep) : -1;
    selected = at >= 0 ? at : Math.min(selected, Math.max(0, items.length - 1));
    if (mode.kind !== 'list' && !current()) mode = { kind: 'list' };
    if (mode.kind === 'confirm' && current()?.request.id !== mode.id) mode = { kind: 'list' };
  };

  const draw = (): void => {
    const now = new Date();
    const lines: string[] = [`shimctl approvals — ${items.length} pending`, ''];
    if (items.length === 0) lines.push('  (nothing is waiting; requests appear here as agents ask)');
    else if (mode.kind === 'list') items.forEach((s, i) => lines.push(...listEntry(s, i, i === selected, now), ''));
    else {
      lines.push(...detailLines(current()!.request, now), '');
      if (mode.kind === 'confirm') {
        if (mode.error) lines.push(`approve always is not possible: ${mode.error}`, '', 'press any key to go back');
        else if (mode.rule) {
          lines.push(
            mode.duplicate
              ? 'this rule is already in your config:'
              : `this rule will be saved to your user config (scope: ${mode.scope}):`,
          );
          lines.push(
            ...showRule(mode.rule)
              .split('\n')
              .map((l) => `  ${l}`),
            '',
          );
          lines.push(
            `save it and approve? y = yes · s = switch scope to ${mode.scope === 'command' ? 'subcommand' : 'command'} · any other key = cancel`,
          );
        } else lines.push('checking the rule…');
      }
    }
    lines.push('', status, HELP);
    // Home, clear; every field in `lines` was made visible by the renderers.
    out.write(`\x1b[H\x1b[2J${lines.join('\r\n')}\r\n`);
  };

  const refresh = (): void => {
    try {
      reload();
    } catch (err) {
      status = `cannot read the pending requests: ${errorMessage(err)}`;
    }
    draw();
  };

  const plan = async (id: string, scope: AlwaysScope): Promise<void> => {
    mode = { kind: 'confirm', id, scope };
    draw();
    const s = current();
    if (!s) return;
    const p = await planAlwaysRule(s.request, scope, wiring.always);
    if (mode.kind !== 'confirm' || mode.id !== id) return;
    mode = p.ok
      ? { kind: 'confirm', id, scope, rule: p.rule, duplicate: p.duplicate }
      : { kind: 'confirm', id, scope, error: p.message };
  };

  const act = async (key: Key): Promise<boolean> => {
    const s = current();
    const ch = key.sequence ?? '';
    if (mode.kind === 'confirm') {
      const m = mode;
      if (m.rule && ch === 'y' && s) {
        const r = await approveAlways(wiring.store, s.request.id, m.scope, wiring.always);
        status = r.ok
          ? `approved always ${r.id.slice(0, 8)}; rule ${r.rule?.duplicate ? 'already present' : `saved to ${r.rule?.file}`}`
          : `not approved: ${r.message}`;
        mode = { kind: 'list' };
      } else if (m.rule && ch === 's') await plan(m.id, m.scope === 'command' ? 'subcommand' : 'command');
      else {
        mode = { kind: 'list' };
        status = 'approve always cancelled';
      }
      return false;
    }
    if (ch === 'q' || (key.ctrl && key.name === 'c')) return true;
    if (key.name === 'up' || ch === 'k') selected = Math.max(0, selected - 1);
    else if (key.name === 'down' || ch === 'j') selected = Math.min(Math.max(0, items.length - 1), selected + 1);
    else if (key.name === 'escape') mode = { kind: 'list' };
    else if (!s) return false;
    else if (key.name === 'return' || key.name === 'enter' || ch === 'i')
      mode = mode.kind === 'details' ? { kind: 'list' } : { kind: 'details' };
    else if (ch === 'y' || ch === 'a') {
      const r = await approveOnce(wiring.store, s.request.id);
      status = r.ok ? `approved once ${r.id.slice(0, 8)}` : `not approved: ${r.message}`;
      mode = { kind: 'list' };
    } else if (ch === 'A') await plan(s.request.id, 'command');
    else if (ch === 'd' || ch === 'n') {
      const r = await denyRequest(wiring.store, s.request.id);
      status = r.ok ? `denied ${r.id.slice(0, 8)}` : `not denied: ${r.message}`;
      mode = { kind: 'list' };
    }
    return false;
  };

  return new Promise((resolve) => {
    let watcher: FSWatcher | undefined;
    let watchedDir = false;
    const tryWatch = (): void => {
      if (watchedDir || !existsSync(wiring.approvalsDir)) return;
      try {
        watcher = watch(wiring.approvalsDir, { persistent: false }, () => refresh());
        watcher.on('error', () => undefined);
        watchedDir = true;
      } catch {
        // The tick below still refreshes.
      }
    };
    const tick = setInterval(() => {
      tryWatch();
      if (!busy) refresh();
    }, REFRESH_MS);
    const stop = (code: number): void => {
      clearInterval(tick);
      watcher?.close();
      stdin.off('keypress', onKey);
      if (stdin.isTTY) stdin.setRawMode(false);
      stdin.pause();
      out.write('\r\n');
      resolve(code);
    };
    const onKey = (_str: string | undefined, key: Key | undefined): void => {
      if (busy) return;
      busy = true;
      act(key ?? {})
        .then((quit) => {
          busy = false;
          if (quit) stop(0);
          else refresh();
        })
        .catch((err: unknown) => {
          busy = false;
          status = `error: ${errorMessage(err)}`;
          refresh();
        });
    };
    emitKeypressEvents(stdin);
    if (stdin.isTTY) stdin.setRawMode(true);
    stdin.on('keypress', onKey);
    stdin.resume();
    tryWatch();
    refresh();
  });
}
