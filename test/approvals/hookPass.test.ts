// The single-use pass a Codex hook leaves for the BASH_ENV guard (hookPassStore.ts), on real
// owner-only files: bound to session, cwd and exact text; unforgeable without the approval key;
// consumed on first use. Cases are data (hookPass.cases.json).
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PassBinding } from '../../src/application/ports/hookPasses.js';
import { approvalKeyPath } from '../../src/infrastructure/approvals/approvalKey.js';
import { macHex, sha256Hex } from '../../src/infrastructure/approvals/approvalMac.js';
import { createHookPassStore } from '../../src/infrastructure/approvals/hookPassStore.js';
import { statePaths } from '../../src/infrastructure/paths/statePaths.js';

interface Case {
  id: string;
  take: Partial<PassBinding>;
  taken: boolean;
  second?: boolean;
  tamper?: 'forge' | 'copy' | 'loosen' | 'stretch' | 'nokey';
  advanceMs?: number;
}
const table = JSON.parse(readFileSync(join(import.meta.dirname, 'hookPass.cases.json'), 'utf8')) as {
  mint: PassBinding;
  cases: Case[];
};

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

const nameOf = (b: PassBinding) => sha256Hex(`shimctl-pass\0${b.session}\0${b.cwd}\0${b.text}`);

function tamper(how: Case['tamper'], dir: string, paths: ReturnType<typeof statePaths>, c: Case): void {
  const file = join(dir, nameOf(table.mint));
  const pass = JSON.parse(readFileSync(file, 'utf8')) as { v: number; expires: number; mac: string };
  if (how === 'forge')
    writeFileSync(
      file,
      JSON.stringify({
        ...pass,
        mac: macHex(Buffer.alloc(32, 7), `shimctl-pass\0${nameOf(table.mint)}\0${pass.expires}`),
      }),
      { mode: 0o600 },
    );
  if (how === 'copy') renameSync(file, join(dir, nameOf({ ...table.mint, ...c.take })));
  if (how === 'loosen') chmodSync(file, 0o640);
  if (how === 'stretch')
    writeFileSync(file, JSON.stringify({ ...pass, expires: pass.expires + 3_600_000 }), { mode: 0o600 });
  if (how === 'nokey') unlinkSync(approvalKeyPath(paths));
}

describe('hook passes', () => {
  it.each(table.cases)('$id', (c) => {
    const home = mkdtempSync(join(tmpdir(), 'shimctl-pass-'));
    homes.push(home);
    const paths = statePaths({ HOME: home });
    let clock = 1_000_000;
    const store = createHookPassStore(paths, () => clock);
    store.mint(table.mint);
    const dir = join(paths.stateDir, 'passes', table.mint.session);
    if (c.tamper) tamper(c.tamper, dir, paths, c);
    clock += c.advanceMs ?? 0;
    const presented = { ...table.mint, ...c.take };
    expect(store.take(presented) !== undefined).toBe(c.taken);
    if (c.second !== undefined) expect(store.take(presented) !== undefined, 'a pass is single-use').toBe(c.second);
    // Nothing claimed is left behind, whatever the answer.
    expect(readdirSync(dir).filter((f) => f.endsWith('.taken'))).toEqual([]);
  });

  // The id of the hook's start record rides in the pass (the guard's bash ends that record): the
  // MAC covers it, so it can be neither swapped for another command's nor dropped.
  it.each([
    { how: 'as minted', edit: (p: Record<string, unknown>) => p, id: 'rec-1' },
    { how: 'id swapped', edit: (p: Record<string, unknown>) => ({ ...p, id: 'rec-2' }), id: undefined },
    { how: 'id dropped (v1)', edit: ({ id: _id, ...p }: Record<string, unknown>) => ({ ...p, v: 1 }), id: undefined },
  ])('carries the start record id: $how', ({ edit, id }) => {
    const home = mkdtempSync(join(tmpdir(), 'shimctl-pass-'));
    homes.push(home);
    const paths = statePaths({ HOME: home });
    const store = createHookPassStore(paths);
    store.mint(table.mint, 'rec-1');
    const file = join(paths.stateDir, 'passes', table.mint.session, nameOf(table.mint));
    const pass = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(edit(pass)), { mode: 0o600 });
    const taken = store.take(table.mint);
    expect(taken?.id).toBe(id);
    expect(taken !== undefined).toBe(id !== undefined);
  });

  it('refuses to mint without a usable session (the guard then reviews as before)', () => {
    const home = mkdtempSync(join(tmpdir(), 'shimctl-pass-'));
    homes.push(home);
    const store = createHookPassStore(statePaths({ HOME: home }));
    expect(() => store.mint({ ...table.mint, session: '' })).toThrow();
    expect(() => store.mint({ ...table.mint, session: 'a/b' })).toThrow();
    expect(store.pending('abc123')).toBe(false);
  });

  it('sweeps expired passes when the next one is minted', () => {
    const home = mkdtempSync(join(tmpdir(), 'shimctl-pass-'));
    homes.push(home);
    const paths = statePaths({ HOME: home });
    let clock = 0;
    const store = createHookPassStore(paths, () => clock);
    store.mint(table.mint);
    clock += 200_000;
    store.mint({ ...table.mint, text: 'ls' });
    expect(readdirSync(join(paths.stateDir, 'passes', table.mint.session))).toEqual([
      nameOf({ ...table.mint, text: 'ls' }),
    ]);
  });
});
