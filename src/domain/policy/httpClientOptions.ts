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
import { NETRC_FILE, NETRC_RULE, WRITE_OUT_FILES } from '../toolModels/tools/curl.js';
import { expandUrlGlob, fillOutputTemplate, usesGlobText } from './curlGlob.js';

export interface HttpClientOptions {
  paths: PathArg[];
  /** Option files that load more options (`curl -K f`, `wget --config=f`). */
  configs: string[];
  /** `wget -e NAME=VALUE` settings. */
  settings: string[];
  /** Options that let the server choose the names of the files written (`curl -J`, `wget -r`). */
  serverNamed: string[];
  /** URLs whose glob names the files written (`-o '#1'`, `-O`) but cannot be listed (curlGlob.ts). */
  globNamed: string[];
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
  // `--netrc-file F`: a login, judged with `-n` once every option is known (netrcPaths).
  if (hasTag(option, 'netrc')) return;
  // curl 8.3 `-w '%output{FILE}'` writes FILE.
  if (hasTag(option, 'write-out'))
    for (const m of v.matchAll(WRITE_OUT_FILES)) out.paths.push({ raw: m[1] ?? '', access: 'write' });
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
  const out: HttpClientOptions = { paths: [], configs: [], settings: [], serverNamed: [], globNamed: [] };
  const spec = httpClientSpec(name);
  if (!spec) return out;
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
      const m = matchLongOption(a, spec.longNames);
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
  const fetched =
    name === 'curl' ? curlGlobWrites(urls, got('output-template'), remoteName, used, got('save-dir'), out) : urls;
  out.paths.push(
    ...downloadPaths(
      fetched,
      { remoteName, forceDirs: has('force-dirs'), dirs: got('save-dir') },
      name === 'curl' ? undefined : 'index.html',
    ),
  );
  netrcPaths(used, got('netrc'), has('prints-request'), out);
  // wget logs in with ~/.netrc unless told not to (toolModels/tools/wget.ts `no-netrc`), when the file is there.
  // Off only when nothing turns it on again (`--no-netrc -e netrc=on`: the order is not kept here).
  const off =
    (has('no-netrc') || out.settings.some((x) => netrcSense(x) === false)) &&
    !out.settings.some((x) => netrcSense(x) === true);
  if (name === 'wget' && !off)
    out.paths.push({ raw: NETRC_FILE, access: 'credential', credentialRules: [NETRC_RULE], ifExists: true });
  return out;
}

/**
 * curl's URL globbing (curlGlob.ts): `-o` templates filled with each combination's text are
 * written, under `--output-dir` too; returns the URLs fetched, for `-O`'s names. A glob that
 * cannot be listed, where it names files, goes to `globNamed` (asked).
 */
function curlGlobWrites(
  urls: readonly string[],
  templates: readonly string[],
  remoteName: boolean,
  used: ReadonlySet<OptionModel>,
  dirs: readonly string[],
  out: HttpClientOptions,
): string[] {
  const under = (p: string): string[] => [p, ...dirs.map((d) => `${d.replace(/\/+$/, '')}/${p}`)];
  for (const t of templates)
    if (dirs.length > 0)
      out.paths.push(
        ...under(t)
          .slice(1)
          .map((raw) => ({ raw, access: 'write' as const })),
      );
  // `-g` turns globbing off; a later `--no-globoff` may turn it on again, so any `--no-globoff` keeps it on.
  const off = [...used].some((o) => hasTag(o, 'globoff')) && ![...used].some((o) => o.names.includes('--no-globoff'));
  if (off) return [...urls];
  const filled = templates.filter(usesGlobText);
  const fetched: string[] = [];
  for (const url of urls) {
    const g = expandUrlGlob(url);
    if (!g) {
      if (filled.length > 0 || remoteName) out.globNamed.push(url);
      fetched.push(url);
      continue;
    }
    for (const c of g.combos) {
      fetched.push(c.url);
      for (const t of filled)
        for (const raw of under(fillOutputTemplate(t, c.values))) out.paths.push({ raw, access: 'write' });
    }
  }
  return fetched;
}

/**
 * `curl -n`, `--netrc-optional`, `--netrc-file F`: curl logs in with the netrc file's password,
 * a credential use asked like `ssh -i KEY` (path.credential_use). When `-v` or `--trace` prints the
 * request, the Authorization header shows the password: the file is judged as read (protected: block).
 */
function netrcPaths(
  used: ReadonlySet<OptionModel>,
  files: readonly string[],
  printed: boolean,
  out: HttpClientOptions,
): void {
  const defaultFile = [...used].some((o) => hasTag(o, 'netrc') && o.arity === 'none');
  for (const raw of defaultFile ? [NETRC_FILE, ...files] : files)
    out.paths.push(printed ? { raw, access: 'read' } : { raw, access: 'credential', credentialRules: [NETRC_RULE] });
}

/** What `-e netrc=VALUE` sets: false for off/no/false/0, true for any other value, undefined for another key. */
function netrcSense(setting: string): boolean | undefined {
  if (wgetrcKey(setting) !== 'netrc') return undefined;
  return !/^\s*(off|no|false|0)\s*$/i.test(setting.slice(setting.indexOf('=') + 1));
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
