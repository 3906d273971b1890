/**
 * The one home of "which file names are a shimctl project config". The config loader reads
 * them (infrastructure/config), the path review protects them from the agent's writes
 * (domain/paths), and `shimctl config quarantine` accepts only them: one list, so the three can
 * never disagree about a name.
 */

/** Data files a project may carry, checked in each directory from cwd up to the project root. */
export const PROJECT_CONFIG_FILES = [
  'package.json', // only its `shimctl` key
  '.shimctlrc',
  '.shimctlrc.json',
  '.shimctlrc.yaml',
  '.shimctlrc.yml',
  'shimctl.config.json',
  'shimctl.config.yaml',
  'shimctl.config.yml',
] as const;

/** Code configs: loading them would run the project's code, so finding one is an error, never a load. */
export const REFUSED_PROJECT_FILES = [
  '.shimctlrc.js',
  '.shimctlrc.cjs',
  '.shimctlrc.mjs',
  '.shimctlrc.ts',
  '.shimctlrc.cts',
  '.shimctlrc.mts',
  'shimctl.config.js',
  'shimctl.config.cjs',
  'shimctl.config.mjs',
  'shimctl.config.ts',
  'shimctl.config.cts',
  'shimctl.config.mts',
] as const;

/**
 * Names that exist only to configure shimctl: every loaded and every refused name except
 * `package.json`, which is the project's own manifest (package managers rewrite it all the time;
 * shimctl only reads its `shimctl` key). Writing one of these changes what shimctl does in that
 * directory (or, with a broken file, blocks everything there), so the agent's writes ask, and
 * `shimctl config quarantine` moves only these.
 */
export const SHIMCTL_ONLY_CONFIG_FILES: readonly string[] = [...PROJECT_CONFIG_FILES, ...REFUSED_PROJECT_FILES].filter(
  (n) => n !== 'package.json',
);

export const isShimctlOnlyConfigName = (name: string): boolean => SHIMCTL_ONLY_CONFIG_FILES.includes(name);

/** Every name the loader reads or refuses in a directory (package.json included). */
const ALL_PROJECT_NAMES: ReadonlySet<string> = new Set([...PROJECT_CONFIG_FILES, ...REFUSED_PROJECT_FILES]);

export const isProjectConfigName = (name: string): boolean => ALL_PROJECT_NAMES.has(name);
