/**
 * JSON whose text holds no character a terminal could act on: JSON.stringify escapes C0 controls,
 * this also escapes DEL, C1 controls, bidi/zero-width format characters and line separators as
 * `\uXXXX`. Parsers read back exactly the same strings.
 */
export function terminalSafeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f\p{Cf}\u2028\u2029]/gu, (c) =>
    // Astral format characters (tags) take two UTF-16 units: escape both.
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}
