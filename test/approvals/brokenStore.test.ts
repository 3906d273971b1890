// Fail closed: when the approval channel itself is unusable, an ask blocks at once with
// approval.unavailable and a readable reason; it never runs and never hangs.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalHome } from './approvalHarness.js';
import { approvalHome } from './approvalHarness.js';
import cases from './brokenStore.cases.json' with { type: 'json' };

function breakIt(h: ApprovalHome, how: string): void {
  mkdirSync(h.stateDir, { recursive: true, mode: 0o700 });
  const key = join(h.stateDir, 'approvals.key');
  switch (how) {
    case 'pending-is-file':
      writeFileSync(h.pendingDir, 'not a directory');
      break;
    case 'pending-is-symlink':
      mkdirSync(join(h.root, 'shared'), { mode: 0o777 });
      symlinkSync(join(h.root, 'shared'), h.pendingDir);
      break;
    case 'key-world-readable':
      writeFileSync(key, Buffer.alloc(32, 7));
      chmodSync(key, 0o644);
      break;
    case 'key-is-symlink':
      writeFileSync(join(h.root, 'elsewhere.key'), Buffer.alloc(32, 7), { mode: 0o600 });
      symlinkSync(join(h.root, 'elsewhere.key'), key);
      break;
    case 'key-short':
      writeFileSync(key, 'short', { mode: 0o600 });
      break;
    default:
      throw new Error(`unknown break ${how}`);
  }
}

describe('an unusable approval channel blocks', () => {
  it.each(cases)('$why', async ({ break: how }) => {
    const h = approvalHome();
    breakIt(h, how);
    const started = Date.now();
    const r = await h.shim('mytool build').done;
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/^shimctl: blocked \(approval\.unavailable\): approval channel failed: /);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(h.ran()).toEqual([]);
    expect(h.audit().at(-1)).toMatchObject({ decision: 'block', approval: { by: 'unavailable' } });
  });
});
