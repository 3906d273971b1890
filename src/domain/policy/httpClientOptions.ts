/**
 * curl and wget options parsed the way the programs parse them: short options in clusters with
 * attached values (`-d@file`, `-sSo out`), long options abbreviated (`--upload-f`), `--opt=v`
 * and `--opt v`. Each option that names a file says how the file is used, so uploads of
 * secrets and writes into protected files are judged by the path checks.
 */
import type { PathArg } from '../paths/judgePaths.js';
import type { OptionModel } from '../toolModels/modelTypes.js';
import { WGETRC_FILES, WGETRC_HARMLESS, WGETRC_PROXIES } from '../toolModels/tools/wget.js';
import { matchLongOption } from './longOption.js';
import { hasTag, httpClientSpec } from '../urls/httpClientFacts.js';
import { downloadPaths } from './downloadNames.js';

export interface HttpClientOptions {
  paths: PathArg[];
  /** Option files that load more options (`curl -K f`, `wget --config=f`). */
  configs: string[];
  /** `wget -e NAME=VALUE` settings. */
  settings: string[];
  /** Options that let the server choose the names of the files written (`curl -J`, `wget -r`). */
  serverNamed: string[];
}

const ACCESS: Readonly<Record<string, 'read' | 'write'>> = {
  read: 'read',
  list: 'read',
  loads: 'read',
  write: 'write',
};

/** What a value of `option` names (toolModels/tools/curl.ts, wget.ts): files read or written, configs, settings. */
function addUse(option: OptionModel, v: string, out: HttpClientOptions): void {
  // An optional value (`wget --recursive=off`) is a switch, never a file.
  if (option.arity !== 'required') return;
  if (option.effect === 'loads' && option.reviewedBy === 'policy/escapeHatches.ts') out.configs.push(v);
  // `wget -e KEY=VALUE`: `-e post_file=F` is `--post-file=F`; the settings that name files are judged like the options.
  if (option.effect === 'exec' && option.reviewedBy === 'policy/httpClientOptions.ts') {
    out.settings.push(v);
    const key = wgetrcKey(v);
    const access = Object.hasOwn(WGETRC_FILES, key) ? WGETRC_FILES[key] : undefined;
    if (access) out.paths.push({ raw: v.slice(v.indexOf('=') + 1).trim(), access });
    return;
  }
  const access = Object.hasOwn(ACCESS, option.effect) ? ACCESS[option.effect] : undefined;
  if (!access) return;
  if (!option.pathIn) {
    out.paths.push({ raw: v, access });
    return;
  }
  const m = option.pathIn.exec(v);
  if (m?.[1]) out.paths.push({ raw: m[1], access });
}

/** Paths, config files and settings named by a curl or wget command line. */
export function httpClientOptions(name: string, args: readonly string[]): HttpClientOptions {
  const out: HttpClientOptions = { paths: [], configs: [], settings: [], serverNamed: [] };
  const spec = httpClientSpec(name);
  if (!spec) return out;
  const table = [...spec.longs.keys()];
  // What decides the names of downloaded files: the options used, their values, and the URLs.
  const used = new Set<OptionModel>();
  const values = new Map<OptionModel, string[]>();
  const serverNamed: string[] = [];
  const urls: string[] = [];
  const note = (option: OptionModel, spelled: string, v?: string): void => {
    used.add(option);
    if (hasTag(option, 'server-named')) serverNamed.push(spelled);
    if (v !== undefined) values.set(option, [...(values.get(option) ?? []), v]);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      urls.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const m = matchLongOption(a, table);
      if (!m) continue;
      // Every reading of an ambiguous prefix counts (`--c F` is judged as config, cookie jar and cookie file).
      const options = [...new Set(m.names.map((n) => spec.longs.get(n)!))];
      const spelledAs = (o: OptionModel): string => o.names.find((n) => m.names.includes(n)) ?? m.names[0]!;
      const withValue = options.filter(
        (o) => o.arity === 'required' || (o.arity === 'optional' && m.value !== undefined),
      );
      if (withValue.length === 0) {
        for (const o of options) note(o, spelledAs(o));
        continue;
      }
      const v = m.value ?? args[++i] ?? '';
      for (const o of options) note(o, spelledAs(o), withValue.includes(o) ? v : undefined);
      for (const o of withValue) addUse(o, v, out);
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      urls.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const option = spec.shorts.get(a[k]!);
      if (!option) continue;
      if (option.arity !== 'required') {
        note(option, `-${a[k]}`);
        continue;
      }
      const attached = a.slice(k + 1);
      const v = attached || (args[++i] ?? '');
      note(option, `-${a[k]}`, v);
      addUse(option, v, out);
      break;
    }
  }
  const got = (tag: string): string[] => [...values].filter(([o]) => hasTag(o, tag)).flatMap(([, v]) => v);
  const has = (tag: string): boolean => [...used].some((o) => hasTag(o, tag));
  out.serverNamed = [...new Set(serverNamed)];
  for (const [o, v] of values) if (o.effect === 'network' && o.names.includes('--url')) urls.push(...v);
  // curl saves under the URL's name only when asked (-O); wget always, unless one document takes it all.
  const remoteName = name === 'curl' ? has('remote-name') : !has('one-output');
  out.paths.push(
    ...downloadPaths(
      urls,
      { remoteName, forceDirs: has('force-dirs'), dirs: got('save-dir') },
      name === 'curl' ? undefined : 'index.html',
    ),
  );
  return out;
}

/** The wgetrc key of `-e KEY=VALUE`, normalised as wget does (case, `_` and `-` ignored). */
export function wgetrcKey(setting: string): string {
  const m = /^\s*([A-Za-z_-]+)\s*=/.exec(setting);
  return m ? m[1]!.toLowerCase().replace(/[-_]/g, '') : '';
}

/** `-e` settings that can upload, write files or load code (`post_file`, `output_document`, …). */
export function unreviewedWgetSettings(settings: readonly string[]): string[] {
  return settings.filter((s) => !WGETRC_HARMLESS.has(wgetrcKey(s)) && !WGETRC_PROXIES.has(wgetrcKey(s)));
}
