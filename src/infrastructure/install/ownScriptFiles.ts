// Verifies that a script file an agent runs through the sh shim is shimctl's own installed hook
// (Cline 3 runs `sh ~/Documents/Cline/Hooks/PreToolUse`). Checked on every such start, from the
// disk, so a file replaced or edited after install is refused again.
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OwnScripts } from '../../application/ports/ownScripts.js';
import type { StatePaths } from '../paths/statePaths.js';
import { clineGlobalHook } from './clineHookPath.js';
import { readManifest } from './manifestStore.js';
import { sha256 } from './atomicWrite.js';

/** Owned by this user and writable by nobody else: nobody but the user can have changed it. */
function ownerOnly(path: string, uid: number, file: boolean): boolean {
  const st = lstatSync(path);
  if (file ? !st.isFile() : !st.isDirectory()) return false;
  return st.uid === uid && (st.mode & 0o022) === 0;
}

export function createOwnScripts(paths: StatePaths): OwnScripts {
  return {
    isOwnScript(absPath: string): boolean {
      try {
        const uid = process.getuid?.();
        if (uid === undefined) return false;
        // Only the file install writes for Cline, and only while the manifest lists it.
        const expected = clineGlobalHook(paths.home);
        const entry = readManifest(paths.manifest)?.files.find((f) => f.path === expected);
        if (!entry) return false;
        if (realpathSync(absPath) !== realpathSync(expected)) return false;
        if (!ownerOnly(absPath, uid, true) || !ownerOnly(dirname(realpathSync(absPath)), uid, false)) return false;
        return sha256(readFileSync(absPath)) === entry.sha256;
      } catch {
        return false;
      }
    },
  };
}
