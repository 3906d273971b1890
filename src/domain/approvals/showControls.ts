/** Short names for the controls a reader recognises; everything else gets a code point. */
const NAMED: Record<string, string> = { '\u001b': '\\e', '\r': '\\r', '\n': '\\n', '\t': '\\t', '\\': '\\\\' };

/**
 * Characters that can change what a terminal shows without being shown themselves: C0 and C1
 * controls (ESC starts every escape sequence, CSI U+009B is a one-byte ESC [), DEL, format
 * characters (bidi overrides and isolates U+202A–U+202E / U+2066–U+2069, zero-width U+200B–U+200F,
 * U+2060–U+2064, the BOM), line and paragraph separators, and the backslash itself so a literal
 * `\e` typed by the agent can never be confused with a real escape.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\\]|[\p{Cf}]/gu;

/**
 * Text from a pending request (agent, cwd, command, reasons) as it may be printed to the reader's
 * terminal: every control, escape and invisible character made visible, nothing interpreted.
 * `\e[2J` shows as the five characters `\e[2J`; U+202E shows as `\u{202E}`; NUL as `\x00`.
 * Every escape starts with a backslash and a literal backslash shows as `\\`, so two different
 * texts never display the same (the escaping cannot itself be used to spoof).
 */
export function showControls(text: string): string {
  return text.replace(HIDDEN, (ch) => {
    const named = NAMED[ch];
    if (named) return named;
    const cp = ch.codePointAt(0)!;
    if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
    return `\\u{${cp.toString(16).toUpperCase().padStart(4, '0')}}`;
  });
}

/** True when the text holds a control, escape or invisible character (the view warns about such fields). */
export function hasHiddenCharacters(text: string): boolean {
  return showControls(text.replace(/\\/g, '')) !== text.replace(/\\/g, '');
}
