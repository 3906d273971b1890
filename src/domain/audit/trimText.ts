// How an oversized audit field is cut. The old cut kept the first N characters: 8,200 leading
// spaces pushed `rm victim.txt` out of the record entirely. Now a long field keeps its head AND
// its tail around a visible marker, and long whitespace runs are squeezed first, so padding
// cannot push the meaningful part out; the caller records a digest of the original.

/** Runs of at least this many whitespace characters are squeezed (only in a field that is too long). */
export const SQUEEZE_RUN = 16;
const RUN = new RegExp(`\\s{${SQUEEZE_RUN},}`, 'g');

export interface Trimmed {
  text: string;
  /** Characters removed by squeezing whitespace runs. */
  squeezed: number;
  /** True when the middle was cut out. */
  cut: boolean;
}

/**
 * Squeezes whitespace runs of SQUEEZE_RUN or more to one character (a newline if the run held
 * one, since a newline separates shell commands; else a space). Squeezing keeps one whitespace
 * character, so the words on both sides stay apart and redaction patterns such as
 * `--password  VALUE` still match after it. Returns the text and how many characters went.
 */
export function squeezeWhitespace(text: string): { text: string; squeezed: number } {
  let squeezed = 0;
  const out = text.replace(RUN, (run) => {
    squeezed += run.length - 1;
    return run.includes('\n') ? '\n' : ' ';
  });
  return { text: out, squeezed };
}

/** `head…[TRIMMED:n chars]…tail`, keeping about max/2 characters at each end, never splitting a surrogate pair. */
export function cutMiddle(text: string, max: number, alreadyDropped = 0): string {
  if (text.length <= max && alreadyDropped === 0) return text;
  const half = Math.floor(max / 2);
  if (text.length <= max) return `${text.slice(0, half)}…[TRIMMED:${alreadyDropped} chars]…${text.slice(half)}`;
  let headEnd = half;
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  let tailStart = text.length - (max - half);
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return `${text.slice(0, headEnd)}…[TRIMMED:${tailStart - headEnd + alreadyDropped} chars]…${text.slice(tailStart)}`;
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
