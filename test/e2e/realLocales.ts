// REAL multibyte locales for the locale differential tests, compiled with localedef into a temp
// directory used through LOCPATH (nothing global changes). Needs glibc's localedef and the i18n
// sources (Debian/Ubuntu: the `locales` package, /usr/share/i18n).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../install/cliHarness.js';

export interface LocaleSpec {
  /** Locale name, also the directory under LOCPATH. */
  name: string;
  charmap: string;
  source: string;
  /** A character whose UTF-8 bytes end in a lead byte of this charset: with `\;` after it, bash sees `;`. */
  char: string;
}

export const MULTIBYTE_LOCALES: LocaleSpec[] = [
  { name: 'zh_CN.GB18030', charmap: 'GB18030', source: 'zh_CN', char: '中' },
  { name: 'zh_TW.BIG5', charmap: 'BIG5', source: 'zh_TW', char: '中' },
  { name: 'ja_JP.SJIS', charmap: 'SHIFT_JIS', source: 'ja_JP', char: '丁' },
];

/** Why the locales cannot be made here, or undefined. */
export function localeSupportMissing(): string | undefined {
  if (spawnSync('localedef', ['--help'], { encoding: 'utf8' }).status !== 0) return 'localedef is not installed';
  for (const l of MULTIBYTE_LOCALES) {
    if (!existsSync(`/usr/share/i18n/charmaps/${l.charmap}.gz`) && !existsSync(`/usr/share/i18n/charmaps/${l.charmap}`))
      return `charmap ${l.charmap} is missing`;
    if (!existsSync(`/usr/share/i18n/locales/${l.source}`)) return `locale source ${l.source} is missing`;
  }
  return undefined;
}

function compile(dir: string, l: LocaleSpec): Promise<void> {
  return new Promise((resolve, reject) => {
    // Shift_JIS maps 0x5C to YEN SIGN: localedef warns (and exits 1) that it is not ASCII compatible.
    const p = spawn('localedef', ['--no-warnings=ascii', '-f', l.charmap, '-i', l.source, join(dir, l.name)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('close', () => {
      // Whatever localedef's status, the locale must load in bash with the right charmap.
      const r = spawnSync('/bin/bash', ['-c', 'locale charmap'], {
        env: { LOCPATH: dir, LC_ALL: l.name, PATH: '/usr/bin:/bin' },
        encoding: 'utf8',
      });
      if (r.stdout.trim() === l.charmap) resolve();
      else reject(new Error(`localedef ${l.name} did not give a usable locale: ${err} ${r.stdout} ${r.stderr}`));
    });
  });
}

/** Compiles all of MULTIBYTE_LOCALES into a fresh directory (about 10-20 s) and returns it (the LOCPATH). */
export async function makeLocales(): Promise<string> {
  const dir = tempDir('locales');
  await Promise.all(MULTIBYTE_LOCALES.map((l) => compile(dir, l)));
  return dir;
}
