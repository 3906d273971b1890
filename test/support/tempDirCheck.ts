// vitest globalSetup: the run must not leave `shimctl-*` directories in the temporary directory.
// Counted before and after the whole run and the new ones named. SHIMCTL_TEMP_CHECK=fail fails
// the run on them; the default only reports them, because some test files still leak (listed in
// docs/contributing.md) and because other runs sharing /tmp at the same time are counted too.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

const list = (): Set<string> => new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('shimctl-')));

export default function setup(): () => void {
  const mode = process.env.SHIMCTL_TEMP_CHECK ?? 'warn';
  if (mode === 'off') return () => undefined;
  const before = list();
  return () => {
    const left = [...list()].filter((n) => !before.has(n));
    if (left.length === 0) return;
    const message = `the tests left ${left.length} temporary directories in ${tmpdir()}: ${left.slice(0, 20).join(', ')}`;
    if (mode === 'fail') throw new Error(message);
    process.stderr.write(`warning: ${message}\n`);
  };
}
