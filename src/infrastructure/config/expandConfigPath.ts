import { isAbsolute, join, resolve } from 'node:path';

/**
 * `~` and `~/x` become paths under `home`; absolute paths stay; relative paths are resolved
 * against `baseDir` (the project file's directory) or refused (`undefined`) without one,
 * because a relative path in the user's file has no meaningful anchor.
 */
export function expandConfigPath(raw: string, home: string, baseDir: string | undefined): string | undefined {
  if (raw === '~') return home;
  if (raw.startsWith('~/')) return join(home, raw.slice(2));
  if (raw.startsWith('~')) return undefined; // `~user` names another home: refused
  if (isAbsolute(raw)) return raw;
  return baseDir === undefined ? undefined : resolve(baseDir, raw);
}
