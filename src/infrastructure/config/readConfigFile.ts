/*
 * Reads one config file through cosmiconfig's sync explorer, built directly instead of through
 * `cosmiconfigSync()`: that factory first searches `process.cwd()` for a cosmiconfig meta
 * config (`.config/config.js`, `package.json#cosmiconfig`, ...) and *imports JS found there*.
 * shimctl runs in the agent's working directory, so that would run a repository's code and let
 * it rewrite the search. The explorer below has no meta config and no code loaders.
 */
// @ts-expect-error -- cosmiconfig's internal entries ship no types; the shapes used are declared below.
import { ExplorerSync } from 'cosmiconfig/dist/ExplorerSync.js';
import { loadJson, loadYaml } from 'cosmiconfig/dist/loaders.js';
import { basename } from 'node:path';
import { errorMessage } from '../../application/shimctlError.js';

type LoaderSync = (filepath: string, content: string) => unknown;
interface Explorer {
  load(filepath: string): { config: unknown; filepath: string; isEmpty?: boolean } | null;
}

export type ReadOutcome =
  | { kind: 'ok'; content: unknown }
  | { kind: 'absent' } // package.json without a `shimctl` key, or an empty file
  | { kind: 'invalid'; message: string };

const hasImport = (value: unknown): boolean => !!value && typeof value === 'object' && Object.hasOwn(value, '$import');

/** cosmiconfig's `$import` would read any file an untrusted project names: refused before it is followed. */
const refuseImports =
  (load: LoaderSync): LoaderSync =>
  (filepath, content) => {
    const value = load(filepath, content);
    // In package.json cosmiconfig follows `$import` inside the `shimctl` key.
    const own =
      basename(filepath) === 'package.json' && value && typeof value === 'object'
        ? (value as Record<string, unknown>).shimctl
        : value;
    if (hasImport(own)) throw new Error('`$import` is not supported in shimctl config files');
    return value;
  };

const refuseCode: LoaderSync = () => {
  throw new Error('code config files are never loaded');
};

const explorer = new ExplorerSync({
  moduleName: 'shimctl',
  packageProp: 'shimctl',
  searchPlaces: [],
  ignoreEmptySearchPlaces: true,
  // No module-wide cache: a later load in the same process must see an edited file; the
  // per-source cache in createConfigSource is the only one.
  cache: false,
  transform: (x: unknown) => x,
  loaders: {
    '.json': refuseImports(loadJson as LoaderSync),
    '.yaml': refuseImports(loadYaml as LoaderSync),
    '.yml': refuseImports(loadYaml as LoaderSync),
    noExt: refuseImports(loadYaml as LoaderSync), // `.shimctlrc`: YAML, hence also JSON
    '.js': refuseCode,
    '.cjs': refuseCode,
    '.mjs': refuseCode,
    '.ts': refuseCode,
    '.cts': refuseCode,
    '.mts': refuseCode,
    default: refuseCode,
  },
  metaConfigFilePath: null,
  mergeImportArrays: true,
  mergeSearchPlaces: false,
  searchStrategy: 'none',
  applyPackagePropertyPathToConfiguration: false,
}) as Explorer;

/** Reads one already probed regular file. Never throws. */
export function readConfigFile(path: string): ReadOutcome {
  try {
    const result = explorer.load(path);
    if (!result || result.isEmpty || result.config === undefined || result.config === null) return { kind: 'absent' };
    return { kind: 'ok', content: result.config };
  } catch (err) {
    const message = errorMessage(err);
    // cosmiconfig prefixes "JSON Error in <file>:"; the outcome names the file already.
    const cleaned = message.replace(/^(JSON|YAML) Error in [^\n]*:\n/, '$1 syntax error: ');
    return {
      kind: 'invalid',
      message: cleaned
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(0, 3)
        .join(' '),
    };
  }
}
