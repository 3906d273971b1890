import { realpathSync } from 'node:fs';
import { shipHoldsCredentials } from '../../domain/audit/shipCredentials.js';
import type { ConfigFileContent } from './configSchema.js';

/**
 * The spellings under which a trusted config file that holds the audit sinks' credentials is
 * read-protected: as found and, when it differs, as resolved (a dotfiles manager's symlink to a
 * repository copy, read there under another name). Nothing for a file without credentials, so a
 * config without them costs no system call. The realpath is taken only for a file just read: an
 * error leaves the name as found, which is still protected.
 */
export function sinkCredentialSpellings(file: string, content: ConfigFileContent): string[] {
  if (!shipHoldsCredentials(content.audit?.ship)) return [];
  let real = file;
  try {
    real = realpathSync.native(file); // one system call; the JS realpath lstats every component
  } catch {
    // Gone or unreadable since the read: the name as found is enough for what is left.
  }
  return real === file ? [file] : [file, real];
}
