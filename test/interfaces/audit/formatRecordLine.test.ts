import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../src/application/ports/auditLog.js';
import { formatRecordLine } from '../../../src/interfaces/cli/audit/formatRecordLine.js';

const base: AuditRecord = {
  v: 1,
  ts: '2026-11-29T12:00:00.000Z',
  id: 'r1',
  cwd: '/w',
  agent: 'codex',
  decision: 'block',
  risk: 'critical',
  reasons: [{ code: 'path.root_deletion', message: 'deletes /' }],
  rule_ids: [],
};

describe('formatRecordLine', () => {
  it('shows the model command of an envelope record, not the envelope text', () => {
    const envelope = `${'x'.repeat(40_000)} exec '/bin/bash' -c 'rm -rf /'`;
    const line = formatRecordLine(
      { ...base, command: envelope, envelope: 'codex-wrapper', reviewed: 'rm -rf /' },
      false,
    );
    expect(line).toContain('[codex-wrapper] rm -rf /');
    expect(line).not.toContain('xxxx');
  });

  it('shows the command as received when there was no envelope', () => {
    const line = formatRecordLine({ ...base, command: 'cat ~/.ssh/id_rsa' }, false);
    expect(line).toContain('cat ~/.ssh/id_rsa');
    expect(line).toContain('path.root_deletion: deletes /');
  });

  it('makes escape sequences in the reviewed command visible', () => {
    const line = formatRecordLine({ ...base, command: 'e', envelope: 'claude', reviewed: 'echo \u001b[2J' }, false);
    expect(line).not.toContain('\u001b');
  });
});
