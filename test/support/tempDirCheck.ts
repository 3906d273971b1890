// vitest globalSetup: the run must not leave `shimctl-*` directories in the temporary directory.
// Counted before and after the whole run; more after fails it and names them. On a machine
// where other runs share /tmp at the same time, SHIMCTL_TEMP_CHECK=off turns the check off.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

const list = (): Set<string> => new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('shimctl-')));

export default function setup(): () => void {
  if (process.env.SHIMCTL_TEMP_CHECK === 'off') return () => undefined;
  const before = list();
  return () => {
    const left = [...list()].filter((n) => !before.has(n));
    if (left.length > 0) {
      throw new Error(`the tests left ${left.length} temporary directories in ${tmpdir()}: ${left.slice(0, 20).join(', ')}`);
    }
  };
}
