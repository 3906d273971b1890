import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StatePaths } from '../paths/statePaths.js';
import { USER_CONFIG_FILES, probe } from './configFiles.js';
import { SchemaError, validateConfigFile } from './configSchema.js';
import { errorMessage } from '../../application/shimctlError.js';

export type EditOutcome = { ok: true; file: string } | { ok: false; file: string; message: string };

/**
 * Rewrites the user's config file (never a project's) through `change`, for approve-always, `shimctl
 * mode NAME` and `shimctl rules revoke`. Only a JSON file can be rewritten without losing comments,
 * so a YAML user file is reported, not edited. The result is validated before it replaces the
 * file, and the write is atomic (temp + rename): a crash or a bad edit never leaves it half-written.
 * `change` returns the new content, or a message why nothing is to be done.
 */
export function editUserConfig(
  paths: StatePaths,
  change: (content: Record<string, unknown>) => Record<string, unknown> | string,
): EditOutcome {
  const existing = USER_CONFIG_FILES.map((n) => join(paths.configDir, n)).filter((f) => probe(f).kind !== 'absent');
  const file = existing[0] ?? join(paths.configDir, 'config.json');
  if (existing.length > 1)
    return { ok: false, file, message: `several user config files exist: ${existing.join(', ')}` };
  if (!file.endsWith('.json'))
    return { ok: false, file, message: 'the user config is YAML; edit it by hand (shimctl only rewrites config.json)' };
  try {
    const p = probe(file);
    if (p.kind === 'unreadable') return { ok: false, file, message: p.message };
    const text = p.kind === 'file' ? readFileSync(file, 'utf8') : '';
    const content = (text.trim() === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    const next = change(content);
    if (typeof next === 'string') return { ok: false, file, message: next };
    validateConfigFile(next);
    mkdirSync(paths.configDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
    return { ok: true, file };
  } catch (err) {
    const message = err instanceof SchemaError ? `${err.field}: ${err.message}` : errorMessage(err);
    return { ok: false, file, message };
  }
}
