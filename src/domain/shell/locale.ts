/**
 * The locale bash parses in. The review reads text as UTF-8; bash splits bytes into characters
 * by the charset of LC_ALL, else LC_CTYPE, else LANG. In GB18030, BIG5 or Shift_JIS a byte
 * after a lead byte belongs to that character even when it is `\`, `|`, `;` or `` ` ``:
 * `echo 中\;id` is one echo to the review and `echo 中` then `id` to bash under GB18030.
 *
 * Pure ASCII text splits alike in every locale bash runs in (all are ASCII-compatible), and so
 * does any text in UTF-8, C/POSIX or a single-byte charset, where no ASCII byte is ever part of
 * another character. Text with a non-ASCII byte under any other locale is refused, and an
 * assignment that selects such a locale for what the command starts is judged. See docs/shell.md.
 */
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';

/** The variables of the environment that decide (or can redefine) how bytes become characters. */
export interface LocaleEnv {
  LC_ALL?: string;
  LC_CTYPE?: string;
  LANG?: string;
  /** Locale files from this directory: a locale named `en_US.UTF-8` there can hold any charset. */
  LOCPATH?: string;
  /** Charset converters from this directory: only UTF-8 and ASCII are built into glibc. */
  GCONV_PATH?: string;
}

/** Every locale variable bash could parse with: a command can unset the one in front (`env -u LC_ALL`). */
export const CTYPE_VARIABLES = ['LC_ALL', 'LC_CTYPE', 'LANG'] as const;
const NAMES = [...CTYPE_VARIABLES, 'LOCPATH', 'GCONV_PATH'] as const;

export function localeEnvOf(env: Record<string, string | undefined>): LocaleEnv {
  const out: LocaleEnv = {};
  for (const name of NAMES) if (env[name]) out[name] = env[name];
  return out;
}

// glibc's normalised codeset names (lower case, letters and digits only) of single-byte charsets.
const SINGLE_BYTE =
  /^(?:iso8859\d{1,2}|koi8(?:r|u|ru|t)|cp125\d|tis620|georgianps|pt154|rk1048|armscii8|ansix341968|ascii|usascii)$/;

type Charset = 'ascii' | 'utf8' | 'single-byte' | 'unknown';

/** What a locale name says about its charset; a name without a codeset (`zh_CN` is GB2312) is unknown. */
export function charsetOf(name: string): Charset {
  if (name === 'C' || name === 'POSIX') return 'ascii';
  if (name.includes('/')) return 'unknown';
  const bare = name.split('@')[0]!;
  const dot = bare.indexOf('.');
  // `UTF-8` alone is a whole locale name on macOS (LC_CTYPE=UTF-8).
  const codeset = (dot < 0 ? bare : bare.slice(dot + 1)).toLowerCase().replace(/[^a-z0-9]/g, '');
  if (codeset === 'utf8') return 'utf8';
  if (dot >= 0 && SINGLE_BYTE.test(codeset)) return 'single-byte';
  return 'unknown';
}

/**
 * Whether bash, under this locale name, reads every ASCII byte as that ASCII character. Only
 * C/POSIX are built in: with LOCPATH set any other name may hold any charset, and with
 * GCONV_PATH set only UTF-8 keeps its built-in converter.
 */
export function isAsciiTransparent(name: string, env: Pick<LocaleEnv, 'LOCPATH' | 'GCONV_PATH'> = {}): boolean {
  const charset = charsetOf(name);
  if (charset === 'unknown') return false;
  if (env.LOCPATH && charset !== 'ascii') return false;
  if (env.GCONV_PATH && charset === 'single-byte') return false;
  return true;
}

// Anchored "all ASCII" is about twice as fast in V8 as searching for one non-ASCII character
// (a 38 KB Codex envelope: ~40 µs against ~90 µs on a 2-core box).
const ALL_ASCII = /^[\x00-\x7f]*$/;
// NAME=value wherever it stands (a leading assignment, `env NAME=…`, `export`), with quotes and
// backslashes allowed between the letters: `LC_"ALL"=x` and `LC_ALL\=x` are still LC_ALL=x to env.
const QUOTES = `["'\\\\]*`;
const SETS_LOCALE = new RegExp(
  `(?<![A-Za-z0-9_])(${NAMES.map((n) => n.split('').join(QUOTES) + QUOTES).join('|')})=([^\\s;&|()<>]*)`,
  'g',
);
const unquote = (s: string): string => s.replace(/["'\\]/g, '');

/**
 * Refuses text with a non-ASCII character when bash could parse it in a locale where such bytes
 * hide ASCII syntax: a locale variable of the environment, or one the text itself sets for the
 * commands it starts. Pure ASCII text costs one scan.
 */
export function localeRefusal(text: string, locale: LocaleEnv = {}): Verdict | undefined {
  if (ALL_ASCII.test(text)) return undefined;
  const unsafe: string[] = [];
  for (const name of CTYPE_VARIABLES) {
    const value = locale[name];
    if (value && !isAsciiTransparent(value, locale)) unsafe.push(`${name}=${value}`);
  }
  for (const m of text.matchAll(SETS_LOCALE)) {
    const name = unquote(m[1]!);
    const value = unquote(m[2]!);
    if (value === '') continue;
    const locales = name === 'LOCPATH' || name === 'GCONV_PATH';
    if (locales || /[$`]/.test(value) || !isAsciiTransparent(value, locale))
      unsafe.push(`${name}=${value} in the command`);
  }
  if (unsafe.length === 0) return undefined;
  return verdict(
    'block',
    'high',
    'syntax.locale',
    `the command has non-ASCII characters and ${unsafe.join(', ')} may make bash read them in a multibyte charset where such bytes hide \`\\\`, \`;\`, \`|\`: bash would not split the text as the review did`,
  );
}

/** A leading `LC_ALL=`/`LC_CTYPE=`/`LANG=` that makes the shells a command starts parse in such a charset. */
export function judgeLocaleAssignment(name: string, value: string): Verdict | undefined {
  if (!(CTYPE_VARIABLES as readonly string[]).includes(name) || value === '' || isAsciiTransparent(value))
    return undefined;
  return verdict(
    'ask',
    'medium',
    'env.locale',
    `${name}=${value} is not a UTF-8, C or single-byte locale: shells started with it may split text differently than the review`,
  );
}
