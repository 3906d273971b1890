// One owner-only rule for every state file shimctl keeps (audit trail, approvals, HTTP token):
// a symlink is refused, for the directory and for the file; a directory of another user is
// refused; a loose directory of ours is tightened to 0700. Real files, links, modes and owners
// (chown needs root; those rows are skipped, loudly, without it). Each row goes through a real
// caller, so the audit rows also prove the audit keeps failing closed (AuditUnavailableError).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditUnavailableError } from '../../../src/application/ports/auditLog.js';
import { headPath } from '../../../src/infrastructure/audit/auditFiles.js';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { loadOrCreateToken, serverFiles } from '../../../src/infrastructure/http/serverFiles.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { tempDir } from '../../support/tempDirs.js';
import { record } from '../audit/auditTestKit.js';

const isRoot = process.getuid?.() === 0;
const mode = (p: string): number => statSync(p).mode & 0o777;

interface Row {
  name: string;
  needsRoot?: boolean;
  /** Plants something in a fresh home; returns a file whose content must stay untouched, if any. */
  plant: (p: ReturnType<typeof statePaths>, home: string) => string | undefined;
  /** The caller that meets what was planted. */
  via: 'audit' | 'http';
  refused?: RegExp;
  /** Otherwise: accepted, and the directory ends up with this mode. */
  dirMode?: number;
}

const elsewhere = (home: string, what: 'dir' | 'file'): string => {
  const target = join(home, `elsewhere-${what}`);
  if (what === 'dir') mkdirSync(target);
  else writeFileSync(target, 'victim\n');
  return target;
};

const rows: Row[] = [
  {
    name: 'the audit directory is a symlink to a directory we own',
    via: 'audit',
    plant: (p, home) => {
      mkdirSync(p.stateDir, { recursive: true });
      symlinkSync(elsewhere(home, 'dir'), p.auditDir);
      return undefined;
    },
    refused: /symlink/,
  },
  {
    name: 'the audit log is a symlink to a file we own',
    via: 'audit',
    plant: (p, home) => {
      mkdirSync(p.auditDir, { recursive: true });
      const target = elsewhere(home, 'file');
      symlinkSync(target, p.auditLog);
      return target;
    },
    refused: /ELOOP/,
  },
  {
    name: 'the audit chain head is a symlink to a file we own',
    via: 'audit',
    plant: (p, home) => {
      mkdirSync(p.auditDir, { recursive: true });
      const target = elsewhere(home, 'file');
      symlinkSync(target, headPath(p.auditLog));
      return target;
    },
    refused: /ELOOP/,
  },
  {
    name: 'the audit log is a FIFO',
    via: 'audit',
    plant: (p) => {
      mkdirSync(p.auditDir, { recursive: true });
      execFileSync('mkfifo', [p.auditLog]);
      return undefined;
    },
    refused: /not a regular file/,
  },
  {
    name: 'the audit directory belongs to another user',
    via: 'audit',
    needsRoot: true,
    plant: (p) => {
      mkdirSync(p.auditDir, { recursive: true, mode: 0o700 });
      chownSync(p.auditDir, 65534, 65534);
      return undefined;
    },
    refused: /belongs to uid 65534/,
  },
  {
    name: 'the audit directory is ours but open to others (0757)',
    via: 'audit',
    plant: (p) => {
      mkdirSync(p.auditDir, { recursive: true });
      chmodSync(p.auditDir, 0o757);
      return undefined;
    },
    dirMode: 0o700,
  },
  {
    name: 'the HTTP directory is a symlink to a directory we own',
    via: 'http',
    plant: (p, home) => {
      mkdirSync(p.stateDir, { recursive: true });
      symlinkSync(elsewhere(home, 'dir'), serverFiles(p.stateDir).dir);
      return undefined;
    },
    refused: /symlink/,
  },
  {
    name: 'the HTTP directory belongs to another user',
    via: 'http',
    needsRoot: true,
    plant: (p) => {
      mkdirSync(serverFiles(p.stateDir).dir, { recursive: true, mode: 0o700 });
      chownSync(serverFiles(p.stateDir).dir, 65534, 65534);
      return undefined;
    },
    refused: /belongs to uid 65534/,
  },
];

async function useAudit(p: ReturnType<typeof statePaths>): Promise<string> {
  const w = await createAuditLog(p, { maxBytes: 0, keep: 0 }).open();
  try {
    await w.write(record());
  } finally {
    await w.close();
  }
  return p.auditDir;
}

function useHttp(p: ReturnType<typeof statePaths>): string {
  loadOrCreateToken(serverFiles(p.stateDir));
  return serverFiles(p.stateDir).dir;
}

describe('owner-only state files: one rule', () => {
  for (const row of rows) {
    it.skipIf(row.needsRoot === true && !isRoot)(`${row.name}: ${row.refused ? 'refused' : 'tightened'}`, async () => {
      const home = tempDir('shimctl-owner-');
      const p = statePaths({ HOME: home });
      const victim = row.plant(p, home);
      const use = row.via === 'audit' ? () => useAudit(p) : async () => useHttp(p);
      if (row.refused) {
        const err = await use().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err, 'must be refused').toBeInstanceOf(Error);
        expect(String((err as Error).message)).toMatch(row.refused);
        // The audit fails closed with its own error type, whatever the shared helper threw.
        if (row.via === 'audit') expect(err).toBeInstanceOf(AuditUnavailableError);
        if (victim) expect(readFileSync(victim, 'utf8')).toBe('victim\n');
      } else {
        const dir = await use();
        expect(mode(dir)).toBe(row.dirMode);
      }
    });
  }
});
