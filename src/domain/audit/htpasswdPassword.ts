import { HTPASSWD_NAMES, htpasswdPasswordIndex } from '../toolModels/tools/htpasswd.js';
import { isBlank, shellValueEnd } from './shellValue.js';

/*
 * `htpasswd -b FILE USER PASSWORD` and `htpasswd -nb USER PASSWORD` in shell text: the words
 * after the name, up to the end of the simple command, are read as the shell splits them, and
 * htpasswd's own reading (tools/htpasswd.ts) says which one is the password. The search goes
 * on after the words read, so each character is read once (`htpasswd htpasswd …` is linear).
 */

/** A name of htpasswd where a command word may start (a path before it is allowed). */
const NAME = /(?<![^\s;&|()`'"])(?:[^\s;&|()<>`'"]*\/)?(htpasswd2?)(?![^\s;&|()<>])/g;
/** A character that ends a simple command where a word would start. */
const COMMAND_END = /[\n;&|()<>`]/;

/** Each password operand: [start, start, end] (no prefix is kept before the marker). */
export function* htpasswdPasswords(text: string): Generator<[number, number, number]> {
  NAME.lastIndex = 0;
  for (let m = NAME.exec(text); m; m = NAME.exec(text)) {
    if (!HTPASSWD_NAMES.has(m[1]!)) continue;
    const words: [number, number][] = [];
    let pos = m.index + m[0].length;
    for (;;) {
      while (pos < text.length && text[pos] !== '\n' && isBlank(text.charCodeAt(pos))) pos++;
      if (pos >= text.length || COMMAND_END.test(text[pos]!)) break;
      const end = shellValueEnd(text, pos);
      if (end === pos) break;
      words.push([pos, end]);
      pos = end;
    }
    // Quotes and backslashes do not change an option's letters (`'-b'` is `-b`).
    const args = words.map(([s, e]) => text.slice(s, e).replace(/['"\\]/g, ''));
    const at = htpasswdPasswordIndex(args);
    if (at !== undefined) yield [words[at]![0], words[at]![0], words[at]![1]];
    NAME.lastIndex = Math.max(pos, NAME.lastIndex);
  }
}
