// The expectation the guard leaves for its bash's end report (commandEndStore.ts), on real
// owner-only files: bound by MAC to session, handle and start-record id; consumed once. Cases are data.
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommandEndStore, END_TTL_MS } from '../../src/infrastructure/approvals/commandEndStore.js';
import { statePaths } from '../../src/infrastructure/paths/statePaths.js';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});
const END = { session: 'sess-1', handle: '4242.17' };

function world() {
  const home = mkdtempSync(join(tmpdir(), 'shimctl-end-'));
  homes.push(home);
  const paths = statePaths({ HOME: home });
  return { paths, dir: join(paths.stateDir, 'ends', END.session) };
}

const cases: Array<{
  id: string;
  tamper?: (dir: string) => void;
  take?: Partial<typeof END>;
  got?: string;
  second?: string;
}> = [
  { id: 'as left: the id, once', got: 'rec-1', second: undefined },
  { id: 'other handle', take: { handle: '4242.18' } },
  { id: 'other session', take: { session: 'sess-2' } },
  {
    id: 'copied to another handle: fails its MAC',
    tamper: (dir) => renameSync(join(dir, END.handle), join(dir, '4243.17')),
    take: { handle: '4243.17' },
  },
  {
    id: 'id swapped: fails its MAC',
    tamper: (dir) => {
      const f = join(dir, END.handle);
      writeFileSync(f, JSON.stringify({ ...JSON.parse(readFileSync(f, 'utf8')), id: 'rec-2' }), { mode: 0o600 });
    },
  },
  { id: 'a handle that is not <pid>.<digits>', take: { handle: '../4242.17' } },
];

describe('command ends', () => {
  it.each(cases)('$id', (c) => {
    const { paths, dir } = world();
    const store = createCommandEndStore(paths);
    store.expect(END, 'rec-1');
    c.tamper?.(dir);
    expect(store.take({ ...END, ...c.take })).toBe(c.got);
    if ('second' in c) expect(store.take({ ...END, ...c.take }), 'single-use').toBe(c.second);
    expect(readdirSync(dir).filter((f) => f.endsWith('.taken'))).toEqual([]);
  });

  it('refuses to leave one for a bad session, handle or id', () => {
    const store = createCommandEndStore(world().paths);
    expect(() => store.expect({ ...END, session: 'a/b' }, 'rec-1')).toThrow();
    expect(() => store.expect({ ...END, handle: 'x' }, 'rec-1')).toThrow();
    expect(() => store.expect(END, 'rec 1')).toThrow();
  });

  it('sweeps ends never reported once they are a week old', () => {
    const { paths, dir } = world();
    const store = createCommandEndStore(paths);
    store.expect(END, 'rec-1');
    const old = (Date.now() - END_TTL_MS - 60_000) / 1000;
    utimesSync(join(dir, END.handle), old, old);
    store.expect({ ...END, handle: '4242.99' }, 'rec-2');
    expect(readdirSync(dir)).toEqual(['4242.99']);
  });
});
