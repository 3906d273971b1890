// Attack pass 12 (audit shipping), regression cases: a file target replaced by a symlink is not
// followed (the records would be appended to ~/.bashrc), a URL password never reaches status or
// the state files, and each tool's own password option is redacted.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { redactArgv } from '../../../../src/domain/audit/redactSecrets.js';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import type { ShipConfig } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import {
  describeTarget,
  noteFailure,
  readShipState,
  targetFiles,
} from '../../../../src/infrastructure/audit/ship/shipState.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { record, tempHome } from '../auditTestKit.js';

describe('attack pass 12: shipping', () => {
  it('a file target that is a symlink is not followed: nothing reaches where it points, status says why', async () => {
    const home = tempHome();
    const paths = statePaths({ HOME: home });
    const log = createAuditLog(paths, defaultConfig().audit);
    const w = await log.open();
    await w.write(record({ id: 'r1', command: "echo '$(touch pwned)'" }));
    await w.close();
    const bashrc = join(home, '.bashrc');
    writeFileSync(bashrc, '# mine\n');
    const link = join(home, 'copy.jsonl');
    symlinkSync(bashrc, link);
    const cursor = join(home, 'ship.cursor');
    const config: ShipConfig = { targets: [{ type: 'file', path: link }], timeoutMs: 5000 };
    const r = await shipOnce(paths.auditLog, cursor, config);
    expect(r.sent).toBe(0);
    expect(readFileSync(bashrc, 'utf8')).toBe('# mine\n');
    const state = readShipState(targetFiles(cursor, config.targets[0]!).state);
    expect(state?.lastError).toMatch(/symbolic link/);
  });

  it('a URL password is masked where targets are shown, and the cursor keeps its name', () => {
    const t = {
      type: 'otlp' as const,
      protocol: 'http/json' as const,
      url: 'http://u:pw-SuperSecret123@127.0.0.1:18431/v1/logs',
    };
    expect(describeTarget(t)).toBe('otlp http://u:***@127.0.0.1:18431/v1/logs');
    const other = {
      type: 'otlp' as const,
      protocol: 'http/json' as const,
      url: 'http://u:other@127.0.0.1:18431/v1/logs',
    };
    // The file names still follow the real target (password included), as before the masking.
    expect(targetFiles('/c', t).cursor).not.toBe(targetFiles('/c', other).cursor);
  });
});

describe('attack pass 12: a sink error quoting its URL', () => {
  it('the state file keeps no password, in the target or in the error', () => {
    const home = tempHome();
    const state = join(home, 'ship.cursor.x.state');
    const t = {
      type: 'otlp' as const,
      protocol: 'http/json' as const,
      url: 'http://u:pw-Old9Secret@127.0.0.1:9/v1/logs',
    };
    noteFailure(
      state,
      describeTarget(t),
      `Request cannot be constructed from a URL that includes credentials: ${t.url}`,
    );
    const text = readFileSync(state, 'utf8');
    expect(text).not.toContain('pw-Old9Secret');
    expect(readShipState(state)?.lastError).toContain('http://u:***@127.0.0.1:9');
  });
});

describe('attack pass 12: tool password options are redacted', () => {
  it.each([
    ['zip -P Zp9Wq2Lx7Mn a.zip f', 'Zp9Wq2Lx7Mn'],
    ['unzip -P Zp9Wq2Lx7Mn a.zip', 'Zp9Wq2Lx7Mn'],
    ['redis-cli -a Rz7Kp2Lm9QwX ping', 'Rz7Kp2Lm9QwX'],
    ['7z x -pSevenZ9Pass a.7z', 'SevenZ9Pass'],
    ['7za a -pSevenZ9Pass a.7z f', 'SevenZ9Pass'],
    ['7zr x -pSevenZ9Pass a.7z', 'SevenZ9Pass'],
    ['zip -PZp9Wq2Lx7Mn a.zip f', 'Zp9Wq2Lx7Mn'],
  ])('%s', (text, secret) => {
    const out = redactArgv(text.split(' ')).join(' ');
    expect(out).not.toContain(secret.slice(0, 10));
    expect(out).toContain('[REDACTED');
  });
});
